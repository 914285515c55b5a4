import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
