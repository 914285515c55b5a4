import type { ClaimOutcomeLabel, LanguageLabel, ReportStateLabel, SwarmSizeLabel } from '@swarm/proto/labels';
import type { BadReason } from './claim.js';
import type { CheckedReportForm } from './report-form.js';
import { ReportError } from './report-error.js';

export type SwarmSize = SwarmSizeLabel;
export type ReportState = ReportStateLabel;

/**
 * The largest picture accepted, in pixels (width × height). Phones take 12 to 24 megapixels by default and 48 to
 * 50 in their full-resolution modes (8064×6048 on an iPhone, 8160×6144 on a Pixel: 50.1 MP, which a round 50 000 000
 * would refuse); 52 MP takes them all with a little room. Above it are the 108 and 200 MP modes, whose files are
 * usually over the upload size limit anyway, and wide panoramas. Decoding such a picture holds ~70 MB.
 */
export const MAX_IMAGE_PIXELS = 52_000_000;

/**
 * The stored picture: its longest side at most this many pixels, as JPEG at this quality (of 100). The site prepares
 * a picture to the same before it goes up (frontend `picture-preparation.ts`), and the report service encodes every
 * picture it receives again all the same.
 */
export const STORED_PICTURE_MAX_SIDE = 2048;
export const STORED_PICTURE_JPEG_QUALITY = 82;

/** A point on the earth in WGS 84 degrees. */
export type GeoPoint = { latitude: number; longitude: number };

/** An association whose members cover the report's place, as it was when the report was submitted. */
export type ReportAssociation = {
  companyId: string;
  name: string;
  /** '' when the association takes no donations. */
  donationUrl: string;
};

/** The generated names of a report's stored picture and of its thumbnail for the member tables. */
export type ReportImage = { imageName: string; thumbnailName: string };

/** What a reporter sent, once checked. */
export type ReportSubmission = {
  idempotencyId: string;
  reporterName: string;
  reporterPhone: string;
  size: SwarmSize;
  elevationFeet: number;
  address: string;
  internalNote: string;
  location: GeoPoint;
  /** The reporter asked to be texted when a beekeeper is on the way (the form's checkbox). */
  reporterUpdates: boolean;
  /** The language the reporter used the site in: their texts go in it. */
  reporterLanguage: LanguageLabel;
};

export type Report = ReportSubmission & {
  reportId: string;
  state: ReportState;
  claimCode: string;
  createdAt: Date;
  /** When the report last became active: its submission, or its last un-claim. It expires REPORT_ACTIVE_HOURS later. */
  activeSince: Date;
  associations: ReportAssociation[];
  /** Absent when the reporter sent no picture. */
  image?: ReportImage;
  /** The member holding the report and since when: set while claimed, and kept once it was marked bad or departed. */
  claim?: ReportClaim;
  /** Set once the claimer marked the report bad. */
  bad?: { reason: BadReason; markedAt: Date };
  /** Set once nobody claimed it within its active period. */
  expiredAt?: Date;
  /** Set once the reporter texted that the swarm has gone. */
  departedAt?: Date;
  /**
   * When the report ended: it expired, its claim closed, it departed or it was marked bad, whichever came first.
   * REPORTER_DATA_DAYS later its reporter's data is erased.
   */
  endedAt?: Date;
  /** Set once the reporter's name, phone, note, street, exact place and pictures were erased. */
  reporterDataErasedAt?: Date;
};

/** What the claimer says became of the swarm. */
export type ClaimOutcome = ClaimOutcomeLabel;

export type ReportClaim = {
  memberId: string;
  claimedAt: Date;
  /** Set when the claim window ended (72 hours after the claim): the report stays the claimer's, its code is free. */
  closedAt?: Date;
  /** Set once the claimer recorded what happened; they may change it at any time. */
  outcome?: ClaimOutcome;
  /** Set when the reporter texted GONE while the claim had no outcome: the claimer was told, the claim kept. */
  reporterSaidGoneAt?: Date;
};

/** A place the address was resolved to, as the geocoder names it. */
export type Place = { formattedAddress: string; latitude: number; longitude: number };

/**
 * The checked form at the place its address was resolved to: the stored address is the place's name. A place off
 * the earth is as good as none (REPORT.ADDRESS_UNRESOLVED).
 */
export function submissionAt(form: CheckedReportForm, place: Place | undefined): ReportSubmission {
  const location = place && { latitude: place.latitude, longitude: place.longitude };
  if (!place || !location || !isGeoPoint(location)) {
    throw new ReportError('REPORT.ADDRESS_UNRESOLVED', 'the address was not resolved to a place on earth');
  }
  return { ...form, address: place.formattedAddress.trim() || form.address, location };
}

function isGeoPoint(point: GeoPoint): boolean {
  return (
    Number.isFinite(point.latitude) &&
    Number.isFinite(point.longitude) &&
    Math.abs(point.latitude) <= 90 &&
    Math.abs(point.longitude) <= 180
  );
}

/** Whether a retry with the same idempotency id carries the same submission (then its first outcome is replayed). */
export function isSameSubmission(report: ReportSubmission, submission: ReportSubmission): boolean {
  return (
    report.reporterName === submission.reporterName &&
    report.reporterPhone === submission.reporterPhone &&
    report.size === submission.size &&
    report.elevationFeet === submission.elevationFeet &&
    report.address === submission.address &&
    report.internalNote === submission.internalNote &&
    report.reporterUpdates === submission.reporterUpdates &&
    report.reporterLanguage === submission.reporterLanguage
  );
}

/**
 * The town of a place as the geocoder names it ('12 Oak St, Portland, OR, USA' → 'Portland, OR'): what may be shown
 * before a claim. The street (the first part) and the country are left out; a name of one part is kept whole.
 */
export function townOf(address: string): string {
  const parts = address.split(',').map((part) => part.trim()).filter(Boolean);
  if (parts.length <= 1) return parts[0] ?? '';
  const withoutCountry = parts.length > 2 && /^(USA|United States|US)$/i.test(parts.at(-1) ?? '') ? parts.slice(0, -1) : parts;
  return withoutCountry.slice(1).join(', ');
}
