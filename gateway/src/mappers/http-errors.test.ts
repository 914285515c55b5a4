import { Code, ConnectError } from '@connectrpc/connect';
import { toConnectError } from '@swarm/runtime';
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
    const response = await answerTo(toConnectError(refusal, { 'MEMBER.INVALID_INFORMATION': Code.InvalidArgument }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Name is too long', errors: ['Name is too long', 'Phone is invalid (10 digts, only numbers)'] });
  });

  it('answers an invalid argument without field violations with its own message only', async () => {
    const response = await answerTo(new ConnectError('This is not a report id.', Code.InvalidArgument));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'This is not a report id.' });
  });
});
