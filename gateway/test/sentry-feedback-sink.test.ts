import { afterEach, describe, expect, it } from 'vitest';
import { SentryFeedbackSink } from '../src/feedback/sentry-feedback-sink.js';
import type { Feedback } from '../src/feedback/feedback-sink.js';
import { startLocalServer } from '@swarm/testing';

const feedback: Feedback = {
  feedbackId: '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9',
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  message: 'The map did not load.',
  url: 'https://swarm.example/report',
  source: 'widget',
  receivedAt: new Date('2026-06-01T12:00:00.000Z'),
};

describe('SentryFeedbackSink against a local server speaking the envelope endpoint', () => {
  const servers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((close) => close()));
  });

  async function sentry(status = 200) {
    const server = await startLocalServer(() => ({ status, body: { id: 'x' } }));
    servers.push(server.close);
    const dsn = server.url.replace('http://', 'http://publickey123@') + '/42';
    return { sink: new SentryFeedbackSink(dsn), requests: server.requests };
  }

  it('posts a feedback envelope to the project, authenticated by the DSN key', async () => {
    const { sink, requests } = await sentry();
    await sink.submit(feedback);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/42/envelope/');
    expect(request?.headers['x-sentry-auth']).toContain('sentry_key=publickey123');
    const [header, itemHeader, item] = request!.body.split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(header).toEqual({ event_id: '0f1e2d3c4b5a49788695a4b3c2d1e0f9', sent_at: '2026-06-01T12:00:00.000Z' });
    expect(itemHeader).toEqual({ type: 'feedback' });
    expect(item).toMatchObject({
      contexts: {
        feedback: { message: 'The map did not load.', url: 'https://swarm.example/report', source: 'widget', name: 'Ada Lovelace', contact_email: 'ada@example.org' },
      },
    });
  });

  it('leaves out the name and email when the visitor gave none', async () => {
    const { sink, requests } = await sentry();
    await sink.submit({ ...feedback, name: '', email: '' });
    const item = JSON.parse(requests[0]!.body.split('\n')[2]!) as { contexts: { feedback: Record<string, unknown> } };
    expect(Object.keys(item.contexts.feedback).sort()).toEqual(['message', 'source', 'url']);
  });

  it('fails when the service refuses the envelope', async () => {
    const { sink } = await sentry(429);
    await expect(sink.submit(feedback)).rejects.toThrow('429');
  });

  it('refuses a DSN without a key or project', () => {
    expect(() => new SentryFeedbackSink('https://sentry.example/')).toThrow('SENTRY_DSN');
  });
});
