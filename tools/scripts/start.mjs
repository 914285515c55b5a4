// `npm start` and `npm run start:stack`: build the frontend when no build is present, then run the product
// in the mode named by the first argument ('embedded' or 'stack').
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import embeddedEnvironment from './embedded-environment.json' with { type: 'json' };
import embeddedNodeFlags from './embedded-node-flags.json' with { type: 'json' };

const root = fileURLToPath(new URL('../..', import.meta.url));
const mode = process.argv[2] === 'stack' ? 'stack' : 'embedded';

if (!process.env.STATIC_DIR && !existsSync(`${root}/frontend/dist/index.html`)) {
  console.log('No frontend build found: building it once (npm run build)…');
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'frontend'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The embedded product is one small always-on process: V8's young generation, which grows to 32 MB while the
// product starts and stays there, is capped at 2 × 4 MB (idle RSS 169 → 137 MB; the report throughput of
// `npm run bench` stayed within its run-to-run noise). See docs/performance.md.
// glibc's malloc gives each thread that allocates an arena of its own and rarely returns their memory: libvips's
// threads decoding pictures grew RSS by tens of MB that stayed. Two arenas, as in the container images (after 1,000
// reports with 2-megapixel pictures: 317 → 273-296 MB). A value set by whoever starts it wins.
const nodeFlags = mode === 'embedded' ? embeddedNodeFlags : [];
const environment = mode === 'embedded' ? { ...embeddedEnvironment, ...process.env } : process.env;
const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', `tools/launch/src/main-${mode}.ts`], { cwd: root, stdio: 'inherit', env: environment });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
