import { randomUUID } from 'node:crypto';
import { createRouterTransport } from '@connectrpc/connect';
import { loadConfig } from '@swarm/runtime';
import { testLogger, testRedisUrl } from '@swarm/testing';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createServiceClients } from '../src/clients/service-clients.js';
import { composeGateway } from '../src/compose.js';
import { gatewayConfigShape } from '../src/config.js';
import { reportForm, startGateway, type GatewayOptions } from './gateway-harness.js';
import { startMemberGateway } from './member-harness.js';

const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 3 });
const started: FastifyInstance[] = [];
const prefixes: string[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((app) => app.close()));
  for (const prefix of prefixes.splice(0)) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  }
});
afterAll(async () => {
  await redis.quit();
});

/** Two gateway replicas; with `shared`, both count in one Redis under one key prefix, as deployed replicas do. */
async function twoGateways(options: GatewayOptions, shared: boolean): Promise<string[]> {
  const keyPrefix = `test-${randomUUID()}:rate:`;
  prefixes.push(keyPrefix);
  const urls: string[] = [];
  for (let replica = 0; replica < 2; replica += 1) {
    const { app, url } = await startGateway({ ...options, ...(shared ? { rateLimitStore: { redis, keyPrefix } } : {}) });
    started.push(app);
    urls.push(url);
  }
  return urls;
}

type Answer = { status: number; message?: string; retryAfter: string | null };

/** `count` requests alternating between the gateways, one after the other, as a load balancer spreads them. */
async function alternate(urls: string[], count: number, request: (url: string) => Promise<Response>): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await request(urls[index % urls.length] ?? '');
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    answers.push({ status: response.status, ...(body.message ? { message: body.message } : {}), retryAfter: response.headers.get('retry-after') });
  }
  return answers;
}

const report = (url: string) => fetch(`${url}/api/report`, { method: 'POST', body: reportForm() });
const feedback = (url: string) =>
  fetch(`${url}/api/feedback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(url).origin },
    body: JSON.stringify({ message: 'Great product.', url: '/report', source: 'widget' }),
  });
const askLoginLink = (destination: string) => (url: string) =>
  fetch(`${url}/api/oauth/magic-login/member`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ destination, recaptchaToken: 'human' }),
  });
const suggestions = (url: string) => fetch(`${url}/api/places/autocomplete?input=12%20Oak`);

describe('per-client limits shared by two gateways through Redis', () => {
  it('limits reports spread over both gateways as one client against one limit, with the message and Retry-After', async () => {
    const urls = await twoGateways({ reportsPerHourPerClient: 3 }, true);
    const answers = await alternate(urls, 6, report);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 429, 429, 429]);
    for (const refused of answers.slice(3)) {
      expect(refused.message).toBe('Too many reports from this connection. Please wait a while and try again.');
      expect(Number(refused.retryAfter)).toBeGreaterThan(3_500);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(3_600);
    }
    expect(answers[0]?.retryAfter).toBeNull();
    // One counter for the client, under the deployment's key prefix.
    const keys = await redis.keys(`${prefixes[0]}*`);
    expect(keys).toEqual([`${prefixes[0]}report:127.0.0.1`]);
  });

  it('limits feedback and address suggestions the same way, each route on its own count', async () => {
    const urls = await twoGateways({ feedbackPerHourPerClient: 2, placeSuggestionsPerHourPerClient: 5 }, true);
    const feedbackAnswers = await alternate(urls, 4, feedback);
    expect(feedbackAnswers.map((answer) => answer.status)).toEqual([201, 201, 429, 429]);
    expect(feedbackAnswers[2]?.message).toBe('Too much feedback from this connection. Please wait a while and try again.');
    const suggestionAnswers = await alternate(urls, 7, suggestions);
    expect(suggestionAnswers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(suggestionAnswers[5]?.message).toBe('Too many address lookups from this connection. Please wait a while and try again.');
  });

  it('limits the login links sent to one email address over both gateways, whatever its case, and those one client asks for', async () => {
    const keyPrefix = `test-${randomUUID()}:rate:`;
    prefixes.push(keyPrefix);
    const urls: string[] = [];
    for (let replica = 0; replica < 2; replica += 1) {
      const gateway = await startMemberGateway({ limits: { perAddress: 2, perClient: 5, windowMs: 60_000 }, rateLimitStore: { redis, keyPrefix } });
      started.push(gateway.app);
      urls.push(gateway.url);
    }
    const sameAddress = await alternate(urls, 3, askLoginLink('Ada@Example.org'));
    expect(sameAddress.map((answer) => answer.status)).toEqual([200, 200, 429]);
    expect(sameAddress[2]?.message).toBe('Too many login links were requested. Please wait a while and try again.');
    expect((await alternate(urls, 1, askLoginLink(' ada@example.org')))[0]?.status).toBe(429);
    // The client has asked four times; one more link to another address, then none.
    const otherAddresses = await alternate(urls, 2, askLoginLink('grace@example.org'));
    expect(otherAddresses.map((answer) => answer.status)).toEqual([200, 429]);
    expect(otherAddresses[1]?.message).toBe('Too many login links were requested. Please wait a while and try again.');
    // Counted under the deployment's key prefix, the address by its hash only.
    const keys = (await redis.keys(`${keyPrefix}*`)).sort();
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(new RegExp(`^${keyPrefix}magic-link:address:[0-9a-f]{64}$`));
    expect(keys[1]).toMatch(new RegExp(`^${keyPrefix}magic-link:address:[0-9a-f]{64}$`));
    expect(keys[2]).toBe(`${keyPrefix}magic-link:client:127.0.0.1`);
  });

  it('counts in each gateway’s own memory without Redis (the embedded product): two gateways let twice as many through', async () => {
    const urls = await twoGateways({ reportsPerHourPerClient: 2 }, false);
    const answers = await alternate(urls, 6, report);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 429, 429]);
  });

  it('is what the deployed composition does: gateways with SESSION_STORE=redis count under REDIS_KEY_PREFIX', async () => {
    const prefix = `test-${randomUUID()}`;
    prefixes.push(`${prefix}:rate:`);
    const closers: (() => Promise<void>)[] = [];
    const urls: string[] = [];
    const noService = createRouterTransport(() => undefined);
    for (let replica = 0; replica < 2; replica += 1) {
      const config = loadConfig(gatewayConfigShape, {
        SESSION_STORE: 'redis',
        REDIS_URL: testRedisUrl(),
        REDIS_KEY_PREFIX: prefix,
        PLACE_SUGGESTIONS_PER_HOUR_PER_CLIENT: '3',
        MAILER: 'dev-outbox',
        HOST: '127.0.0.1',
        PUBLIC_URL: 'http://127.0.0.1:8080',
        STATIC_DIR: '/nonexistent',
      });
      const lifecycle = { onShutdown: (_name: string, close: () => Promise<void>) => void closers.push(close) };
      const clients = createServiceClients({ report: noService, member: noService, 'association-billing': noService, notification: noService, insights: noService });
      const app = await composeGateway(config, { logger: testLogger(), lifecycle, clients });
      started.push(app);
      urls.push(await app.listen({ port: 0, host: '127.0.0.1' }));
    }
    try {
      const answers = await alternate(urls, 5, suggestions);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429]);
      expect(await redis.keys(`${prefix}:rate:*`)).toEqual([`${prefix}:rate:places:127.0.0.1`]);
    } finally {
      await Promise.all(started.splice(0).map((app) => app.close()));
      for (const close of closers.reverse()) await close();
    }
  });
});
