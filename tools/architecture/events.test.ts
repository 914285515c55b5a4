import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function files(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules') return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, keep);
    return keep(name) ? [path] : [];
  });
}

const isSource = (name: string) => /\.ts$/.test(name) && !/\.(test|contract)\.ts$/.test(name) && !/test-support\.ts$/.test(name);
const isTest = (name: string) => /\.test\.ts$/.test(name);
const serviceDirs = readdirSync(join(root, 'services')).filter((name) => name !== 'runtime').map((name) => join(root, 'services', name, 'src'));
const read = (path: string) => readFileSync(path, 'utf8');

/** The event types of the catalog, by the name of their constant ("ReportSubmittedEvent"). */
const catalog = [...read(join(root, 'services/runtime/src/events/catalog.ts')).matchAll(/export const (\w+Event) = defineEventType\('([\w.]+)'/g)].map(
  ([, constant, type]) => ({ constant: constant as string, type: type as string }),
);
/** The messages declared in proto/swarm/<context>/v1/events.proto: every one is an event type of the catalog. */
const declared = files(join(root, 'proto/swarm'), (name) => name === 'events.proto').flatMap((path) =>
  [...read(path).matchAll(/^\/\/ Published on subject swarm\.events\.([\w.]+)[\s\S]*?^message (\w+) \{/gm)].map(([, type, message]) => ({ type, message, path })),
);

const sources = serviceDirs.flatMap((dir) => files(dir, isSource)).map((path) => ({ path, text: read(path) }));
const tests = [...serviceDirs, join(root, 'tools/launch/test')].flatMap((dir) => files(dir, isTest)).map((path) => ({ path, text: read(path) }));

describe('events', () => {
  it('are all in the catalog', () => {
    expect(declared.length).toBeGreaterThan(0);
    for (const { type, path } of declared) expect(catalog.map((event) => event.type), `${relative(root, path)}: ${type}`).toContain(type);
  });

  it.each(catalog)('$type is published through an outbox and has a consumer in another service, with a test', ({ constant }) => {
    const publishers = sources.filter(({ text }) => text.includes(`${constant}.toMessage(`)).map(({ path }) => relative(root, path));
    const consumers = sources.filter(({ text }) => new RegExp(`subscribeTo\\([^)]*\\b${constant}\\b`).test(text)).map(({ path }) => relative(root, path));
    expect(publishers, 'published by a service').not.toEqual([]);
    expect(consumers, 'consumed by a service').not.toEqual([]);
    const service = (path: string) => path.split('/')[1];
    expect(consumers.some((consumer) => !publishers.map(service).includes(service(consumer))), 'consumed by another service than its publisher').toBe(true);
    // Published only as an outbox message: the codec hands it to a repository, never to the bus.
    for (const { path, text } of sources.filter(({ text }) => text.includes(`${constant}.toMessage(`))) {
      expect(/\bbus\.publish\(/.test(text), `${relative(root, path)} publishes to the bus directly`).toBe(false);
    }
    expect(tests.some(({ text }) => text.includes(constant)), 'a test publishes or reads it').toBe(true);
  });
});
