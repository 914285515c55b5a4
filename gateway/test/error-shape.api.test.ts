import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRAMEWORK_MESSAGES } from '../src/mappers/http-errors.js';
import { startGateway } from './gateway-harness.js';

/** Sends raw bytes and returns the raw HTTP response, for requests no HTTP client would form. */
function rawRequest(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

function expectErrorShape(body: unknown): void {
  expect(body).toEqual(expect.objectContaining({ message: expect.any(String) }));
  expect(Object.keys(body as object).every((key) => key === 'message' || key === 'errors')).toBe(true);
}

describe('every error the gateway answers has the shape {message, errors?}', () => {
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    ({ app, url } = await startGateway());
  });
  afterAll(async () => app.close());

  it.each([
    ['an unknown API path', 'GET', '/api/nothing-here', undefined, undefined, 404],
    ['a body of a type no route reads (415)', 'POST', '/api/feedback', 'application/xml', '<feedback/>', 415],
    ['a body that is not JSON', 'POST', '/api/feedback', 'application/json', '{"message":', 400],
    ['a JSON body that is not an object', 'POST', '/api/feedback', 'application/json', '"just a string"', 400],
    ['a JSON body over the limit', 'POST', '/api/feedback', 'application/json', JSON.stringify({ message: 'x'.repeat(70 * 1024) }), 413],
    ['a method the path does not have', 'DELETE', '/api/report', undefined, undefined, 404],
    ['a URL that cannot be decoded', 'GET', '/api/report/%E0%A4%A/associations', undefined, undefined, 400],
  ])('%s', async (_name, method, path, contentType, body, status) => {
    const response = await fetch(`${url}${path}`, { method, ...(contentType ? { headers: { 'content-type': contentType } } : {}), ...(body ? { body } : {}) });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('application/json');
    expectErrorShape(await response.json());
  });

  it('answers a request the HTTP parser cannot read with 400 and the same shape', async () => {
    const answer = await rawRequest(url, 'GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expectErrorShape(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)));
  });

  /** A small seeded generator, so a failing body can be found again from the test's name. */
  function* malformedJsonBodies(seed: number): Generator<string> {
    let state = seed;
    const next = (bound: number) => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state % bound;
    };
    const valid = ['{"token":"abc.def"}', '{"sms":false,"push":true}', '{"message":"Bees!","email":"a@example.org"}', '[1,2,{"a":null}]'];
    // Every cut of a valid body, as a dropped connection or a careless client leaves it.
    for (const body of valid) for (let end = 1; end < body.length; end += 1) yield body.slice(0, end);
    // Single characters changed to bytes JSON does not allow there, control characters and lone surrogates included.
    const noise = ['\u0000', '\ud800', '}', '{', ',', ':', "'", 'tru', 'NaN', '\\x', '\\u', '\n', '\ufeff', '"', '\\'];
    for (let round = 0; round < 120; round += 1) {
      const body = valid[next(valid.length)] ?? '{}';
      const at = next(body.length);
      const inserted = noise[next(noise.length)] ?? '';
      yield `${body.slice(0, at)}${inserted}${body.slice(at + 1)}`;
    }
    yield '';
    yield ' ';
    yield '{"__proto__":{"admin":true}}';
    yield '{"constructor":{"prototype":{"admin":true}}}';
  }

  it.each([
    ['POST', '/api/alerts/claim', 'Send the claim token of the alert.'],
    ['POST', '/api/feedback', FRAMEWORK_MESSAGES.invalidJson],
    ['PUT', '/api/member/alert-channels', undefined],
  ])('%s %s answers a body that is not JSON in the product’s words, never the framework’s', async (method, path, message) => {
    let tried = 0;
    for (const body of malformedJsonBodies(21)) {
      if (isJson(body) && !/__proto__|constructor/.test(body)) continue;
      tried += 1;
      const response = await fetch(`${url}${path}`, { method, headers: { 'content-type': 'application/json' }, body });
      const text = await response.text();
      expect(response.status, body).toBeGreaterThanOrEqual(400);
      expect(response.status, body).toBeLessThan(500);
      expect(response.headers.get('content-type'), body).toContain('application/json');
      const answer = JSON.parse(text) as unknown;
      expectErrorShape(answer);
      // Some routes are behind the session check, which answers first; none may answer Fastify's or JSON.parse's text.
      const said = (answer as { message: string }).message;
      if (message && response.status === 400) expect(said, body).toBe(message);
      expect(said, body).not.toMatch(/content-type|JSON\.parse|Unexpected|prototype property|FST_|position \d/i);
    }
    expect(tried).toBeGreaterThan(100);
  });
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
