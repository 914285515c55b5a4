import { Code, ConnectError } from '@connectrpc/connect';
import { DomainErrorDetailSchema, FieldViolationsSchema } from '@swarm/proto/common/v1/error';
import { errorAnswerOf, type DomainErrorCode } from './error-table.js';

/**
 * Any error carrying a stable rule code; services' domain errors have this shape without importing this module.
 * `details` lists the broken field rules in the words the user reads, when the error is about the input's fields.
 */
export type CodedError = Error & { code: string; details?: readonly string[] };

export function isCodedError(error: unknown): error is CodedError {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
}

/**
 * Converts what a use case threw into a ConnectError at the RPC boundary: a rule code of the error table
 * (error-table.ts) becomes its Connect code with the rule code attached as a detail, and an INVALID_ARGUMENT with its
 * field rules attached as FieldViolations; anything else becomes INTERNAL without leaking its message.
 */
export function toConnectError(error: unknown): ConnectError {
  if (error instanceof ConnectError) return error;
  const answer = isCodedError(error) ? errorAnswerOf(error.code) : undefined;
  if (isCodedError(error) && answer) {
    const code = answer.connect;
    const connectError = new ConnectError(error.message, code, undefined, [{ desc: DomainErrorDetailSchema, value: { code: error.code } }]);
    const fields = fieldDetails(error);
    if (code === Code.InvalidArgument && fields.length > 0) {
      connectError.details.push({ desc: FieldViolationsSchema, value: { errors: fields } });
    }
    return connectError;
  }
  return new ConnectError('internal error', Code.Internal, undefined, undefined, error);
}

/**
 * `toConnectError` for a service whose rule codes are `_Codes` (only checked, never read): a code the error table has
 * no row for is a type error where the service names its codes, not an INTERNAL at run time.
 */
export function connectErrorsFor<_Codes extends DomainErrorCode>(): (error: unknown) => ConnectError {
  return toConnectError;
}

function fieldDetails(error: CodedError): string[] {
  return Array.isArray(error.details) ? error.details.filter((detail): detail is string => typeof detail === 'string') : [];
}

/** The rule code a service attached to an error, if any. */
export function domainErrorCode(error: ConnectError): string | undefined {
  return error.findDetails(DomainErrorDetailSchema)[0]?.code;
}

/** The field rules a service said the input broke (empty when the error is not about the input's fields). */
export function fieldViolations(error: ConnectError): string[] {
  if (error.code !== Code.InvalidArgument) return [];
  return error.findDetails(FieldViolationsSchema)[0]?.errors ?? [];
}
