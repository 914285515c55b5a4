import type { FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { Feedback, FeedbackSink } from '../src/feedback/feedback-sink.js';
import { LocalFeedbackSink } from '../src/feedback/local-feedback-sink.js';
import { startGateway, type GatewayOptions } from './gateway-harness.js';

class RecordingSink implements FeedbackSink {
  readonly received: Feedback[] = [];
  async submit(feedback: Feedback): Promise<void> {
    this.received.push(feedback);
  }
}

const valid = { name: 'Ada Lovelace', email: 'ada@example.org', message: 'The map did not load.', url: 'https://swarm.example/report', source: 'widget' };

describe('POST /api/feedback', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  async function send(body: unknown, options: GatewayOptions = {}) {
    const sink = new RecordingSink();
    const started = await startGateway({ feedback: sink, ...options });
    app = started.app;
    const post = async (payload: unknown) => {
      const response = await fetch(`${started.url}/api/feedback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    return { sink, post, first: await post(body) };
  }

  it('accepts feedback, trims it and forwards it through the sink', async () => {
    const { sink, first } = await send({ ...valid, message: '  The map did not load.  ' });
    expect(first.status).toBe(201);
    expect(sink.received).toEqual([
      { ...valid, source: 'widget', feedbackId: first.body.feedbackId, receivedAt: expect.any(Date) },
    ]);
  });

  it('accepts feedback without name and email', async () => {
    const { sink, first } = await send({ message: 'Nice', url: '/', source: 'widget' });
    expect(first.status).toBe(201);
    expect(sink.received[0]).toMatchObject({ name: '', email: '' });
  });

  it.each([
    ['an empty message', { ...valid, message: '' }],
    ['a blank message', { ...valid, message: '   \n ' }],
    ['no message', { name: 'Ada', url: '/', source: 'widget' }],
  ])('refuses %s with the spec message and forwards nothing', async (_case, body) => {
    const { sink, first } = await send(body);
    expect(first.status).toBe(400);
    expect(first.body.message).toBe('Unable to submit feedback with empty message');
    expect(sink.received).toEqual([]);
  });

  it.each([
    ['an invalid email', { ...valid, email: 'not-an-email' }, 'Email is invalid'],
    ['a name over 255 characters', { ...valid, name: 'n'.repeat(256) }, 'Name is too long'],
    ['a message over 5000 characters', { ...valid, message: 'm'.repeat(5001) }, 'Message is too long (at most 5000 characters)'],
    ['another source', { ...valid, source: 'email' }, "Feedback source must be 'widget'"],
    ['no page address', { ...valid, url: undefined }, 'The page address is missing'],
  ])('refuses %s', async (_case, body, message) => {
    const { sink, first } = await send(body);
    expect(first).toMatchObject({ status: 400, body: { message } });
    expect(sink.received).toEqual([]);
  });

  it('answers 503 with the spec message when the error-reporting service refuses it', async () => {
    const failing: FeedbackSink = {
      submit: async () => {
        throw new Error('down');
      },
    };
    const started = await startGateway({ feedback: failing });
    app = started.app;
    const response = await fetch(`${started.url}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(valid) });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: 'There was a problem submitting feedback, please wait and try again.' });
  });

  it('answers 429 once a client has sent its hourly feedback', async () => {
    const { post, first } = await send(valid, { feedbackPerHourPerClient: 1 });
    expect(first.status).toBe(201);
    const limited = await post(valid);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too much feedback/);
  });
});

describe('LocalFeedbackSink', () => {
  it('keeps the feedback and logs its arrival without the name, email or message', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) }));
    const sink = new LocalFeedbackSink(logger);
    const feedback: Feedback = { ...valid, source: 'widget', feedbackId: 'f-1', url: 'https://swarm.example/report?phone=5551234567', receivedAt: new Date() };
    await sink.submit(feedback);
    expect(sink.received()).toEqual([feedback]);
    const logged = lines.join('');
    expect(logged).toContain('feedback received');
    expect(logged).toContain('"page":"/report"');
    for (const secret of ['Ada Lovelace', 'ada@example.org', 'The map did not load.', '5551234567']) expect(logged).not.toContain(secret);
  });
});
