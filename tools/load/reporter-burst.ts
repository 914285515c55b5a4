/**
 * Reporter burst: reporters submit swarm reports (multipart, with a picture) at a rising then steady rate.
 *
 *   k6 run -e BASE_URL=https://swarm.example.org tools/load/reporter-burst.ts
 *
 * REPORT_RATE reports per second (default 20) held for DURATION (default 2m) after a RAMP (default 30s). Every
 * report has a fresh idempotency id and a street address in one of REPORT_PLACES, which a member of a funded
 * association must cover (otherwise the product answers 404). See docs/load-testing.md.
 */
import type { Options } from 'k6/options';
import { baseUrl, optional, positiveNumber } from './lib/environment.ts';
import { reportPlaces, submitReport } from './lib/reports.ts';

const rate = positiveNumber('REPORT_RATE', 20);

export const options: Options = {
  scenarios: {
    reporters: {
      executor: 'ramping-arrival-rate',
      startRate: 1,
      timeUnit: '1s',
      preAllocatedVUs: Math.ceil(rate),
      maxVUs: Math.ceil(rate * 10),
      stages: [
        { target: rate, duration: optional('RAMP', '30s') },
        { target: rate, duration: optional('DURATION', '2m') },
      ],
    },
  },
  thresholds: {
    'http_req_duration{name:POST /api/report}': ['p(95)<250', 'p(99)<500'],
    'http_req_failed{name:POST /api/report}': ['rate<0.01'],
    checks: ['rate>0.99'],
    // Arrivals k6 could not start because every VU was still waiting: the product fell behind the rate.
    dropped_iterations: ['count<10'],
  },
};

type Setup = { baseUrl: string; places: string[] };

export function setup(): Setup {
  return { baseUrl: baseUrl(), places: reportPlaces() };
}

export default function reporter(data: Setup): void {
  submitReport(data.baseUrl, data.places);
}
