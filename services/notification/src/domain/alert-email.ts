import type { LanguageLabel } from '@swarm/proto/labels';
import { claimedSwarmLocation, formatPhone, type ClaimDetails } from './inbound-sms.js';
import { alertPushBodyOf } from './push-payload.js';
import { reporterLanguageNote } from './reporter-language.js';
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
  reporterLanguage?: LanguageLabel | undefined;
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

/**
 * After a claim, the location by email for a member who chose email: the address with a map link, and the reporter's
 * name and phone (mail clients make both tappable), as the location text gives them.
 */
export function claimLocationEmail(details: ClaimDetails): { subject: string; text: string } {
  const location = claimedSwarmLocation(details);
  const phone = formatPhone(location.reporterPhone);
  const note = reporterLanguageNote(details.reporterLanguage);
  return {
    subject: `Swarm ${details.claimCode} is yours: ${location.address}`,
    text: [
      `You claimed the swarm ${details.claimCode}. Here is where it is and who reported it.`,
      '',
      `Address: ${location.address}`,
      `Map: ${location.mapUrl}`,
      `Reporter: ${location.reporterName}`,
      `Phone: ${phone}${/^\d{10}$/.test(location.reporterPhone) ? ` (tel:+1${location.reporterPhone})` : ''}`,
      ...(note ? [`${note}.`] : []),
      '',
      'Call the reporter before you go. The swarm is under Claimed Swarms in your member area, where you can un-claim it or record what became of it.',
    ].join('\n'),
  };
}
