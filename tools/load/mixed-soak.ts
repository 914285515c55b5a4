/**
 * Mixed soak: the product's everyday traffic held for a long time, to find what grows (memory, latency, queues):
 * visitors on the landing page and address suggestions, reporters, members on their dashboard and, when Twilio's
 * webhook can be signed, members texting HELP.
 *
 *   k6 run -e BASE_URL=https://swarm.example.org -e SESSION_COOKIE='…' tools/load/mixed-soak.ts
 *
 * DURATION (default 30m); VISITOR_RATE (default 5/s), REPORT_RATE (default 1/s), DASHBOARD_VUS (default 20),
 * SMS_RATE (default 1/s). The dashboard runs with SESSION_COOKIE or MEMBER_EMAIL, the SMS with TWILIO_AUTH_TOKEN and
 * MEMBER_PHONES. See docs/load-testing.md.
 */
import { check, sleep } from 'k6';
import http from 'k6/http';
import type { Options, Scenario } from 'k6/options';
import { baseUrl, list, optional, positiveNumber } from './lib/environment.ts';
import { memberCookie, visitDashboard, type MemberCookie } from './lib/member-session.ts';
import { reportPlaces, submitReport } from './lib/reports.ts';
import { postInboundSms } from './lib/twilio.ts';

const duration = optional('DURATION', '30m');
const withDashboard = optional('SESSION_COOKIE', '') !== '' || optional('MEMBER_EMAIL', '') !== '';
const smsPhones = list('MEMBER_PHONES');
const withSms = optional('TWILIO_AUTH_TOKEN', '') !== '' && smsPhones.length > 0;

const arrivals = (rate: number, exec: string): Scenario => ({
  executor: 'constant-arrival-rate',
  rate,
  timeUnit: '1s',
  duration,
  preAllocatedVUs: Math.max(2, Math.ceil(rate * 2)),
  maxVUs: Math.max(10, Math.ceil(rate * 20)),
  exec,
});

const scenarios: Record<string, Scenario> = {
  visitors: arrivals(positiveNumber('VISITOR_RATE', 5), 'visitor'),
  reporters: arrivals(positiveNumber('REPORT_RATE', 1), 'reporter'),
};
const thresholds: Record<string, string[]> = {
  'http_req_duration{scenario:visitors}': ['p(95)<200', 'p(99)<500'],
  'http_req_failed{scenario:visitors}': ['rate<0.01'],
  'http_req_duration{scenario:reporters}': ['p(95)<250', 'p(99)<500'],
  'http_req_failed{scenario:reporters}': ['rate<0.01'],
  checks: ['rate>0.99'],
  dropped_iterations: ['count<10'],
};
if (withDashboard) {
  scenarios.dashboard = { executor: 'constant-vus', vus: positiveNumber('DASHBOARD_VUS', 20), duration, exec: 'member' };
  thresholds['http_req_duration{scenario:dashboard}'] = ['p(95)<150', 'p(99)<300'];
  thresholds['http_req_failed{scenario:dashboard}'] = ['rate<0.01'];
}
if (withSms) {
  scenarios.sms = arrivals(positiveNumber('SMS_RATE', 1), 'texter');
  thresholds['http_req_duration{scenario:sms}'] = ['p(95)<100', 'p(99)<200'];
  thresholds['http_req_failed{scenario:sms}'] = ['rate<0.01'];
}

export const options: Options = { scenarios, thresholds };

type Setup = { baseUrl: string; places: string[]; cookie: MemberCookie | undefined };

export function setup(): Setup {
  const url = baseUrl();
  return { baseUrl: url, places: reportPlaces(), cookie: withDashboard ? memberCookie(url) : undefined };
}

const TYPED = ['Po', 'Port', 'Portla', '12 Oak St, Eug', 'Sal', '7 Hive Rd, Sea'];

/** A visitor opens the landing page, which asks for the client configuration and suggests addresses as they type. */
export function visitor(data: Setup): void {
  const landing = http.get(`${data.baseUrl}/`, { tags: { name: 'GET /' } });
  check(landing, { 'landing page 200': (r) => r.status === 200 });
  http.get(`${data.baseUrl}/api/config`, { tags: { name: 'GET /api/config' } });
  const input = TYPED[Math.floor(Math.random() * TYPED.length)] ?? 'Po';
  const suggestions = http.get(`${data.baseUrl}/api/places/autocomplete?input=${encodeURIComponent(input)}`, { tags: { name: 'GET /api/places/autocomplete' } });
  check(suggestions, { 'suggestions 200': (r) => r.status === 200 });
}

export function reporter(data: Setup): void {
  submitReport(data.baseUrl, data.places);
}

export function member(data: Setup): void {
  if (data.cookie) visitDashboard(data.baseUrl, data.cookie);
  sleep(5 * (0.5 + Math.random()));
}

/** HELP gets the help text: the signed webhook and the notification service's inbound path, without claiming. */
export function texter(data: Setup): void {
  const phone = smsPhones[Math.floor(Math.random() * smsPhones.length)] ?? '';
  const response = postInboundSms(data.baseUrl, { from: phone, body: 'HELP' });
  check(response, { 'webhook answered 200 with TwiML': (r) => r.status === 200 && String(r.body).includes('<Response>') });
}
