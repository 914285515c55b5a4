import crypto from 'k6/crypto';
import http, { type RefinedResponse } from 'k6/http';
import { optional, required } from './environment.ts';

/** The 34-character message id Twilio gives every message: SM and 32 hex digits. */
function messageSid(): string {
  let hex = '';
  for (let index = 0; index < 32; index += 1) hex += Math.floor(Math.random() * 16).toString(16);
  return `SM${hex}`;
}

/**
 * Twilio's X-Twilio-Signature: HMAC-SHA1 with the account's auth token over the webhook URL followed by every POST
 * parameter's name and value, sorted by name, in base64.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const payload = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return crypto.hmac('sha1', authToken, payload, 'base64');
}

export type InboundSms = { from: string; body: string };

/**
 * Posts an inbound SMS to the webhook as Twilio does: form-encoded, signed for TWILIO_WEBHOOK_URL (the URL configured
 * at Twilio, default BASE_URL + /api/sms/inbound) with TWILIO_AUTH_TOKEN. `from` is ten US digits.
 */
export function postInboundSms(baseUrl: string, sms: InboundSms): RefinedResponse<'text'> {
  const webhookUrl = optional('TWILIO_WEBHOOK_URL', `${baseUrl}/api/sms/inbound`);
  const params: Record<string, string> = {
    AccountSid: optional('TWILIO_ACCOUNT_SID', `AC${'0'.repeat(32)}`),
    From: `+1${sms.from}`,
    To: optional('TWILIO_FROM_NUMBER', '+15035550000'),
    Body: sms.body,
    MessageSid: messageSid(),
    NumMedia: '0',
  };
  const body = Object.keys(params)
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(params[name] ?? '')}`)
    .join('&');
  return http.post(`${baseUrl}/api/sms/inbound`, body, {
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(required('TWILIO_AUTH_TOKEN'), webhookUrl, params),
    },
    tags: { name: 'POST /api/sms/inbound' },
  });
}

/** The TwiML answer to the member whose code won the swarm. */
export const WON_CLAIM = /You claimed the swarm \d{5}!/;
