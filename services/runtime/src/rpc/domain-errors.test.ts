import { Code, ConnectError, createClient, createRouterTransport } from '@connectrpc/connect';
import { Health } from '@swarm/proto/health/v1/health';
import { describe, expect, it } from 'vitest';
import { domainErrorCode, fieldViolations, toConnectError } from './domain-errors.js';

class RuleError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
  }
}

const codes = { 'FORM.INVALID': Code.InvalidArgument, 'FORM.TAKEN': Code.AlreadyExists };

/** The error as a caller in another process receives it: through a Connect transport, details serialized. */
async function acrossTheWire(error: unknown): Promise<ConnectError> {
  const transport = createRouterTransport((router) => {
    router.service(Health, {
      check: () => {
        throw toConnectError(error, codes);
      },
    });
  });
  try {
    await createClient(Health, transport).check({});
  } catch (received) {
    return ConnectError.from(received);
  }
  throw new Error('the call did not fail');
}

describe('toConnectError', () => {
  it('carries the rule code and every field violation of an invalid argument to the caller', async () => {
    const error = await acrossTheWire(new RuleError('FORM.INVALID', 'Name is too long', ['Name is too long', 'Address is too long']));
    expect(error.code).toBe(Code.InvalidArgument);
    expect(domainErrorCode(error)).toBe('FORM.INVALID');
    expect(fieldViolations(error)).toEqual(['Name is too long', 'Address is too long']);
  });

  it('attaches no field violations to a rule that is not about the input', async () => {
    const error = await acrossTheWire(new RuleError('FORM.TAKEN', 'already used', ['already used']));
    expect(error.code).toBe(Code.AlreadyExists);
    expect(fieldViolations(error)).toEqual([]);
  });

  it('hides an unknown failure behind INTERNAL', async () => {
    const error = await acrossTheWire(new Error('secret detail'));
    expect(error.code).toBe(Code.Internal);
    expect(error.rawMessage).not.toContain('secret');
  });
});
