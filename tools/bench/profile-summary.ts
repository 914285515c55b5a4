/**
 * Where a CPU profile's busy time went, as text: shares by package (or by file of this repository) and the functions
 * with the most self time. For the profiles `npm run bench -- --profile DIR` writes.
 *
 *   npx tsx tools/bench/profile-summary.ts DIR/CPU.….cpuprofile [--top 25]
 *
 * Shares are of the busy time: the samples where the process was idle are left out, so a product that waited while
 * its baseline ran is not diluted.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const USAGE = 'usage: npx tsx tools/bench/profile-summary.ts FILE.cpuprofile [--top N]';

function refuse(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '25' } } });
  } catch (error) {
    return refuse((error as Error).message);
  }
})();
const file = positionals[0] ?? refuse('Which profile?');
const top = Number(values.top);
if (!Number.isInteger(top) || top < 1) refuse('--top takes a positive whole number');

function readProfile(path: string): CpuProfile {
  let parsed: Partial<CpuProfile>;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<CpuProfile>;
  } catch (error) {
    return refuse(`${path} cannot be read as JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed.nodes) || !Array.isArray(parsed.samples) || !Array.isArray(parsed.timeDeltas)) {
    return refuse(`${path} is not a V8 CPU profile (no nodes, samples and timeDeltas)`);
  }
  return parsed as CpuProfile;
}

const profile = readProfile(file);
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A file's path inside this repository or node_modules, or Node's own module name. */
function shortPath(url: string): string {
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const dependency = /node_modules\/(.+)$/.exec(path);
  if (dependency?.[1]) return dependency[1];
  return path.startsWith(repositoryRoot) ? path.slice(repositoryRoot.length) : path;
}

/** A package of node_modules, a service or part of this repository (its first two folders), or Node's own module. */
function ownerOf(url: string): string {
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency?.[1]) return dependency[1];
  if (url === '') return '(V8 and native)';
  const path = shortPath(url);
  return path.startsWith('/') || path.startsWith('node:') ? path : path.split('/').slice(0, 2).join('/');
}

const byOwner = new Map<string, number>();
const byFunction = new Map<string, number>();
let busy = 0;
profile.samples.forEach((nodeId, index) => {
  const node = nodes.get(nodeId);
  const micros = profile.timeDeltas[index] ?? 0;
  if (!node || node.callFrame.functionName === '(idle)') return;
  busy += micros;
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  byOwner.set(ownerOf(url), (byOwner.get(ownerOf(url)) ?? 0) + micros);
  // Line and column as the process ran the file: tsx's output for this repository's TypeScript, so for those the
  // column is what tells two functions of a file apart.
  const name = `${functionName || '(anonymous)'} ${shortPath(url)}${url ? `:${lineNumber + 1}:${columnNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
});

const share = (micros: number) => `${((100 * micros) / busy).toFixed(1).padStart(5)}%`;
const largest = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
console.log(`busy ${(busy / 1_000).toFixed(0)} ms of ${(profile.timeDeltas.reduce((sum, delta) => sum + delta, 0) / 1_000).toFixed(0)} ms`);
console.log('\nby package or folder');
for (const [owner, micros] of largest(byOwner)) console.log(`${share(micros)}  ${owner}`);
console.log('\nby function (self time)');
for (const [name, micros] of largest(byFunction)) console.log(`${share(micros)}  ${name}`);
