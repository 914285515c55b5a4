import { check, fail } from 'k6';
import http from 'k6/http';
import { optional } from './environment.ts';

/** The cookie header a logged-in member's browser sends, e.g. `__Host-swarm_session=…`. */
export type MemberCookie = string;

/**
 * Logs a member in once for the whole run, in `setup()`:
 * - SESSION_COOKIE (`name=value`, copied from a logged-in browser's cookie for the site) works against any deployment;
 * - MEMBER_EMAIL asks for a magic link and opens it from the dev outbox (`/api/dev/outbox`), which only a product
 *   sending email to its dev outbox has (the embedded `npm start`), reached from its own machine.
 */
export function memberCookie(baseUrl: string): MemberCookie {
  const given = optional('SESSION_COOKIE', '');
  if (given !== '') {
    if (!/^[^=;\s]+=[^;\s]+$/.test(given)) fail('SESSION_COOKIE must be name=value, as in a Cookie header');
    return given;
  }
  const email = optional('MEMBER_EMAIL', '');
  if (email === '') fail('set SESSION_COOKIE (any deployment) or MEMBER_EMAIL (a deployment with the dev outbox)');
  return loginThroughDevOutbox(baseUrl, email);
}

function loginThroughDevOutbox(baseUrl: string, email: string): MemberCookie {
  const asked = http.post(`${baseUrl}/api/oauth/magic-login/member`, JSON.stringify({ destination: email, recaptchaToken: optional('RECAPTCHA_TOKEN', 'load-test') }), {
    headers: { 'content-type': 'application/json' },
    tags: { name: 'POST /api/oauth/magic-login/member' },
  });
  if (!check(asked, { 'login link sent': (r) => r.status === 200 })) fail(`asking for a login link answered ${asked.status}: ${String(asked.body)}`);
  const outbox = http.get(`${baseUrl}/api/dev/outbox`, { tags: { name: 'GET /api/dev/outbox' } });
  if (outbox.status !== 200) fail(`the dev outbox answered ${outbox.status}: use SESSION_COOKIE against this deployment`);
  const messages = (outbox.json('messages') ?? []) as { to?: string; text?: string }[];
  const link = messages.find((message) => message.to === email)?.text?.match(/https?:\/\/\S+/)?.[0];
  if (!link) fail(`no login link for ${email} in the dev outbox`);
  const callback = link.replace(/^https?:\/\/[^/]+/, baseUrl);
  const opened = http.get(callback, { redirects: 0, tags: { name: 'GET magic-link callback' } });
  const setCookie = opened.headers['Set-Cookie'] ?? '';
  const cookie = setCookie.split(';')[0] ?? '';
  if (!check(opened, { 'login link opened a session': (r) => r.status === 303 && cookie.includes('=') })) fail(`opening the login link answered ${opened.status}`);
  return cookie;
}

/** One visit of the member area: what the dashboard loads when it opens (spec §7), with the member's cookie. */
export function visitDashboard(baseUrl: string, cookie: MemberCookie): void {
  // The session travels in an explicit header, so k6's per-VU cookie jar neither drops nor duplicates it.
  const params = (name: string) => ({ headers: { cookie }, tags: { name } });
  const responses = http.batch([
    ['GET', `${baseUrl}/api/member/information`, null, params('GET /api/member/information')],
    ['GET', `${baseUrl}/api/member/company`, null, params('GET /api/member/company')],
    ['GET', `${baseUrl}/api/member/report/active`, null, params('GET /api/member/report/active')],
    ['GET', `${baseUrl}/api/member/report/claimed`, null, params('GET /api/member/report/claimed')],
  ]);
  for (const response of responses) {
    check(response, {
      'member call answered 200': (r) => r.status === 200,
      'still logged in (no 401/403)': (r) => r.status !== 401 && r.status !== 403,
    });
  }
}
