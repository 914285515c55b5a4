import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { SWARM_JPEG_BASE64 } from '../load/lib/swarm-picture.js';

/** Load generation with autocannon, in this process; what it loads runs in another (see bench-process.ts). */

export type LoadFigures = {
  /** Answers in the 2xx range per second over the run. */
  okPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ok: number;
  notOk: number;
  errors: number;
};

export type LoadRequest = {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** A fresh body (and its headers) for every request. */
  body?: () => { body: Buffer; headers: Record<string, string> };
};

/**
 * `connections` clients as fast as answers come for `seconds`. A run that gets no 2xx
 * answer at all, or mostly errors, is refused rather than reported: the figure would measure a misconfiguration.
 */
export async function load(url: string, request: LoadRequest, options: { connections: number; seconds: number }): Promise<LoadFigures> {
  const result = await autocannon({
    url: `${url}${request.path}`,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        method: request.method,
        headers: request.headers ?? {},
        ...(request.body
          ? {
              setupRequest: (prepared: autocannon.Request) => {
                const fresh = request.body?.();
                return fresh ? { ...prepared, body: fresh.body, headers: { ...prepared.headers, ...fresh.headers } } : prepared;
              },
            }
          : {}),
      },
    ],
  });
  const ok = result['2xx'];
  const notOk = result.non2xx;
  if (ok === 0 || notOk > ok) {
    throw new Error(`${request.method} ${request.path}: ${ok} answers in 2xx, ${notOk} others (${JSON.stringify(result.statusCodeStats)}), ${result.errors} errors`);
  }
  return { okPerSecond: ok / result.duration, p50Ms: result.latency.p50, p99Ms: result.latency.p99, ok, notOk, errors: result.errors };
}

/**
 * Requests at a steady `ratePerSecond` for `seconds`, each sent at its own moment (every 1/rate s) whether or not
 * earlier ones were answered, as users arrive (k6's constant-arrival-rate). autocannon's own rate lets each
 * connection send its share of a second as fast as it can at the start of the second, so its "steady" load comes in
 * bursts and measures queueing in the burst. Latency runs from the moment a request was due, not from when it
 * went out, so a load generator that falls behind cannot hide the delay (coordinated omission).
 */
export async function steadyLoad(url: string, request: LoadRequest, options: { ratePerSecond: number; seconds: number }): Promise<LoadFigures> {
  const total = Math.round(options.ratePerSecond * options.seconds);
  const intervalMs = 1_000 / options.ratePerSecond;
  const latencies: number[] = [];
  let ok = 0;
  let notOk = 0;
  let errors = 0;
  const statuses: Record<number, number> = {};
  const startedAt = performance.now();
  const sent: Promise<void>[] = [];
  for (let index = 0; index < total; index += 1) {
    const dueAt = startedAt + index * intervalMs;
    const wait = dueAt - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const fresh = request.body?.();
    sent.push(
      fetch(`${url}${request.path}`, { method: request.method, headers: { ...request.headers, ...fresh?.headers }, ...(fresh ? { body: fresh.body } : {}) }).then(
        async (response) => {
          await response.arrayBuffer();
          latencies.push(performance.now() - dueAt);
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
          if (response.status >= 200 && response.status < 300) ok += 1;
          else notOk += 1;
        },
        () => {
          errors += 1;
        },
      ),
    );
  }
  await Promise.all(sent);
  const seconds = (performance.now() - startedAt) / 1_000;
  if (ok === 0 || notOk + errors > ok) {
    throw new Error(`${request.method} ${request.path} at ${options.ratePerSecond}/s: ${ok} answers in 2xx, ${notOk} others (${JSON.stringify(statuses)}), ${errors} errors`);
  }
  return { okPerSecond: ok / seconds, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), ok, notOk, errors };
}

/** Nearest-rank percentile. */
function percentile(values: number[], rank: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1)] ?? 0;
}

const PICTURE = Buffer.from(SWARM_JPEG_BASE64, 'base64');
const BOUNDARY = '----swarm-bench-7d1f2c';
const STREETS = ['Oak St', 'Maple Ave', 'Hive Rd', 'Comb Ct', 'Clover Ln', 'Orchard Way', 'Linden Blvd', 'Apiary Dr'];
let addressCounter = 0;

/**
 * The report form as the site sends it (spec §7 POST /report): multipart with the small JPEG, a fresh idempotency id,
 * and a street address never used before in `town` (so no report is answered as a duplicate of another).
 */
export function reportForm(town: string, picture: Buffer = PICTURE): { body: Buffer; headers: Record<string, string> } {
  addressCounter += 1;
  const fields: Record<string, string> = {
    reporterName: 'Bench Reporter',
    reporterPhone: '5035550199',
    size: 'Softball',
    elevation: '8',
    address: `${addressCounter} ${STREETS[addressCounter % STREETS.length] ?? 'Oak St'}, ${town}`,
    recaptchaToken: 'bench',
    idempotencyId: randomUUID(),
    internalNote: '',
  };
  const parts = Object.entries(fields).map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const body = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="swarm.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    picture,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** One report sent by fetch, for the set-up steps; its id, or an error naming the status. */
export async function submitReport(url: string, town: string, picture?: Buffer): Promise<string> {
  const form = reportForm(town, picture);
  const response = await fetch(`${url}/api/report`, { method: 'POST', headers: form.headers, body: form.body });
  const answer = (await response.json()) as { reportId?: string; message?: string };
  if (response.status !== 201 || !answer.reportId) throw new Error(`report in ${town}: ${response.status} ${answer.message ?? ''}`);
  return answer.reportId;
}
