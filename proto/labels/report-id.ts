/** A report id is the UUID the report service generated; anything else names no report. */
const REPORT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isReportId(text: string): boolean {
  return REPORT_ID_PATTERN.test(text);
}
