/** Spec §8, word for word (the outcome's messages are this product's own). */
export const reportMessages = {
  claimed: 'Successfully claimed report!',
  claimedDetail: 'A text with the swarm location details should arrive shortly.',
  claimFailed: 'Failed to claim report.',
  unclaimed: 'Report has been unclaimed',
  unclaimFailed: 'Failed to unclaim report',
  markedBad: 'Report has been marked as bad',
  markBadFailed: 'Failed to mark report as bad',
  noActive: 'No active swarms found.',
  noClaimed: 'No claimed reports found.',
  outcomeRecorded: 'The outcome has been recorded.',
  outcomeFailed: 'Failed to record the outcome',
  outcomeNotRecorded: 'Not recorded',
} as const;

/** The server's own explanation when it gave one (e.g. 'This swarm has already been claimed by another member.'). */
export const errorDetail = (error: unknown): string | undefined => (error instanceof Error && error.message ? error.message : undefined);
