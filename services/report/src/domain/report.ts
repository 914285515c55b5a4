import { swarmSizes, type ReportStateLabel, type SwarmSizeLabel } from '@swarm/proto/labels';
import type { BadReason } from './claim.js';
import { ReportError } from './report-error.js';

export type SwarmSize = SwarmSizeLabel;
export type ReportState = ReportStateLabel;

export const MAX_ELEVATION_FEET = 50;
export const MAX_REPORTER_NAME_LENGTH = 255;
export const MAX_ADDRESS_LENGTH = 500;
export const MAX_INTERNAL_NOTE_LENGTH = 1_000;
/**
 * The largest picture accepted, in pixels (width × height). Phones take 12 to 24 megapixels by default and 48 to
 * 50 in their full-resolution modes (8064×6048 on an iPhone, 8160×6144 on a Pixel: 50.1 MP, which a round 50 000 000
 * would refuse); 52 MP takes them all with a little room. Above it are the 108 and 200 MP modes, whose files are
 * usually over the upload size limit anyway, and wide panoramas. Decoding such a picture holds ~70 MB.
 */
export const MAX_IMAGE_PIXELS = 52_000_000;

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
};

export type Report = ReportSubmission & {
  reportId: string;
  state: ReportState;
  claimCode: string;
  createdAt: Date;
  associations: ReportAssociation[];
  /** Absent when the reporter sent no picture. */
  image?: ReportImage;
  /** The member holding the report and since when: set while claimed, and kept once it was marked bad. */
  claim?: ReportClaim;
  /** Set once the claimer marked the report bad. */
  bad?: { reason: BadReason; markedAt: Date };
};

export type ReportClaim = { memberId: string; claimedAt: Date };

export type UncheckedSubmission = {
  idempotencyId: string;
  reporterName: string;
  reporterPhone: string;
  size: string;
  elevationFeet: number;
  address: string;
  internalNote: string;
  /** Absent when the caller could not resolve the address to a place. */
  location?: GeoPoint | undefined;
};

/**
 * The report rules the service keeps whatever the caller checked before (spec §5 and §9):
 * every field but the note filled, name ≤ 255, phone exactly 10 digits, a known size, elevation 0–50 feet.
 */
export function checkSubmission(input: UncheckedSubmission): ReportSubmission {
  const problems: string[] = [];
  const reporterName = input.reporterName.trim();
  const address = input.address.trim();
  const idempotencyId = input.idempotencyId.trim();
  const reporterPhone = input.reporterPhone.trim();
  const size = input.size.trim();
  if (!reporterName || !reporterPhone || !size || !address || !idempotencyId) {
    problems.push('All fields must be filled out');
  }
  if (reporterName.length > MAX_REPORTER_NAME_LENGTH) problems.push(`Name must be at most ${MAX_REPORTER_NAME_LENGTH} characters`);
  if (reporterPhone && !/^\d{10}$/.test(reporterPhone)) problems.push('Phone is invalid (10 digts, only numbers)');
  if (size && !isSwarmSize(size)) problems.push(`Size must be one of ${swarmSizes.labels.join(', ')}`);
  if (!Number.isFinite(input.elevationFeet) || input.elevationFeet < 0 || input.elevationFeet > MAX_ELEVATION_FEET) {
    problems.push('Distance from Ground is out of range (0 to 50)');
  }
  if (address.length > MAX_ADDRESS_LENGTH) problems.push(`Address must be at most ${MAX_ADDRESS_LENGTH} characters`);
  if (input.internalNote.length > MAX_INTERNAL_NOTE_LENGTH) problems.push(`Note must be at most ${MAX_INTERNAL_NOTE_LENGTH} characters`);
  if (idempotencyId.length > 100) problems.push('idempotencyId must be at most 100 characters');
  if (problems.length > 0) throw new ReportError('REPORT.INVALID_SUBMISSION', problems.join('; '), problems);
  const location = input.location;
  if (!location || !isGeoPoint(location)) {
    throw new ReportError('REPORT.ADDRESS_UNRESOLVED', 'the address was not resolved to a place on earth');
  }
  return {
    idempotencyId,
    reporterName,
    reporterPhone,
    size: size as SwarmSize,
    elevationFeet: input.elevationFeet,
    address,
    internalNote: input.internalNote.trim(),
    location: { latitude: location.latitude, longitude: location.longitude },
  };
}

function isGeoPoint(point: GeoPoint): boolean {
  return (
    Number.isFinite(point.latitude) &&
    Number.isFinite(point.longitude) &&
    Math.abs(point.latitude) <= 90 &&
    Math.abs(point.longitude) <= 180
  );
}

export function isSwarmSize(value: string): value is SwarmSize {
  return swarmSizes.isLabel(value);
}

/** Whether a retry with the same idempotency id carries the same submission (then its first outcome is replayed). */
export function isSameSubmission(report: ReportSubmission, submission: ReportSubmission): boolean {
  return (
    report.reporterName === submission.reporterName &&
    report.reporterPhone === submission.reporterPhone &&
    report.size === submission.size &&
    report.elevationFeet === submission.elevationFeet &&
    report.address === submission.address &&
    report.internalNote === submission.internalNote
  );
}
