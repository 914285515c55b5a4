import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi.js';
import { apiRoutes } from './routes.js';

const document = openApiDocument();
const operations = Object.entries(document.paths)
  .flatMap(([path, byMethod]) => Object.keys(byMethod).map((method) => `${method.toUpperCase()} ${path}`))
  .sort();

/** Every call docs/api.md names, as `METHOD /api/path` (`GET/PUT /api/x` names two), query strings left out. */
function callsNamedIn(markdown: string): string[] {
  const calls = markdown.matchAll(/\b((?:GET|POST|PUT|PATCH|DELETE)(?:\/(?:GET|POST|PUT|PATCH|DELETE))*) (\/api\/[^\s`?[\]]*)/g);
  return [...new Set([...calls].flatMap(([, methods = '', path = '']) => methods.split('/').map((method) => `${method} ${path.replace(/[.,;:)]+$/, '')}`)))].sort();
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and describes every route of the contract once', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(operations).toEqual(Object.values(apiRoutes).map((route) => `${route.method} ${route.path}`).sort());
    expect(new Set(operations).size).toBe(Object.keys(apiRoutes).length);
  });

  it('names each path parameter of a route in its parameters, and only those', () => {
    for (const route of Object.values(apiRoutes)) {
      const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name).sort();
      const declared = 'params' in route ? Object.keys(route.params.shape).sort() : [];
      expect(declared, `${route.method} ${route.path}`).toEqual(inPath);
    }
  });

  it("describes the form of POST /api/report as multipart, with the reporter's fields and the picture as a file", () => {
    const form = document.paths['/api/report']?.post as { requestBody: { content: Record<string, { schema: { properties: Record<string, { format?: string }> } }> } };
    const schema = form.requestBody.content['multipart/form-data']?.schema;

    expect(Object.keys(schema?.properties ?? {})).toEqual(expect.arrayContaining(['reporterName', 'reporterPhone', 'size', 'elevation', 'address', 'idempotencyId', 'image']));
    expect(schema?.properties.image?.format).toBe('binary');
  });

  it('gives each answer of a member route a 401 and every route the error shape as its default', () => {
    const information = document.paths['/api/member/information']?.get as { responses: Record<string, unknown> };
    const health = document.paths['/api/health']?.get as { responses: Record<string, unknown> };

    expect(Object.keys(information.responses)).toEqual(expect.arrayContaining(['200', '401', 'default']));
    expect(Object.keys(health.responses)).not.toContain('401');
    expect(information.responses.default).toMatchObject({
      content: { 'application/json': { schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } } },
    });
  });
});

describe('docs/api.md', () => {
  const markdown = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');

  it('finds the calls the page names, also two methods on one path', () => {
    expect(callsNamedIn('`GET/PUT /api/member/information` and `DELETE /api/member/devices/{deviceId}`, also GET /api/config.')).toEqual([
      'DELETE /api/member/devices/{deviceId}',
      'GET /api/config',
      'GET /api/member/information',
      'PUT /api/member/information',
    ]);
  });

  it('describes every route of the OpenAPI document', () => {
    const named = new Set(callsNamedIn(markdown));
    expect(operations.filter((operation) => !named.has(operation))).toEqual([]);
  });

  it('names no route the OpenAPI document does not have', () => {
    const described = new Set(operations);
    expect(callsNamedIn(markdown).filter((call) => !described.has(call))).toEqual([]);
  });
});
