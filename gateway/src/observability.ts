import { currentTraceparent, openTrace, type Metrics } from '@swarm/runtime';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { httpStatusOf } from './mappers/http-errors.js';
import type { OncePerCauseLog } from './once-per-cause-log.js';

/**
 * Each request starts a trace of its own (W3C trace context): the gateway's log lines, the Connect calls it makes
 * and everything the services do for it (events, alert jobs) carry its trace id. A `traceparent` sent by the client
 * is not followed: the public cannot choose the trace ids the product's logs are grouped by. The answer names the
 * trace in a `traceresponse` header (W3C Trace Context Level 2), so a problem a user reports can be found in the logs.
 */
/**
 * The level of the two lines each request writes. Info where the lines are collected; debug on a person's terminal,
 * where one line per asset and API call would bury the warnings (failed requests are still written at error).
 */
export type RequestLogLevel = 'info' | 'debug';

export function traceRequests(app: FastifyInstance, level: RequestLogLevel = 'info'): void {
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.url;
    // While spans are exported, the request is the trace's root span, named by its route pattern (never the URL,
    // which may hold a claim token), and ends when the response is sent or the client went away.
    const hop = openTrace(undefined, {
      name: route ? `${request.method} ${route}` : request.method,
      kind: 'server',
      attributes: { 'http.request.method': request.method, ...(route ? { 'http.route': route } : {}) },
    });
    if (hop.recorded) {
      reply.raw.setMaxListeners(reply.raw.getMaxListeners() + 1);
      reply.raw.once('close', () => hop.end({ attributes: { 'http.response.status_code': reply.statusCode }, ...(reply.statusCode >= 500 ? { failure: `HTTP ${reply.statusCode}` } : {}) }));
    }
    hop.run(() => {
      const traceparent = currentTraceparent();
      if (traceparent) reply.header('traceresponse', traceparent);
      // Fastify would log this before any hook, outside the trace (see TracedRequestLogs).
      request.log[level]({ req: loggableRequest(request) }, 'incoming request');
      done();
    });
  });
}

/** A claim token in a URL lets whoever holds it claim for its member: the logs keep the path without it. */
const CLAIM_TOKEN_PATH = /^(\/api\/alerts\/claim\/)[^?#]+/;

export function loggableUrl(url: string): string {
  return url.replace(CLAIM_TOKEN_PATH, '$1[redacted]');
}

/** The fields Fastify's request serializer reads, with the URL as it may be logged. */
function loggableRequest(request: FastifyRequest) {
  return { method: request.method, url: loggableUrl(request.url), host: request.host, ip: request.ip, socket: { remotePort: request.socket.remotePort } };
}

/**
 * Fastify's request logging, but the incoming-request line is written by traceRequests, in the request's trace, and
 * the completed-request line at the level chosen for request lines.
 */
export class TracedRequestLogs extends LogController {
  constructor(private readonly level: RequestLogLevel = 'info') {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error || this.level === 'info') {
      super.requestCompleted(error, request, reply);
      return;
    }
    if (this.isLogDisabled(request)) return;
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * Counts and times every answered request by its route pattern (`/api/report/:id`, not the URL, so the series stay
 * few); requests no route matched count under "unmatched" (the site's pages and assets, probes, 404s).
 */
export function observeRequests(app: FastifyInstance, metrics: Metrics | undefined): void {
  if (!metrics) return;
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeHttp({
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      statusCode: reply.statusCode,
      seconds: reply.elapsedTime / 1_000,
    });
  });
}

/**
 * A browser navigation that failed (a login link, a login callback) is answered with a page of the site; the log gets
 * one line per route and cause per interval. A refusal (an unknown provider, a link already used) is the client's: a
 * warning with its reason and no stack. Anything else is the product's own failure: an error with its stack.
 */
export function logNavigationFailure(log: OncePerCauseLog, request: FastifyRequest, error: unknown): void {
  const route = request.routeOptions.url ?? 'unmatched';
  const status = httpStatusOf(error);
  const reason = error instanceof Error ? error.message : String(error);
  if (status < 500) log.warn(request.log, `${route} ${status} ${reason}`, { route, status, reason }, 'browser navigation refused');
  else log.error(request.log, `${route} ${status} ${error instanceof Error ? error.name : 'unknown'}`, error, { route, status }, 'browser navigation failed');
}
