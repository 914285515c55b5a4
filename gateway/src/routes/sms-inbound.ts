import { apiRoutes } from '@swarm/api-contract/routes';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServiceClients } from '../clients/service-clients.js';
import { isValidTwilioSignature } from '../auth/twilio-signature.js';
import { HttpError } from '../mappers/http-errors.js';
import { contractRoute } from './contract-route.js';

export const SMS_INBOUND_PATH = apiRoutes.receiveSms.path;

/** Twilio posts at most 1600 characters of text plus a few dozen short fields. */
const FORM_BODY_LIMIT = 16 * 1024;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function twiml(message: string): string {
  const escaped = message.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
  const body = message === '' ? '<Response></Response>' : `<Response><Message>${escaped}</Message></Response>`;
  return `<?xml version="1.0" encoding="UTF-8"?>${body}`;
}

function answerTwiml(reply: FastifyReply, message: string): FastifyReply {
  return reply.header('cache-control', 'no-store').type('text/xml; charset=utf-8').send(twiml(message));
}

/**
 * Form-encoded bodies for the routes of this scope only (Twilio's webhook, the dev outbox reply form), kept as the raw
 * string so the signature is computed over exactly the parameters Twilio sent.
 */
export function acceptFormBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')));
  });
}

/**
 * Twilio's inbound SMS webhook: accepted only with a valid X-Twilio-Signature for the exact public URL, forwarded to
 * the notification service (which decides what a message means, including that a sender outside the US is nobody to
 * answer; a message id or body it refuses is a 400 with its words) and answered with TwiML. Without an auth token configured every request is refused, so an unconfigured deployment cannot be driven
 * by forged messages.
 */
export function smsInboundRoutes(
  app: FastifyInstance,
  options: {
    clients: ServiceClients;
    twilioAuthToken: string | undefined;
    /** The URL configured at Twilio, which it signs; from configuration, never from the request. */
    webhookUrl: string;
  },
): void {
  void app.register(async (scope) => {
    acceptFormBodies(scope);
    // Twilio posts from its servers, signed: the signature, not the Origin, authenticates it.
    scope.route({
      ...contractRoute(apiRoutes.receiveSms, { allowCrossSite: true }),
      handler: async (request, reply) => {
        const forbidden = () => new HttpError(403, 'Forbidden.');
        if (!options.twilioAuthToken) throw forbidden();
        if (!(request.body instanceof URLSearchParams)) throw new HttpError(415, 'Expected a form-encoded body.');
        const params = request.body;
        const url = options.webhookUrl;
        const signature = request.headers['x-twilio-signature'];
        if (!isValidTwilioSignature(options.twilioAuthToken, url, params, typeof signature === 'string' ? signature : undefined)) throw forbidden();

        const from = params.get('From') ?? '';
        const body = params.get('Body') ?? '';
        const messageSid = params.get('MessageSid') ?? '';
        // The notification service judges the message id and the body's length: a refusal is answered as its 400.
        const answer = await options.clients.notification.handleInboundSms({ from, body, messageSid });
        return answerTwiml(reply, answer.reply);
      },
    });
  });
}
