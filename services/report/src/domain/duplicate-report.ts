import type { Report } from './report.js';

/** Spec §9: a second report at the same address within 3 days is a likely duplicate. */
export const DUPLICATE_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * The key two addresses share when they name the same place as typed or suggested: case, spacing and punctuation
 * differences ("1 Oak St., Portland" and "1 oak st portland") do not make a new address.
 */
export function addressKey(address: string): string {
  return address
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The earliest creation time a report may have and still make a new one at its address a duplicate. */
export function duplicateWindowStart(now: Date): Date {
  return new Date(now.getTime() - DUPLICATE_WINDOW_MS);
}

/**
 * The report active or claimed at the same address created within the window, if any; the newest wins so the
 * reporter is pointed at the latest one. Reports marked bad, expired or departed are gone and never count.
 */
export function recentDuplicateOf(address: string, candidates: readonly Report[], now: Date): Report | undefined {
  const key = addressKey(address);
  const since = duplicateWindowStart(now).getTime();
  return candidates
    .filter((report) => (report.state === 'active' || report.state === 'claimed') && addressKey(report.address) === key)
    .filter((report) => report.createdAt.getTime() >= since)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
}
