import { ConnectError } from '@connectrpc/connect';
import { InvalidFieldsSchema } from '@swarm/proto/member/v1/member_service';
import { HttpError } from '../mappers/http-errors.js';

/**
 * A member-service refusal as the HTTP error the member area shows: the first broken rule as the message and the
 * full list for its 'Errors:' block. Other errors pass through unchanged.
 */
export function memberRefusal(error: unknown): unknown {
  if (!(error instanceof ConnectError)) return error;
  const errors = error.findDetails(InvalidFieldsSchema)[0]?.errors ?? [];
  if (errors.length === 0) return error;
  return new HttpError(400, errors[0] ?? error.rawMessage, errors);
}
