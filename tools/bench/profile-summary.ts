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
import { parseArgs } from 'node:util';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '25' } } });
const file = positionals[0];
if (!file) throw new Error('usage: profile-summary.ts FILE.cpuprofile [--top N]');
const top = Number(values.top);

const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const repositoryRoot = new URL('../..', import.meta.url).pathname;

/** A package of node_modules, a file of this repository's first two folders, or Node's own module. */
function ownerOf(url: string): string {
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency?.[1]) return dependency[1];
  const path = url.replace(/^file:\/\//, '');
  if (path.startsWith(repositoryRoot)) return path.slice(repositoryRoot.length).split('/').slice(0, 2).join('/');
  return url === '' ? '(V8 and native)' : url;
}

const byOwner = new Map<string, number>();
const byFunction = new Map<string, number>();
let busy = 0;
profile.samples.forEach((nodeId, index) => {
  const node = nodes.get(nodeId);
  const micros = profile.timeDeltas[index] ?? 0;
  if (!node || node.callFrame.functionName === '(idle)') return;
  busy += micros;
  const { functionName, url, lineNumber } = node.callFrame;
  byOwner.set(ownerOf(url), (byOwner.get(ownerOf(url)) ?? 0) + micros);
  const name = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|work\/[^/]+)\//, '')}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
});

const share = (micros: number) => `${((100 * micros) / busy).toFixed(1).padStart(5)}%`;
const largest = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
console.log(`busy ${(busy / 1_000).toFixed(0)} ms of ${(profile.timeDeltas.reduce((sum, delta) => sum + delta, 0) / 1_000).toFixed(0)} ms`);
console.log('\nby package or folder');
for (const [owner, micros] of largest(byOwner)) console.log(`${share(micros)}  ${owner}`);
console.log('\nby function (self time)');
for (const [name, micros] of largest(byFunction)) console.log(`${share(micros)}  ${name}`);
