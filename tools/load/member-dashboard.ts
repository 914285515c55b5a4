/**
 * Member dashboard: members keep opening the member area, which loads their information, associations and the
 * Active and Claimed Swarms lists.
 *
 *   k6 run -e BASE_URL=https://swarm.example.org -e SESSION_COOKIE='__Host-swarm_session=…' tools/load/member-dashboard.ts
 *
 * One login for the run (SESSION_COOKIE, or MEMBER_EMAIL on a product with the dev outbox); DASHBOARD_VUS members
 * (default 50) each open the dashboard every THINK_SECONDS (default 2) for DURATION (default 2m).
 */
import { sleep } from 'k6';
import type { Options } from 'k6/options';
import { baseUrl, optional, positiveNumber } from './lib/environment.ts';
import { memberCookie, visitDashboard, type MemberCookie } from './lib/member-session.ts';

const thinkSeconds = positiveNumber('THINK_SECONDS', 2);

export const options: Options = {
  scenarios: {
    dashboard: { executor: 'constant-vus', vus: positiveNumber('DASHBOARD_VUS', 50), duration: optional('DURATION', '2m') },
  },
  thresholds: {
    'http_req_duration{name:GET /api/member/report/active}': ['p(95)<150', 'p(99)<300'],
    'http_req_duration{name:GET /api/member/report/claimed}': ['p(95)<150', 'p(99)<300'],
    'http_req_failed{scenario:dashboard}': ['rate<0.01'],
    checks: ['rate>0.99'],
  },
};

type Setup = { baseUrl: string; cookie: MemberCookie };

export function setup(): Setup {
  const url = baseUrl();
  return { baseUrl: url, cookie: memberCookie(url) };
}

export default function member(data: Setup): void {
  visitDashboard(data.baseUrl, data.cookie);
  sleep(thinkSeconds * (0.5 + Math.random()));
}
