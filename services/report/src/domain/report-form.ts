import { DEFAULT_LANGUAGE, languages, swarmSizes, type LanguageLabel } from '@swarm/proto/labels';
import { isPhoneNumber, MAX_ELEVATION_FEET, MAX_NAME_LENGTH, MAX_SIZE_LENGTH, reportFormMessages } from '@swarm/proto/labels/forms';
import type { SwarmSize } from './report.js';
import { ReportError } from './report-error.js';

/** The form's limits besides those of spec §5 and §9, which the site shares (@swarm/proto/labels/forms). */
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
  /** The checkbox 'Text me when a beekeeper is on the way': 'true' or 'false'; undefined when not sent (false). */
  reporterUpdates?: string | undefined;
  /** The site's language the reporter used: 'en' or 'es'; undefined when not sent (English). */
  reporterLanguage?: string | undefined;
};

/** The fields the rules read as text (the optional ones have rules of their own). */
type TextField = Exclude<keyof ReportForm, 'reporterUpdates' | 'reporterLanguage'>;

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
  /** The reporter asked to be texted when a beekeeper is on the way. */
  reporterUpdates: boolean;
  /** The language of the reporter's texts. */
  reporterLanguage: LanguageLabel;
};

const FEET = /^\d+(\.\d+)?$/;

/**
 * Every rule of the report form with the spec's message (§5), in the order the form lists them. Throws
 * REPORT.INVALID_SUBMISSION with every broken rule when one fails; this is the only place these rules live.
 */
export function checkReportForm(form: ReportForm): CheckedReportForm {
  const field = (name: TextField) => form[name].trim();
  const errors: string[] = [];
  const required: TextField[] = ['reporterName', 'reporterPhone', 'size', 'elevation', 'address', 'recaptchaToken', 'idempotencyId'];
  if (required.some((name) => field(name) === '')) errors.push(reportFormMessages.allFieldsRequired);
  if (field('reporterName').length > MAX_NAME_LENGTH) errors.push(reportFormMessages.nameTooLong);
  if (field('size').length > MAX_SIZE_LENGTH) errors.push(reportFormMessages.sizeTooLong);
  else if (field('size') && !swarmSizes.isLabel(field('size'))) errors.push(`Bee Size must be one of ${swarmSizes.labels.join(', ')}`);
  const elevationText = field('elevation');
  const elevationFeet = FEET.test(elevationText) ? Number(elevationText) : Number.NaN;
  if (elevationText && !(elevationFeet >= 0 && elevationFeet <= MAX_ELEVATION_FEET)) errors.push(reportFormMessages.elevationOutOfRange);
  if (field('reporterPhone') && !isPhoneNumber(field('reporterPhone'))) errors.push(reportFormMessages.phoneInvalid);
  if (field('address').length > MAX_ADDRESS_LENGTH) errors.push('Address is too long');
  if (field('idempotencyId').length > MAX_IDEMPOTENCY_ID_LENGTH) errors.push('idempotencyId is too long');
  if (field('recaptchaToken').length > MAX_BOT_CHECK_TOKEN_LENGTH) errors.push('recaptchaToken is too long');
  if (field('internalNote').length > MAX_INTERNAL_NOTE_LENGTH) errors.push('Note is too long');
  const reporterUpdates = form.reporterUpdates === undefined ? 'false' : form.reporterUpdates.trim();
  if (reporterUpdates !== 'true' && reporterUpdates !== 'false') errors.push(reportFormMessages.reporterUpdatesInvalid);
  const reporterLanguage = form.reporterLanguage === undefined ? DEFAULT_LANGUAGE : form.reporterLanguage.trim();
  if (!languages.isLabel(reporterLanguage)) errors.push(reportFormMessages.reporterLanguageInvalid);
  if (errors.length > 0) throw new ReportError('REPORT.INVALID_SUBMISSION', errors[0] ?? 'Invalid report', errors);
  return {
    reporterName: field('reporterName'),
    reporterPhone: field('reporterPhone'),
    size: field('size') as SwarmSize,
    elevationFeet,
    address: field('address'),
    idempotencyId: field('idempotencyId'),
    internalNote: field('internalNote'),
    reporterUpdates: reporterUpdates === 'true',
    reporterLanguage: reporterLanguage as LanguageLabel,
  };
}
