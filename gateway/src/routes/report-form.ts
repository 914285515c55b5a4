import { swarmSizes } from '@swarm/proto/labels';

/** The text fields of POST /api/report, checked with the messages of spec §5 before any service is called. */
export type ReportForm = {
  reporterName: string;
  reporterPhone: string;
  size: string;
  elevation: number;
  address: string;
  recaptchaToken: string;
  idempotencyId: string;
  internalNote: string;
};

export const REPORT_TEXT_FIELDS = [
  'reporterName',
  'reporterPhone',
  'size',
  'elevation',
  'address',
  'recaptchaToken',
  'idempotencyId',
  'internalNote',
] as const;

const REQUIRED_FIELDS = REPORT_TEXT_FIELDS.filter((field) => field !== 'internalNote');

export type ReportFormResult = { ok: true; form: ReportForm } | { ok: false; errors: string[] };

export function checkReportForm(fields: Partial<Record<string, string>>): ReportFormResult {
  const value = (name: string) => (fields[name] ?? '').trim();
  const errors: string[] = [];
  if (REQUIRED_FIELDS.some((name) => value(name) === '')) errors.push('All fields must be filled out');
  if (value('reporterName').length > 255) errors.push('Name is too long');
  if (value('size').length > 255) errors.push('Bee Size is too long');
  else if (value('size') && !swarmSizes.isLabel(value('size'))) {
    errors.push(`Bee Size must be one of ${swarmSizes.labels.join(', ')}`);
  }
  const elevationText = value('elevation');
  const elevation = /^\d+(\.\d+)?$/.test(elevationText) ? Number(elevationText) : Number.NaN;
  if (elevationText && !(elevation >= 0 && elevation <= 50)) errors.push('Distance from Ground is out of range (0 to 50)');
  if (value('reporterPhone') && !/^\d{10}$/.test(value('reporterPhone'))) errors.push('Phone is invalid (10 digts, only numbers)');
  if (value('address').length > 500) errors.push('Address is too long');
  if (value('idempotencyId').length > 100) errors.push('idempotencyId is too long');
  if (value('recaptchaToken').length > 4_096) errors.push('recaptchaToken is too long');
  if (value('internalNote').length > 1_000) errors.push('Note is too long');
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    form: {
      reporterName: value('reporterName'),
      reporterPhone: value('reporterPhone'),
      size: value('size'),
      elevation,
      address: value('address'),
      recaptchaToken: value('recaptchaToken'),
      idempotencyId: value('idempotencyId'),
      internalNote: value('internalNote'),
    },
  };
}
