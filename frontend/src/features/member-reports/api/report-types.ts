/** Spec §3: a report as the member area shows it, after the server's nulls became empty strings. */
interface ReportBase {
  reportId: string;
  dateCreated: string;
  imageUrl: string;
  thumbnailUrl: string;
  claimCode: string;
  note: string;
  size: string;
  /** Feet above the ground; null when the report has none. */
  elevation: number | null;
}

export interface ActiveReport extends ReportBase {
  /** Miles from the member's home; null when unknown. */
  distanceFromHome: number | null;
}

export interface ClaimedReport extends ReportBase {
  dateClaimed: string;
  /** Un-claim and Mark as Bad are offered only while this holds (72 hours after claiming). */
  canUnClaim: boolean;
  companyName: string;
}

type RawRecord = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const numberOrNull = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
};
const records = (data: unknown): RawRecord[] =>
  Array.isArray(data) ? data.filter((item): item is RawRecord => typeof item === 'object' && item !== null) : [];

function toBase(raw: RawRecord): ReportBase {
  return {
    reportId: text(raw.reportId),
    dateCreated: text(raw.dateCreated),
    imageUrl: text(raw.imageUrl),
    thumbnailUrl: text(raw.thumbnailUrl),
    // Claim codes are 5 digits and may start with zeros (spec §3), which a number would have lost.
    claimCode: typeof raw.claimCode === 'number' ? String(raw.claimCode).padStart(5, '0') : text(raw.claimCode),
    note: text(raw.note),
    size: text(raw.size),
    elevation: numberOrNull(raw.elevation),
  };
}

/** Spec §3: null fields become empty strings; a malformed entry cannot break the table. */
export const toActiveReports = (data: unknown): ActiveReport[] =>
  records(data).map((raw) => ({ ...toBase(raw), distanceFromHome: numberOrNull(raw.distanceFromHome) }));

export const toClaimedReports = (data: unknown): ClaimedReport[] =>
  records(data).map((raw) => ({
    ...toBase(raw),
    dateClaimed: text(raw.dateClaimed),
    canUnClaim: raw.canUnClaim === true,
    companyName: text(raw.companyName),
  }));
