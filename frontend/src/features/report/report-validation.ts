import { isPhoneNumber, MAX_SIZE_LENGTH } from '@swarm/proto/labels/forms';
import { parseElevation } from '@/lib/identification-store';
import type { MessageKey } from '@/lib/i18n/messages/en';

export interface ReportFields {
  reporterName: string;
  reporterPhone: string;
  size: string;
  elevation: string;
  /** '' until an address is picked from the dropdown. */
  address: string;
}

export type ReportField = keyof ReportFields;

export interface ReportValidation {
  /** The catalog's keys of the broken rules' messages, in the order the form lists them. */
  messages: MessageKey[];
  invalid: Set<ReportField>;
}

export const REPORTER_NAME_MAX_LENGTH = 20;

/**
 * Spec §5: every rule of the report form, in the order the messages are listed. `addressTyped` tells an address box
 * with text in it that was not picked from the list (only the dropdown message is about it) from an empty one.
 */
export function validateReport(fields: ReportFields, { addressTyped = false }: { addressTyped?: boolean } = {}): ReportValidation {
  const messages: MessageKey[] = [];
  const invalid = new Set<ReportField>();
  const empty = (Object.keys(fields) as ReportField[]).filter((field) => fields[field].trim() === '' && !(field === 'address' && addressTyped));
  if (empty.length > 0) {
    messages.push('report.allFieldsRequired');
    empty.forEach((field) => invalid.add(field));
  }
  if (fields.size.length > MAX_SIZE_LENGTH) {
    messages.push('report.sizeTooLong');
    invalid.add('size');
  }
  if (fields.elevation.trim() !== '' && parseElevation(fields.elevation) === undefined) {
    messages.push('report.elevationOutOfRange');
    invalid.add('elevation');
  }
  if (fields.reporterPhone.trim() !== '' && !isPhoneNumber(fields.reporterPhone.trim())) {
    messages.push('report.phoneInvalid');
    invalid.add('reporterPhone');
  }
  if (fields.address === '') {
    messages.push('report.addressNotPicked');
    invalid.add('address');
  }
  return { messages, invalid };
}

/**
 * What is still wrong of what a submission found wrong: a field's error (its red border, its message) goes as soon as
 * the field is right, but a new problem waits for the next submission rather than interrupting the typing.
 */
export function stillWrong(found: ReportValidation, now: ReportValidation): ReportValidation {
  return {
    messages: found.messages.filter((message) => now.messages.includes(message)),
    invalid: new Set([...found.invalid].filter((field) => now.invalid.has(field))),
  };
}
