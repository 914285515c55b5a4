import { claimLinkMessages } from '@swarm/proto/labels/answers';
import { ApiError, InvalidResponseError } from '@/lib/api-client';

export const claimMessages = {
  loading: 'Loading the swarm…',
  loadFailed: 'We could not load this swarm alert.',
  loadFailedHelp: 'Check your connection and try again.',
  goneHelp: 'The swarms you were alerted about that are still open are under Active Swarms in your member area.',
  memberArea: 'Open your member area',
  claimButton: 'Claim this swarm',
  claiming: 'Claiming…',
  claimHint: 'The first beekeeper to claim it gets its location and the reporter’s phone number.',
  testClaimHint: 'Claiming a test alert claims nothing: it shows how a real alert is claimed.',
  test: 'This is a test alert: there is no swarm to collect. Real alerts look like this one.',
  testAnswerTitle: 'Nothing was claimed',
  yoursTitle: (claimCode: string) => (claimCode ? `Swarm ${claimCode} is yours` : 'This swarm is yours'),
  yours: 'Its location and the reporter’s phone number also go to you the ways you chose under How to alert me; the swarm is under Claimed Swarms in your member area.',
  address: 'Address',
  reporter: 'Reporter',
  phone: 'Phone',
  openMap: 'Open in maps',
  callReporter: (name: string) => (name ? `Call ${name}` : 'Call the reporter'),
  taken: claimLinkMessages.taken,
  over: claimLinkMessages.over,
  noConnection: 'Could not claim: no connection. Try again.',
  pictureAlt: 'The swarm, as the reporter photographed it',
} as const;

/** What a failed claim tells the member: the server's sentence, or that the request never reached it. */
export function claimErrorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof InvalidResponseError) return error.message;
  return claimMessages.noConnection;
}

/** Whole feet, as the identification flow asks for them. */
export const formatFeet = (feet: number) => String(Math.round(feet));

/** A tenth of a mile, as the alert itself says it. */
export const formatMiles = (miles: number) => miles.toFixed(1);

/** A US number as people write it (503-555-0100); anything else as given. */
export const formatPhone = (phone: string) => (/^\d{10}$/.test(phone) ? `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}` : phone);

/** A tel: link that a phone dials: ten US digits get +1, anything else keeps its digits and a leading +. */
export function telHref(phone: string): string | undefined {
  const dialled = phone.replace(/[^\d+]/g, '');
  if (!/\d/.test(dialled)) return undefined;
  return /^\d{10}$/.test(dialled) ? `tel:+1${dialled}` : `tel:${dialled}`;
}

/** The map link as the server gave it, only when it is an https address (never javascript: or the like). */
export function safeMapUrl(value: string): string | undefined {
  try {
    return new URL(value).protocol === 'https:' ? value : undefined;
  } catch {
    return undefined;
  }
}
