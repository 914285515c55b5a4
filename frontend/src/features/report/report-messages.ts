import { ApiError } from '@/lib/api-client';
import { en, type Catalog, type MessageKey } from '@/lib/i18n/messages/en';

/** Spec §5 and §8 in English, word for word (including the spec's own typos): the English catalog's texts. */
export const reportMessages = {
  allFieldsRequired: en['report.allFieldsRequired'],
  sizeTooLong: en['report.sizeTooLong'],
  elevationOutOfRange: en['report.elevationOutOfRange'],
  phoneInvalid: en['report.phoneInvalid'],
  reporterUpdatesLabel: en['report.reporterUpdates'],
  addressNotPicked: en['report.addressNotPicked'],
  noBeekeepers: en['report.noBeekeepers'],
  alreadySubmitted: en['report.alreadySubmitted'],
  imageTooBig: en['report.imageTooBig'],
  addressUnresolved: en['report.addressUnresolved'],
  notHuman: en['report.notHuman'],
  somethingWentWrong: en['report.somethingWentWrong'],
  alreadyReported: en['report.alreadyReported'],
  unexpectedFailure: en['report.unexpectedFailure'],
  failureTitle: en['report.failureTitle'],
  /** Spec §8 calls the 404 answer a warning. */
  warningTitle: en['report.warningTitle'],
  successTitle: en['report.successTitle'],
  successDescription: en['report.successDescription'],
  duplicateTitle: en['report.duplicate.title'],
  duplicateQuestion: en['report.duplicate.question'],
  notAnImage: en['report.photo.notAnImage'],
} as const;

export type SubmitFailure = { kind: 'no-beekeepers' } | { kind: 'error'; message: string; errors: string[] };

const statusMessages: Partial<Record<number, MessageKey>> = {
  409: 'report.alreadySubmitted',
  413: 'report.imageTooBig',
  422: 'report.addressUnresolved',
  429: 'report.notHuman',
};

/** The report's messages the gateway may answer with, by their English words. */
const serverMessageKeys: readonly MessageKey[] = [
  'report.allFieldsRequired',
  'report.nameTooLong',
  'report.sizeTooLong',
  'report.elevationOutOfRange',
  'report.phoneInvalid',
  'report.addressNotPicked',
  'report.addressUnresolved',
  'report.alreadySubmitted',
  'report.imageTooBig',
  'report.notAPicture',
  'report.notHuman',
  'report.addressServiceUnavailable',
  'report.somethingWentWrong',
];

/**
 * The gateway answers in English (the spec's words): a message the catalog knows is shown in the visitor's language;
 * any other (a rule with no translation yet) is shown as the gateway wrote it.
 */
export function inLanguage(serverMessage: string, messages: Catalog): string {
  const key = serverMessageKeys.find((candidate) => en[candidate] === serverMessage);
  return key ? messages[key] : serverMessage;
}

/** Spec §8: what the reporter is told when a submission fails, by the gateway's status, in the visitor's language. */
export function describeSubmitFailure(error: unknown, messages: Catalog = en): SubmitFailure {
  if (!(error instanceof ApiError)) return { kind: 'error', message: messages['report.unexpectedFailure'], errors: [] };
  if (error.status === 404) return { kind: 'no-beekeepers' };
  const key = statusMessages[error.status];
  const message = key ? messages[key] : inLanguage(error.message.trim(), messages) || messages['report.somethingWentWrong'];
  return { kind: 'error', message, errors: serverErrorList(error.body).map((entry) => inLanguage(entry, messages)) };
}

/** The gateway's validator answers 400 with `errors: string[]`; they are shown under 'Errors:' like the form's own. */
function serverErrorList(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const errors = (body as { errors?: unknown }).errors;
  return Array.isArray(errors) ? errors.filter((entry): entry is string => typeof entry === 'string') : [];
}
