// Rules over an association's statistics figures, shared by the site and the operator CLI. No runtime import: the
// site's bundle takes this module without the protobuf runtime.

/** The count of one outcome (null: claimed reports without one recorded); a period that does not list it had none. */
export function outcomeCount(figures: { outcomes: readonly { outcome: string | null; count: number }[] }, outcome: string | null): number {
  return figures.outcomes.find((entry) => entry.outcome === outcome)?.count ?? 0;
}

/** The share of alerted reports someone claimed, as a whole percentage; null when nothing was alerted. */
export function claimedPercent(figures: { reportsAlerted: number; reportsClaimed: number }): number | null {
  return figures.reportsAlerted === 0 ? null : Math.round((figures.reportsClaimed / figures.reportsAlerted) * 100);
}
