import { alertPushBodyOf } from './push-payload.js';
import { TEST_ALERT_MARK } from './test-alert.js';

/**
 * The alert by email: the same facts as the notification (size, height, distance, town, never the street; the picture
 * as a link), and a link to the claim page. Opening the link claims nothing: mail scanners open links, so only the
 * page's 'Claim this swarm' button claims.
 */
export function alertEmail(alert: {
  claimCode: string;
  size: string;
  elevationFeet: number;
  distanceMiles: number;
  town: string;
  claimPageUrl: string;
  thumbnailUrl: string;
  wider?: boolean;
  test?: boolean;
}): { subject: string; text: string } {
  const facts = alertPushBodyOf(alert);
  const subject = `${alert.test ? `${TEST_ALERT_MARK} ` : ''}Swarm Alert${alert.wider ? ', wider alert (still unclaimed)' : ''}: ${facts}`;
  const lines = [
    alert.test ? 'This is a test alert: it looks exactly like a real one, and claiming it does nothing.' : 'A honeybee swarm was reported near you.',
    '',
    facts,
    '',
    `See the swarm and claim it: ${alert.claimPageUrl}`,
    ...(alert.thumbnailUrl ? [`Picture: ${alert.thumbnailUrl}`] : []),
    '',
    `You can also claim it by texting the code ${alert.claimCode} or in the member area. The first beekeeper to claim gets the location and the reporter's phone.`,
  ];
  return { subject, text: lines.join('\n') };
}
