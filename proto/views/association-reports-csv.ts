/**
 * An association's reports as CSV, the same from the site's download and the operator's export-csv: one row per
 * report that alerted its members, oldest first. Where is the H3 cell (resolution 7, about 5 km²), never a street,
 * a town or anything of the reporter's.
 */
export type AssociationReportRow = {
  /** ISO instants. */
  submittedAt: string;
  firstClaimedAt: string | null;
  h3Cell: string;
  size: string;
  elevationFeet: number | null;
  minutesToFirstClaim: number | null;
  /** As on the map: claimed, expired, departed, markedBad or open. */
  outcome: string;
  /** What the claimer recorded; '' for nothing. */
  claimOutcome: string;
  alertsSent: number;
  alertsByText: number;
  alertsByNotification: number;
  alertsByEmail: number;
  alertsCostCents: number;
};

export const ASSOCIATION_REPORTS_CSV_HEADER = [
  'submitted_at',
  'submitted_day_utc',
  'h3_cell',
  'size',
  'height_feet',
  'first_claimed_at',
  'minutes_to_first_claim',
  'outcome',
  'claim_outcome',
  'channels',
  'alerts_sent',
  'alerts_by_text',
  'alerts_by_notification',
  'alerts_by_email',
  'alerts_cost_usd',
] as const;

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled; one a spreadsheet would run as a formula is prefixed with '. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The channels the association's alerts about the report went by, in words: 'text; notification'. */
export function channelsOf(row: Pick<AssociationReportRow, 'alertsByText' | 'alertsByNotification' | 'alertsByEmail'>): string {
  return [row.alertsByText > 0 ? 'text' : '', row.alertsByNotification > 0 ? 'notification' : '', row.alertsByEmail > 0 ? 'email' : ''].filter(Boolean).join('; ');
}

/** The CSV text: the header, then a line per row, each line ended by CRLF. */
export function associationReportsCsv(rows: readonly AssociationReportRow[]): string {
  const lines = [ASSOCIATION_REPORTS_CSV_HEADER.join(',')];
  for (const row of rows) {
    lines.push(
      [
        row.submittedAt,
        row.submittedAt.slice(0, 10),
        row.h3Cell,
        row.size,
        row.elevationFeet,
        row.firstClaimedAt,
        row.minutesToFirstClaim,
        row.outcome,
        row.claimOutcome,
        channelsOf(row),
        row.alertsSent,
        row.alertsByText,
        row.alertsByNotification,
        row.alertsByEmail,
        (row.alertsCostCents / 100).toFixed(2),
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
