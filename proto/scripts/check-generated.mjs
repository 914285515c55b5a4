// Fails when proto/gen no longer matches what `buf generate` makes from the .proto files,
// so a schema change cannot land without its regenerated code.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const protoDir = fileURLToPath(new URL('..', import.meta.url));
const committedDir = join(protoDir, 'gen');
const scratchDir = mkdtempSync(join(tmpdir(), 'swarm-proto-'));

function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

try {
  const buf = (...args) => execFileSync('buf', args, { cwd: protoDir, stdio: ['ignore', 'inherit', 'inherit'] });
  buf('lint');
  buf('generate', '--output', scratchDir);
  const fresh = new Map(listFiles(join(scratchDir, 'gen')).map((f) => [relative(join(scratchDir, 'gen'), f), f]));
  const committed = new Map(listFiles(committedDir).map((f) => [relative(committedDir, f), f]));
  const problems = [];
  for (const [name, path] of fresh) {
    if (!committed.has(name)) problems.push(`missing: gen/${name}`);
    else if (readFileSync(path, 'utf8') !== readFileSync(committed.get(name), 'utf8')) problems.push(`stale: gen/${name}`);
  }
  for (const name of committed.keys()) if (!fresh.has(name)) problems.push(`no longer generated: gen/${name}`);
  if (problems.length > 0) {
    console.error(`proto/gen is out of date with the .proto files; run \`npm run proto:generate\`:\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log(`proto/gen is up to date (${fresh.size} files).`);
  }
} finally {
  rmSync(scratchDir, { recursive: true, force: true });
}
