import { Code, ConnectError, createClient, createRouterTransport } from '@connectrpc/connect';
import { Health } from '@swarm/proto/health/v1/health';
import { describe, expect, it } from 'vitest';
import { domainErrorCode, fieldViolations, toConnectError } from './domain-errors.js';
import { ERROR_TABLE } from './error-table.js';

class RuleError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
  }
}

/** The error as a caller in another process receives it: through a Connect transport, details serialized. */
async function acrossTheWire(error: unknown): Promise<ConnectError> {
  const transport = createRouterTransport((router) => {
    router.service(Health, {
      check: () => {
        throw toConnectError(error);
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
    const error = await acrossTheWire(new RuleError('MEMBER.INVALID_INFORMATION', 'Name is too long', ['Name is too long', 'Address is too long']));
    expect(error.code).toBe(Code.InvalidArgument);
    expect(domainErrorCode(error)).toBe('MEMBER.INVALID_INFORMATION');
    expect(fieldViolations(error)).toEqual(['Name is too long', 'Address is too long']);
  });

  it('attaches no field violations to a rule that is not about the input', async () => {
    const error = await acrossTheWire(new RuleError('MEMBERSHIP.ALREADY_MEMBER', 'already used', ['already used']));
    expect(error.code).toBe(Code.AlreadyExists);
    expect(fieldViolations(error)).toEqual([]);
  });

  it("raises each rule code with the error table's Connect code", async () => {
    for (const [code, answer] of Object.entries(ERROR_TABLE)) {
      const error = await acrossTheWire(new RuleError(code, 'refused'));
      expect([code, error.code, domainErrorCode(error)]).toEqual([code, answer.connect, code]);
    }
  });

  it('hides a rule code the error table does not know behind INTERNAL, as any other failure', async () => {
    const error = await acrossTheWire(new RuleError('FORM.UNKNOWN', 'secret rule'));
    expect(error.code).toBe(Code.Internal);
    expect(domainErrorCode(error)).toBeUndefined();
    expect(error.rawMessage).not.toContain('secret');
  });

  it('hides an unknown failure behind INTERNAL', async () => {
    const error = await acrossTheWire(new Error('secret detail'));
    expect(error.code).toBe(Code.Internal);
    expect(error.rawMessage).not.toContain('secret');
  });
});
