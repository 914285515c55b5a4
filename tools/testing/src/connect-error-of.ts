import { ConnectError } from '@connectrpc/connect';

/** The ConnectError a call fails with; fails the test when the call succeeds or fails otherwise. */
export async function connectErrorOf(call: Promise<unknown>): Promise<ConnectError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ConnectError)) throw new Error(`expected a ConnectError, got ${String(error)}`);
  return error;
}
