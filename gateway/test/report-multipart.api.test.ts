import { request as httpRequest } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RecordingImageStore } from './gateway-harness.js';

/** A raw multipart body, so tests can break it in ways FormData never would. */
function multipart(boundary: string, parts: { name: string; value: string | Buffer; filename?: string }[], options: { close?: boolean } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename ? 'Content-Type: image/png\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  if (options.close !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function reportFields(overrides: Record<string, string> = {}): { name: string; value: string }[] {
  const fields: Record<string, string> = {
    reporterName: 'Ada',
    reporterPhone: '5551234567',
    size: 'Softball',
    elevation: '3',
    address: `${Math.floor(Math.random() * 100_000)} Apiary Lane, Portland, OR, USA`,
    recaptchaToken: 'token',
    idempotencyId: randomUUID(),
    ...overrides,
  };
  return Object.entries(fields).map(([name, value]) => ({ name, value }));
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

const onePixelPng = () => sharp({ create: { width: 1, height: 1, channels: 3, background: '#ffffff' } }).png().toBuffer();

type Raw = { status: number; body: string; contentType: string };

describe('POST /api/report with a malformed multipart body', () => {
  let app: FastifyInstance;
  let url: URL;
  let images: RecordingImageStore;
  beforeAll(async () => {
    let base: string;
    ({ app, url: base, images } = await startGateway());
    url = new URL('/api/report', base);
  });
  afterAll(async () => app.close());

  /** Sends exactly these bytes with this content type (fetch would fix a broken body). */
  function send(contentType: string, body: Buffer, headers: Record<string, string> = {}): Promise<Raw> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(url, { method: 'POST', headers: { 'content-type': contentType, 'content-length': String(body.length), ...headers } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, contentType: String(response.headers['content-type']) }));
      });
      request.on('error', reject);
      request.end(body);
    });
  }

  const boundary = 'swarmboundary123';
  const cases: [string, () => [string, Buffer]][] = [
    ['a truncated body', () => [`multipart/form-data; boundary=${boundary}`, multipart(boundary, reportFields(), { close: false }).subarray(0, 200)]],
    ['no boundary', () => [`multipart/form-data`, multipart(boundary, reportFields())]],
    ['a boundary the body does not use', () => [`multipart/form-data; boundary=other`, multipart(boundary, reportFields())]],
    ['a boundary over 70 characters', () => [`multipart/form-data; boundary=${'b'.repeat(71)}`, multipart('b'.repeat(71), reportFields())]],
    ['a second file', () => [`multipart/form-data; boundary=${boundary}`, multipart(boundary, [...reportFields(), { name: 'image', value: PNG, filename: 'a.png' }, { name: 'image', value: PNG, filename: 'b.png' }])]],
    ['a file under another name', () => [`multipart/form-data; boundary=${boundary}`, multipart(boundary, [...reportFields(), { name: 'picture', value: PNG, filename: 'a.png' }])]],
    ['too many fields', () => [`multipart/form-data; boundary=${boundary}`, multipart(boundary, [...reportFields(), ...Array.from({ length: 30 }, (_, index) => ({ name: `extra${index}`, value: 'x' }))])]],
    ['a field named __proto__', () => [`multipart/form-data; boundary=${boundary}`, multipart(boundary, [...reportFields(), { name: '__proto__', value: 'x' }])]],
    ['a field named constructor', () => [`multipart/form-data; boundary=${boundary}`, multipart(boundary, [...reportFields(), { name: 'constructor', value: 'x' }])]],
    ['a duplicate field', () => [`multipart/form-data; boundary=${boundary}`, multipart(boundary, [...reportFields(), { name: 'reporterName', value: 'Eve' }])]],
    ['a malformed part header', () => [`multipart/form-data; boundary=${boundary}`, Buffer.from(`--${boundary}\r\nthis is not a header\r\n\r\nx\r\n--${boundary}--\r\n`)]],
    ['an empty body', () => [`multipart/form-data; boundary=${boundary}`, Buffer.alloc(0)]],
  ];

  it('accepts the same body when it is well formed, so each refusal below is the defect it names', async () => {
    const answer = await send(`multipart/form-data; boundary="${boundary}"`, multipart(boundary, [...reportFields(), { name: 'image', value: await onePixelPng(), filename: 'a.png' }]));
    expect(answer.status).toBe(201);
  });

  it.each(cases)('answers 400 or 413 with {message} to %s, storing nothing', async (_name, build) => {
    const [contentType, body] = build();
    const before = images.saved.length;
    const answer = await send(contentType, body);
    expect([400, 413]).toContain(answer.status);
    expect(answer.contentType).toContain('application/json');
    const parsed = JSON.parse(answer.body) as Record<string, unknown>;
    expect(typeof parsed.message).toBe('string');
    expect(Object.keys(parsed).every((key) => key === 'message' || key === 'errors')).toBe(true);
    expect(images.saved.length).toBe(before);
  });
});
