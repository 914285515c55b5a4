import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../mail/login-email.js';
import type { DevOutbox, OutboxEntry } from '../mail/dev-outbox.js';

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

function page(entries: OutboxEntry[]): string {
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
<style>body{font-family:sans-serif;max-width:600px;margin:1rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:.5rem 0}pre{white-space:pre-wrap}.meta{color:#555;font-size:.9em}</style>
</head>
<body>
<h1>Dev outbox</h1>
<p>Messages this server would have sent, newest first. Reload to see new ones.</p>
${items || '<p>No messages yet.</p>'}
</body>
</html>`;
}

/**
 * The dev outbox, registered only when the gateway sends into it (the embedded default): a JSON list for tests and
 * tools, and a plain page where the operator reads the emails and opens their links.
 */
export function devOutboxRoutes(app: FastifyInstance, outbox: DevOutbox): void {
  app.get('/api/dev/outbox', async (_request, reply) => reply.header('cache-control', 'no-store').send({ messages: outbox.list() }));
  app.get('/dev/outbox', async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('text/html; charset=utf-8')
      .send(page(outbox.list())),
  );
}
