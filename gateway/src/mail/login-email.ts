import type { EmailMessage } from './mailer.js';

export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** The magic-link email: the link, how long it works, and what to do if the member did not ask for it. */
export function loginEmail(to: string, link: string, validMinutes: number): EmailMessage {
  const subject = 'Your Swarm Alert login link';
  const text = [
    'Open this link to log in to Swarm Alert:',
    '',
    link,
    '',
    `The link works once, within ${validMinutes} minutes.`,
    'If you did not ask to log in, you can ignore this email.',
  ].join('\n');
  const html = [
    '<p>Open this link to log in to Swarm Alert:</p>',
    `<p><a href="${escapeHtml(link)}">Log in to Swarm Alert</a></p>`,
    `<p>The link works once, within ${validMinutes} minutes.<br>If you did not ask to log in, you can ignore this email.</p>`,
  ].join('\n');
  return { to, subject, text, html };
}
