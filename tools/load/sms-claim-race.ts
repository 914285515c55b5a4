/**
 * SMS claim race: RACERS members (default 100) reply with the same claim code at the same instant through Twilio's
 * signed webhook. Exactly one must be told the swarm is theirs.
 *
 *   k6 run -e BASE_URL=https://swarm.example.org -e TWILIO_AUTH_TOKEN=… -e MEMBER_PHONES=5035550101,5035550102 \
 *          -e CLAIM_CODE=12345 tools/load/sms-claim-race.ts
 *
 * MEMBER_PHONES are the ten-digit numbers of members alerted about the swarm whose code is CLAIM_CODE (racers take
 * them in turn). On a product with the dev outbox, leave both out: setup submits a report in REPORT_PLACES and reads
 * the code, and the numbers it was sent to, from the alert SMS. See docs/load-testing.md.
 */
import { check, fail, sleep } from 'k6';
import http from 'k6/http';
import { Counter } from 'k6/metrics';
import type { Options } from 'k6/options';
import exec from 'k6/execution';
import { baseUrl, list, optional, positiveNumber, required } from './lib/environment.ts';
import { reportPlaces, submitReport } from './lib/reports.ts';
import { postInboundSms, WON_CLAIM } from './lib/twilio.ts';

const racers = positiveNumber('RACERS', 100);
const claimWins = new Counter('claim_wins');
const claimLosses = new Counter('claim_losses');

export const options: Options = {
  scenarios: {
    race: { executor: 'per-vu-iterations', vus: racers, iterations: 1, maxDuration: '1m' },
  },
  thresholds: {
    claim_wins: ['count==1'],
    'http_req_duration{name:POST /api/sms/inbound}': ['p(95)<100', 'p(99)<150'],
    'http_req_failed{name:POST /api/sms/inbound}': ['rate==0'],
    checks: ['rate==1'],
  },
};

type Setup = { baseUrl: string; claimCode: string; phones: string[]; startAt: number };

type OutboxSms = { to?: string; body?: string };

function outboxSms(url: string): OutboxSms[] {
  const outbox = http.get(`${url}/api/dev/outbox`, { tags: { name: 'GET /api/dev/outbox' } });
  if (outbox.status !== 200) fail(`the dev outbox answered ${outbox.status}: give CLAIM_CODE and MEMBER_PHONES against this deployment`);
  return (outbox.json('sms') ?? []) as OutboxSms[];
}

/**
 * The code of the first alert SMS in the dev outbox that `known` did not hold, and the numbers it went to, waiting
 * up to 20 seconds for it and 2 more for the rest of the wave.
 */
function newAlert(url: string, known: Set<string>): { code: string; phones: string[] } {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const code = outboxSms(url)
      .map((sms) => sms.body ?? '')
      .find((text) => !known.has(text))
      ?.match(/reply with the code (\d{5})$/)?.[1];
    if (code) {
      sleep(2);
      const alerted = outboxSms(url).filter((sms) => (sms.body ?? '').endsWith(` ${code}`));
      return { code, phones: alerted.map((sms) => (sms.to ?? '').replace(/\D/g, '').slice(-10)) };
    }
    sleep(0.5);
  }
  return fail('no new alert SMS in the dev outbox within 20 s: does a member cover REPORT_PLACES?');
}

export function setup(): Setup {
  const url = baseUrl();
  required('TWILIO_AUTH_TOKEN');
  let phones = list('MEMBER_PHONES');
  let claimCode = optional('CLAIM_CODE', '');
  if (claimCode === '') {
    const known = new Set(outboxSms(url).map((sms) => sms.body ?? ''));
    const report = submitReport(url, reportPlaces());
    if (report.status !== 201) fail(`the race's report answered ${report.status}`);
    const alert = newAlert(url, known);
    claimCode = alert.code;
    if (phones.length === 0) phones = alert.phones;
  }
  if (!/^\d{5}$/.test(claimCode)) fail('CLAIM_CODE is the 5-digit code of the alert');
  if (phones.length === 0 || phones.some((phone) => !/^\d{10}$/.test(phone))) fail('MEMBER_PHONES: ten-digit numbers of alerted members, comma-separated');
  // Every racer waits for the same instant, so the claims arrive together rather than as VUs start.
  return { baseUrl: url, claimCode, phones, startAt: Date.now() + 2_000 };
}

export default function racer(data: Setup): void {
  sleep(Math.max(0, data.startAt - Date.now()) / 1_000);
  const phone = data.phones[(exec.vu.idInTest - 1) % data.phones.length] ?? '';
  const response = postInboundSms(data.baseUrl, { from: phone, body: data.claimCode });
  const won = WON_CLAIM.test(String(response.body));
  if (won) claimWins.add(1);
  else claimLosses.add(1);
  check(response, {
    'webhook answered 200 with TwiML': (r) => r.status === 200 && String(r.body).includes('<Response>'),
  });
}
