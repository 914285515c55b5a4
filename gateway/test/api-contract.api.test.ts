import { openApiDocument } from '@swarm/api-contract/openapi';
import { apiRoutes } from '@swarm/api-contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registeredApiRoutes } from '../src/routes/contract-route.js';
import { startMemberGateway, type TestGateway } from './member-harness.js';
import { testRoute } from './test-route.js';

const contractOperations = Object.values(apiRoutes)
  .map((route) => `${route.method} ${route.path}`)
  .sort();

describe('the HTTP contract', () => {
  let gateway: TestGateway;
  let unlistedRoute: unknown;
  beforeAll(async () => {
    gateway = await startMemberGateway({
      extraRoutes: (app) => {
        try {
          app.get('/api/member/unlisted', async () => ({}));
        } catch (error) {
          unlistedRoute = error;
        }
        app.route({ ...testRoute('GET', '/api/test/broken-answer', z.object({ count: z.number() })), handler: async () => ({ count: 'many' }) });
      },
    });
  });
  afterAll(async () => {
    await gateway.close();
  });

  it('has every /api route registered with its schemas, and no other', () => {
    const registered = [...(registeredApiRoutes.get(gateway.app) ?? [])].filter((operation) => !operation.includes('/api/test/')).sort();

    expect(registered).toEqual(contractOperations);
  });

  it('refuses to register an /api route that is not in the contract', () => {
    expect(unlistedRoute).toBeInstanceOf(Error);
    expect(String(unlistedRoute)).toContain('GET /api/member/unlisted is not a route of the HTTP contract');
  });

  it('serves the OpenAPI 3.1 document of every route at /api/openapi.json', async () => {
    const response = await fetch(`${gateway.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as ReturnType<typeof openApiDocument>;

    expect(document.openapi).toBe('3.1.0');
    expect(document).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
    const described = Object.entries(document.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(described).toEqual(contractOperations);
  });

  it('fails an answer that breaks its schema as a 500 in the product words, never sending it', async () => {
    const response = await fetch(`${gateway.url}/api/test/broken-answer`);

    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'Something went wrong. Refresh the page and try again.' });
  });

  it("answers a request its schema refuses in the route's own words, never the framework's", async () => {
    const response = await fetch(`${gateway.url}/api/places/autocomplete?input=${'x'.repeat(201)}`);

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Type part of an address (at most 200 characters).' });
  });
});
