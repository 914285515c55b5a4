import { GENERIC_MESSAGE, submissionMessages } from '@swarm/proto/labels/answers';
import { reportFormMessages } from '@swarm/proto/labels/forms';
import { ApiError } from '@/lib/api-client';

/** Spec §5 and §8, word for word (including the spec's own typos); the rules' and answers' messages are shared. */
export const reportMessages = {
  allFieldsRequired: reportFormMessages.allFieldsRequired,
  sizeTooLong: reportFormMessages.sizeTooLong,
  elevationOutOfRange: reportFormMessages.elevationOutOfRange,
  phoneInvalid: reportFormMessages.phoneInvalid,
  reporterUpdatesLabel: 'Text me when a beekeeper is on the way. Reply STOP to opt out.',
  addressNotPicked: reportFormMessages.addressNotPicked,
  noBeekeepers: submissionMessages.noBeekeepers,
  alreadySubmitted: submissionMessages.alreadySubmitted,
  imageTooBig: submissionMessages.imageTooBig,
  addressUnresolved: submissionMessages.addressUnresolved,
  notHuman: submissionMessages.notHuman,
  somethingWentWrong: GENERIC_MESSAGE,
  alreadyReported: submissionMessages.alreadyReported,
  unexpectedFailure: 'Failed to submit report. Please try again.',
  failureTitle: 'Error',
  /** Spec §8 calls the 404 answer a warning. */
  warningTitle: 'Warning',
  successTitle: 'Success',
  successDescription: 'Swarm has been reported',
  duplicateTitle: 'Please only submit one report per swarm.',
  duplicateQuestion: 'Are you sure you want to submit another report?',
  notAnImage: 'Please choose an image file (a photo of the swarm).',
} as const;

export type SubmitFailure =
  | { kind: 'no-beekeepers'; message: string }
  | { kind: 'error'; message: string; errors: string[] };

const statusMessages: Partial<Record<number, string>> = {
  409: reportMessages.alreadySubmitted,
  413: reportMessages.imageTooBig,
  422: reportMessages.addressUnresolved,
  429: reportMessages.notHuman,
};

/** Spec §8: what the reporter is told when a submission fails, by the gateway's status. */
export function describeSubmitFailure(error: unknown): SubmitFailure {
  if (!(error instanceof ApiError)) return { kind: 'error', message: reportMessages.unexpectedFailure, errors: [] };
  if (error.status === 404) return { kind: 'no-beekeepers', message: reportMessages.noBeekeepers };
  const message = statusMessages[error.status] ?? (error.message.trim() || reportMessages.somethingWentWrong);
  return { kind: 'error', message, errors: serverErrorList(error.body) };
}

/** The gateway's validator answers 400 with `errors: string[]`; they are shown under 'Errors:' like the form's own. */
function serverErrorList(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const errors = (body as { errors?: unknown }).errors;
  return Array.isArray(errors) ? errors.filter((entry): entry is string => typeof entry === 'string') : [];
}
