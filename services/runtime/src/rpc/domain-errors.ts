import { Code, ConnectError } from '@connectrpc/connect';
import { DomainErrorDetailSchema } from '@swarm/proto/common/v1/error';

/** Any error carrying a stable rule code; services' domain errors have this shape without importing this module. */
export type CodedError = Error & { code: string };

export function isCodedError(error: unknown): error is CodedError {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
}

/**
 * Converts what a use case threw into a ConnectError at the RPC boundary: a known rule code becomes its Connect
 * code with the rule code attached as a detail; anything else becomes INTERNAL without leaking its message.
 */
export function toConnectError(error: unknown, codes: Readonly<Record<string, Code>>): ConnectError {
  if (error instanceof ConnectError) return error;
  if (isCodedError(error) && error.code in codes) {
    return new ConnectError(error.message, codes[error.code], undefined, [
      { desc: DomainErrorDetailSchema, value: { code: error.code } },
    ]);
  }
  return new ConnectError('internal error', Code.Internal, undefined, undefined, error);
}

/** The rule code a service attached to an error, if any. */
export function domainErrorCode(error: ConnectError): string | undefined {
  return error.findDetails(DomainErrorDetailSchema)[0]?.code;
}
