import { randomBytes } from 'node:crypto';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError } from '@connectrpc/connect';
import { claimWithTokenOutcomes } from '@swarm/proto/labels';
import { domainErrorCode, errorAnswerOf } from '@swarm/runtime';
import { apiRoutes } from '@swarm/api-contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hostnameOf, isLoopbackAddress, isLoopbackName } from '../auth/site-identity.js';
import type { ServiceClients } from '../clients/service-clients.js';
import { escapeHtml } from '../mail/login-email.js';
import type { DevOutbox, OutboxEntry } from '../mail/dev-outbox.js';
import { HttpError } from '../mappers/http-errors.js';
import { contractRoute } from './contract-route.js';
import { acceptFormBodies } from './sms-inbound.js';

/** An SMS the notification service kept in its dev outbox instead of sending. */
type DevSms = { to: string; body: string; sentAt: string };
/** A push notification the notification service kept in its dev outbox instead of sending, as the device would show it. */
type DevNotification = { deviceName: string; memberId: string; title: string; body: string; imageUrl: string; claimToken: string; sentAt: string };
/** A reply the operator sent from the page as a member, with what the product answered. */
type DevSmsExchange = { from: string; body: string; reply: string; at: string };
/**
 * A notification's Claim pressed on the page, with what the product answered: the outcome of ClaimWithToken
 * (`claimed`, `already-yours`, `taken`, `over`, `test`), or `refused` for a token it no longer takes (expired).
 */
type DevNotificationClaim = { deviceName: string; claimToken: string; outcome: string; message: string; claimCode: string; at: string };

/** Where the page's Claim buttons post. */
export const DEV_OUTBOX_CLAIM_PATH = '/dev/outbox/notifications/claim';
/** A claim token is at most 512 characters: the form is far below this. */
const CLAIM_FORM_BODY_LIMIT = 2 * 1024;

const MAX_EXCHANGES = 50;
const MAX_REPLY_LENGTH = 1600;

const LINK = /https?:\/\/[^\s<>"']+/g;

/** Text with every URL made clickable, everything escaped. */
function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const index = match.index ?? 0;
    html += escapeHtml(text.slice(last, index));
    html += `<a href="${escapeHtml(match[0])}">${escapeHtml(match[0])}</a>`;
    last = index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

/** The SMS section: alerts and location texts, each with a form to answer as the member it went to. */
function smsSection(sms: DevSms[] | 'unavailable' | undefined, exchanges: DevSmsExchange[]): string {
  if (sms === undefined) return '';
  if (sms === 'unavailable') return '<h2>SMS</h2>\n<p>The notification service could not be asked for its SMS.</p>';
  const messages = sms
    .map(
      (message) => `<article class="sms">
<p class="meta">SMS to ${escapeHtml(message.to)} at ${escapeHtml(message.sentAt)}</p>
<pre>${linkify(message.body)}</pre>
<form method="post" action="/dev/outbox/sms/reply">
<input type="hidden" name="to" value="${escapeHtml(message.to)}">
<label>Reply as ${escapeHtml(message.to)} <input name="body" maxlength="${MAX_REPLY_LENGTH}" required></label>
<button type="submit">Send reply</button>
</form>
</article>`,
    )
    .join('\n');
  const replies = exchanges
    .map(
      (exchange) => `<li>${escapeHtml(exchange.at)}: ${escapeHtml(exchange.from)} sent <q>${escapeHtml(exchange.body)}</q>, the product answered <q>${escapeHtml(exchange.reply)}</q></li>`,
    )
    .join('\n');
  return `<h2>SMS</h2>
${replies ? `<h3>Replies sent from this page</h3>\n<ul>\n${replies}\n</ul>` : ''}
${messages || '<p>No SMS yet.</p>'}`;
}

/** The claim page of a token, as a tap on the notification opens it (the service worker's `claimPagePath`). */
const claimPagePath = (claimToken: string) => `/claim/${encodeURIComponent(claimToken)}`;

/** A notification's actions: Claim, as its Claim button does on the phone, and Open, as a tap on it does. */
function notificationActions(notification: DevNotification): string {
  if (!notification.claimToken) return '';
  return `<p class="meta">Claim token: <code>${escapeHtml(notification.claimToken)}</code></p>
<form method="post" action="${DEV_OUTBOX_CLAIM_PATH}">
<input type="hidden" name="token" value="${escapeHtml(notification.claimToken)}">
<button type="submit">Claim</button>
<a href="${escapeHtml(claimPagePath(notification.claimToken))}">Open</a>
</form>`;
}

/** The notifications section: what each device would have shown, with the alerts' Claim and Open. */
function notificationsSection(notifications: DevNotification[] | 'unavailable' | undefined, claims: DevNotificationClaim[]): string {
  if (notifications === undefined) return '';
  if (notifications === 'unavailable') return '<h2>Notifications</h2>\n<p>The notification service could not be asked for its notifications.</p>';
  const items = notifications
    .map(
      (notification) => `<article class="notification">
<p class="meta">Notification on ${escapeHtml(notification.deviceName)} (member ${escapeHtml(notification.memberId)}) at ${escapeHtml(notification.sentAt)}</p>
<p><strong>${escapeHtml(notification.title)}</strong></p>
<pre>${linkify(notification.body)}</pre>
${notificationActions(notification)}
</article>`,
    )
    .join('\n');
  const answers = claims
    .map(
      (claim) =>
        `<li>${escapeHtml(claim.at)}: Claim on ${escapeHtml(claim.deviceName)}${claim.claimCode ? ` (swarm ${escapeHtml(claim.claimCode)})` : ''}, the product answered <q>${escapeHtml(claim.outcome)}: ${escapeHtml(claim.message)}</q></li>`,
    )
    .join('\n');
  return `<h2>Notifications</h2>
${answers ? `<h3>Claims sent from this page</h3>\n<ul>\n${answers}\n</ul>` : ''}
${items || '<p>No notifications yet.</p>'}`;
}

/** The page: the SMS and notification sections (empty when those are really sent), then the emails. */
function page(entries: OutboxEntry[], otherSections = ''): string {
  const items = entries
    .map(
      (entry) => `<article>
<h2>${escapeHtml(entry.subject)}</h2>
<p class="meta">${escapeHtml(entry.channel)} to ${escapeHtml(entry.to)} at ${escapeHtml(entry.sentAt)}</p>
<pre>${linkify(entry.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev outbox</title>
<style>body{font-family:sans-serif;max-width:600px;margin:1rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:.5rem 0}pre{white-space:pre-wrap;overflow-wrap:anywhere}code{overflow-wrap:anywhere}.meta{color:#555;font-size:.9em}</style>
</head>
<body>
<h1>Dev outbox</h1>
<p>Messages this server would have sent, newest first. Reload to see new ones.</p>
${otherSections}
${otherSections ? '<h2>Email</h2>' : ''}
${items || '<p>No messages yet.</p>'}
</body>
</html>`;
}

/**
 * The dev outbox holds live login links, so it answers only on this machine: a request must come from a loopback
 * address (unless the operator opted in to serving it to other machines) and name a loopback host, which also
 * defeats a DNS-rebinding page whose name merely resolves to 127.0.0.1. To anyone else it does not exist.
 */
function onlyFromThisMachine(options: { allowNetworkClients: boolean }) {
  return async (request: FastifyRequest) => {
    const fromHere = options.allowNetworkClients || isLoopbackAddress(request.socket.remoteAddress);
    if (fromHere && isLoopbackName(hostnameOf(request.headers.host ?? ''))) return;
    request.log.info({ fromLoopback: isLoopbackAddress(request.socket.remoteAddress) }, 'dev outbox refused to a request from elsewhere');
    throw new HttpError(404, 'Not found.');
  };
}

/**
 * The dev outbox, registered only when the gateway sends into it (the embedded default): a JSON list for tests and
 * tools, and a plain page where the operator reads the emails and opens their links, answered on this machine only.
 */
export function devOutboxRoutes(app: FastifyInstance, outbox: DevOutbox, clients: ServiceClients | undefined, options: { allowNetworkClients: boolean }): void {
  void app.register(async (scope) => {
    scope.addHook('onRequest', onlyFromThisMachine(options));
    devOutboxScopeRoutes(scope, outbox, clients);
  });
}

function devOutboxScopeRoutes(app: FastifyInstance, outbox: DevOutbox, clients: ServiceClients | undefined): void {
  const exchanges: DevSmsExchange[] = [];
  const claims: DevNotificationClaim[] = [];
  /** The notification service's dev-outbox SMS; undefined when it sends real SMS (no SMS section, no replies). */
  const listSms = async (): Promise<DevSms[] | 'unavailable' | undefined> => {
    if (!clients) return undefined;
    try {
      const listed = await clients.notification.listDevOutboxSms({});
      if (!listed.enabled) return undefined;
      return listed.messages.map((message) => ({
        to: message.to,
        body: message.body,
        sentAt: message.sentAt ? timestampDate(message.sentAt).toISOString() : '',
      }));
    } catch (error) {
      // A notification service without the dev outbox RPC has no SMS to show.
      if (ConnectError.from(error).code === Code.Unimplemented) return undefined;
      return 'unavailable';
    }
  };

  /** The notification service's dev-outbox push notifications; undefined when it sends real ones. */
  const listNotifications = async (): Promise<DevNotification[] | 'unavailable' | undefined> => {
    if (!clients) return undefined;
    try {
      const listed = await clients.notification.listDevOutboxNotifications({});
      if (!listed.enabled) return undefined;
      return listed.notifications.map((notification) => ({
        deviceName: notification.deviceName,
        memberId: notification.memberId,
        title: notification.title,
        body: notification.body,
        imageUrl: notification.imageUrl,
        claimToken: notification.claimToken,
        sentAt: notification.sentAt ? timestampDate(notification.sentAt).toISOString() : '',
      }));
    } catch (error) {
      // A notification service without the dev outbox RPC has no notifications to show.
      if (ConnectError.from(error).code === Code.Unimplemented) return undefined;
      return 'unavailable';
    }
  };

  app.withTypeProvider<ZodTypeProvider>().route({
    ...contractRoute(apiRoutes.getDevOutbox),
    handler: async (_request, reply) => {
      const [sms, notifications] = await Promise.all([listSms(), listNotifications()]);
      return reply.header('cache-control', 'no-store').send({
        messages: outbox.list(),
        ...(Array.isArray(sms) ? { sms, smsReplies: exchanges } : {}),
        ...(Array.isArray(notifications) ? { notifications, notificationClaims: claims } : {}),
      });
    },
  });
  app.get('/dev/outbox', async (_request, reply) => {
    const [sms, notifications] = await Promise.all([listSms(), listNotifications()]);
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
      .type('text/html; charset=utf-8')
      .send(page(outbox.list(), smsSection(sms, exchanges) + notificationsSection(notifications, claims)));
  });

  // Answering an alert as the member it went to, as Twilio would deliver the member's text, without a phone.
  acceptFormBodies(app);
  app.post('/dev/outbox/sms/reply', async (request, reply) => {
    const sms = await listSms();
    if (!clients || !Array.isArray(sms)) throw new HttpError(404, 'Not found.');
    const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const to = form.get('to') ?? '';
    const body = form.get('body') ?? '';
    // Only as a number the product texted: the page replies to its own messages, not as anyone.
    if (!sms.some((message) => message.to === to)) throw new HttpError(400, 'Reply only to a number in the outbox.');
    if (body.length > MAX_REPLY_LENGTH) throw new HttpError(400, 'The reply is too long.');
    const from = `+1${to}`;
    const answer = await clients.notification.handleInboundSms({ from, body, messageSid: `SM${randomBytes(16).toString('hex')}` });
    exchanges.unshift({ from, body, reply: answer.reply, at: new Date().toISOString() });
    exchanges.splice(MAX_EXCHANGES);
    return reply.redirect('/dev/outbox', 303);
  });

  // Claiming from a notification as its Claim button does on the phone (the service worker posts the token to
  // /api/alerts/claim), without a push service: ClaimWithToken, then its answer shown on the page.
  app.post(DEV_OUTBOX_CLAIM_PATH, { bodyLimit: CLAIM_FORM_BODY_LIMIT }, async (request, reply) => {
    const notifications = await listNotifications();
    if (!clients || !Array.isArray(notifications)) throw new HttpError(404, 'Not found.');
    const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const token = form.get('token') ?? '';
    // Only a notification the outbox holds: the page answers its own alerts, it does not try tokens.
    const notification = token === '' ? undefined : notifications.find((kept) => kept.claimToken === token);
    if (!notification) throw new HttpError(400, 'Claim only a notification in the outbox.');
    const answered = await clients.notification.claimWithToken({ claimToken: token }).then(
      (answer) => ({ outcome: claimWithTokenOutcomes.label(answer.outcome) ?? 'unknown', message: answer.message, claimCode: answer.claimCode }),
      (error: unknown) => {
        // A token the service no longer takes is an answer to show, as the phone shows it; anything else is a failure.
        const refusal = errorAnswerOf(domainErrorCode(ConnectError.from(error)));
        if (refusal?.message !== undefined && refusal.status < 500) return { outcome: 'refused', message: refusal.message, claimCode: '' };
        throw error;
      },
    );
    claims.unshift({ deviceName: notification.deviceName, claimToken: token, ...answered, at: new Date().toISOString() });
    claims.splice(MAX_EXCHANGES);
    return reply.redirect('/dev/outbox', 303);
  });
}
