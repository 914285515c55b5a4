import type { LanguageLabel } from '@swarm/proto/labels';
import { reporterLanguageNote } from './reporter-language.js';
import { gsm7Length } from './sms-text.js';
import { TEST_ALERT_MARK } from './test-alert.js';

/**
 * The alert SMS. It must fit one GSM-7 segment (160 characters): a single character outside GSM-7 (an emoji, a
 * curly quote) turns the whole message into UCS-2 with 70 characters per segment, doubling the cost or worse.
 */
export const SMS_SEGMENT_LENGTH = 160;

export type AlertMessageInput = {
  claimCode: string;
  /** 'Softball', 'Basketball' or 'Very Large'. */
  size: string;
  elevationFeet: number;
  distanceMiles: number;
  /** The escalation's alert to a member further away than their range: the text says so. */
  wider?: boolean;
  /** 'Send me a test alert': marked as the email's subject marks it, so the member knows no swarm waits. */
  test?: boolean;
  /** The reporter's language: a Spanish speaker's alert says so (English ones are unchanged). */
  reporterLanguage?: LanguageLabel;
};

// GSM 03.38 basic character set; the extension table (^{}[]~|\€) costs two characters each, so it is left out.
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

export function isGsm7(text: string): boolean {
  return [...text].every((character) => GSM7_BASIC.includes(character));
}

const formatMiles = (miles: number) => (Number.isFinite(miles) && miles >= 0 ? miles : 0).toFixed(1);
const formatFeet = (feet: number) => String(Math.round(Number.isFinite(feet) && feet >= 0 ? feet : 0));
/** Strips anything outside GSM-7 from the values we do not control, so they cannot switch the encoding. */
const gsmOnly = (text: string) => [...text].filter((character) => GSM7_BASIC.includes(character) && character !== '\n' && character !== '\r').join('');

export function alertMessage(input: AlertMessageInput): string {
  const code = gsmOnly(input.claimCode);
  const size = gsmOnly(input.size).slice(0, 20);
  const opening = `${input.test ? `${TEST_ALERT_MARK} ` : ''}${input.wider ? 'Swarm Alert, wider alert (still unclaimed)' : 'Swarm Alert'}`;
  const note = reporterLanguageNote(input.reporterLanguage);
  const language = note ? `${note}. ` : '';
  const full =
    `${opening}: ${size} swarm, ${formatFeet(input.elevationFeet)} ft up, ${formatMiles(input.distanceMiles)} mi from home. ` +
    `${language}To claim it, reply with the code ${code}`;
  // Septets, not characters: the test mark's brackets are GSM-7 extension characters, which count twice.
  if ((gsm7Length(full) ?? Infinity) <= SMS_SEGMENT_LENGTH) return full;
  // Only an absurd distance gets here; the claim instructions matter more than the distance.
  return `${opening}: ${size} swarm, ${formatFeet(input.elevationFeet)} ft up. ${language}To claim it, reply with the code ${code}`.slice(0, SMS_SEGMENT_LENGTH);
}
