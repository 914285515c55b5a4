import { swarmSizes } from '@swarm/proto/labels';
import type { SwarmSize } from './report.js';
import { ReportError } from './report-error.js';

/** Spec §5 and §9: the limits of the report form. */
export const MAX_ELEVATION_FEET = 50;
export const MAX_REPORTER_NAME_LENGTH = 255;
export const MAX_SIZE_LENGTH = 255;
export const MAX_ADDRESS_LENGTH = 500;
export const MAX_IDEMPOTENCY_ID_LENGTH = 100;
export const MAX_BOT_CHECK_TOKEN_LENGTH = 4_096;
export const MAX_INTERNAL_NOTE_LENGTH = 1_000;

/** The report form's text fields as the reporter sent them (a field not sent is ''). */
export type ReportForm = {
  reporterName: string;
  reporterPhone: string;
  size: string;
  elevation: string;
  address: string;
  /** The bot-check token is a form field like the others (filled, bounded); the gateway verifies it. */
  recaptchaToken: string;
  idempotencyId: string;
  internalNote: string;
};

/** The form once every rule holds: trimmed, the size one of the spec's, the elevation in feet. */
export type CheckedReportForm = {
  reporterName: string;
  reporterPhone: string;
  size: SwarmSize;
  elevationFeet: number;
  /** As typed; the place it names is resolved after. */
  address: string;
  idempotencyId: string;
  internalNote: string;
};

const FEET = /^\d+(\.\d+)?$/;

/**
 * Every rule of the report form with the spec's message (§5), in the order the form lists them. Throws
 * REPORT.INVALID_SUBMISSION with every broken rule when one fails; this is the only place these rules live.
 */
export function checkReportForm(form: ReportForm): CheckedReportForm {
  const field = (name: keyof ReportForm) => form[name].trim();
  const errors: string[] = [];
  const required: (keyof ReportForm)[] = ['reporterName', 'reporterPhone', 'size', 'elevation', 'address', 'recaptchaToken', 'idempotencyId'];
  if (required.some((name) => field(name) === '')) errors.push('All fields must be filled out');
  if (field('reporterName').length > MAX_REPORTER_NAME_LENGTH) errors.push('Name is too long');
  if (field('size').length > MAX_SIZE_LENGTH) errors.push('Bee Size is too long');
  else if (field('size') && !swarmSizes.isLabel(field('size'))) errors.push(`Bee Size must be one of ${swarmSizes.labels.join(', ')}`);
  const elevationText = field('elevation');
  const elevationFeet = FEET.test(elevationText) ? Number(elevationText) : Number.NaN;
  if (elevationText && !(elevationFeet >= 0 && elevationFeet <= MAX_ELEVATION_FEET)) errors.push('Distance from Ground is out of range (0 to 50)');
  if (field('reporterPhone') && !/^\d{10}$/.test(field('reporterPhone'))) errors.push('Phone is invalid (10 digts, only numbers)');
  if (field('address').length > MAX_ADDRESS_LENGTH) errors.push('Address is too long');
  if (field('idempotencyId').length > MAX_IDEMPOTENCY_ID_LENGTH) errors.push('idempotencyId is too long');
  if (field('recaptchaToken').length > MAX_BOT_CHECK_TOKEN_LENGTH) errors.push('recaptchaToken is too long');
  if (field('internalNote').length > MAX_INTERNAL_NOTE_LENGTH) errors.push('Note is too long');
  if (errors.length > 0) throw new ReportError('REPORT.INVALID_SUBMISSION', errors[0] ?? 'Invalid report', errors);
  return {
    reporterName: field('reporterName'),
    reporterPhone: field('reporterPhone'),
    size: field('size') as SwarmSize,
    elevationFeet,
    address: field('address'),
    idempotencyId: field('idempotencyId'),
    internalNote: field('internalNote'),
  };
}
