import { Code, ConnectError } from '@connectrpc/connect';
import { ERROR_TABLE, toConnectError } from '@swarm/runtime';
import { testLogger } from '@swarm/testing';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { replyWithError } from './http-errors.js';

async function answerTo(error: unknown) {
  const app = Fastify({ loggerInstance: testLogger() as FastifyBaseLogger });
  app.get('/', async (_request, reply) => replyWithError(reply, error));
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return response;
}

describe('replyWithError', () => {
  it.each([Code.Canceled, Code.Aborted, Code.Unavailable, Code.DeadlineExceeded])(
    'answers a service that died or is unreachable (%s) with 503 and Retry-After, never 500',
    async (code) => {
      const response = await answerTo(new ConnectError('read ECONNRESET', code));
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ message: 'Something went wrong. Refresh the page and try again.' });
    },
  );

  it('keeps an internal failure a 500 without its details', async () => {
    const response = await answerTo(new Error('secret detail'));
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret detail');
    expect(response.headers['retry-after']).toBeUndefined();
  });

  it("answers a service's field violations with 400, the first as the message and all of them under errors", async () => {
    const refusal = Object.assign(new Error('Name is too long'), { code: 'MEMBER.INVALID_INFORMATION', details: ['Name is too long', 'Phone is invalid (10 digts, only numbers)'] });
    const response = await answerTo(toConnectError(refusal));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Name is too long', errors: ['Name is too long', 'Phone is invalid (10 digts, only numbers)'] });
  });

  it('answers an invalid argument without field violations with its own message only', async () => {
    const response = await answerTo(new ConnectError('This is not a report id.', Code.InvalidArgument));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'This is not a report id.' });
  });

  /** A refusal as a service raises it: the rule code attached to the error table's Connect code. */
  const refusal = (code: string, message: string, details: string[] = []) => toConnectError(Object.assign(new Error(message), { code, details }));

  it("answers every rule code with the error table's status, and its message or else the service's", async () => {
    for (const [code, answer] of Object.entries(ERROR_TABLE)) {
      const response = await answerTo(refusal(code, 'the service says why'));
      const message = 'message' in answer ? answer.message : answer.status < 500 ? 'the service says why' : 'Something went wrong. Refresh the page and try again.';
      expect([code, response.statusCode, response.json()]).toEqual([code, answer.status, { message }]);
    }
  });

  it.each([
    ['REPORT.NO_COVERAGE', 404, "We couldn't find any available beekeepers using our service in your area."],
    ['REPORT.IDEMPOTENCY_KEY_REUSED', 409, 'This report has already been successfully submitted.'],
    ['REPORT.IMAGE_TOO_LARGE', 413, 'The image you are uploading is too big. Please select a smaller image.'],
    ['REPORT.ADDRESS_UNRESOLVED', 422, 'Please select an address from the dropdown list.'],
    ['REPORT.NOT_ALERTED', 404, 'Report not found.'],
    ['REPORT.ALREADY_CLAIMED', 409, 'This swarm has already been claimed by another member.'],
    ['NOTIFICATION.CLAIM_TOKEN_EXPIRED', 410, 'This swarm can no longer be claimed.'],
  ])('answers %s with %i and the spec’s or the product’s message', async (code, status, message) => {
    const response = await answerTo(refusal(code, 'internal words'));
    expect([response.statusCode, response.json()]).toEqual([status, { message }]);
  });

  it("answers a rule without a message of its own with the service's field violations under errors", async () => {
    const response = await answerTo(refusal('MEMBER.ADDRESS_UNRESOLVED', 'not placed', ['Please select an address from the list.']));
    expect([response.statusCode, response.json()]).toEqual([422, { message: 'Please select an address from the list.', errors: ['Please select an address from the list.'] }]);
  });

  it('keeps Retry-After for a service that is away, not for a rule that refuses with 503', async () => {
    const response = await answerTo(refusal('REPORT.CLAIM_CODES_EXHAUSTED', 'every code is held'));
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBeUndefined();
  });
});
