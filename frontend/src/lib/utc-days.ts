/** The UTC day of an instant, YYYY-MM-DD: weeks start at 00:00 UTC, so that day names the week everywhere. */
export function formatUtcDay(iso: string | null): string {
  if (!iso) return '';
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? '' : instant.toISOString().slice(0, 10);
}

/** The last day an exclusive end instant covers: a period ending at 2026-03-16T00:00Z ends on 2026-03-15. */
export function formatLastUtcDay(exclusiveEndIso: string): string {
  const end = new Date(exclusiveEndIso);
  return Number.isNaN(end.getTime()) ? '' : new Date(end.getTime() - 1).toISOString().slice(0, 10);
}
