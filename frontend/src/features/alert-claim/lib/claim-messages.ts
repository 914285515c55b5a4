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
  yours: 'Its location and the reporter’s phone number were sent to you by text message; the swarm is under Claimed Swarms in your member area.',
  taken: 'Another beekeeper claimed it first.',
  over: 'This swarm can no longer be claimed.',
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
