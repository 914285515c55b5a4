import * as http2 from 'node:http2';
import { Code, ConnectError, type Transport } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { traceContextClientInterceptor } from '../tracing/rpc-trace.js';

type Http2TransportOptions = Extract<Parameters<typeof createConnectTransport>[0], { httpVersion: '2' }>;
/** What connect-node asks of the object that hands it HTTP/2 streams. */
type SessionManager = NonNullable<Http2TransportOptions['sessionManager']>;

export type Http2ConnectionOptions = {
  /** A connection not established in this time fails the calls waiting for it as unavailable. */
  connectTimeoutMs?: number;
  /** While calls are open, a PING is sent this often; one unanswered for as long closes the connection. */
  pingIntervalMs?: number;
  /** Opens the HTTP/2 session; tests pass one that misbehaves. */
  connect?: (authority: string) => http2.ClientHttp2Session;
};

/**
 * The one HTTP/2 connection a process keeps to a service for its Connect calls: opened on first use, and again
 * whenever it closed (the service restarted, a GOAWAY, a dead peer found by PING).
 *
 * It replaces connect-node's Http2SessionManager (2.1.2), whose connect loop spins on an already-settled promise
 * when a session dies between its 'connect' event and the manager's promise callback. That freezes the whole
 * process (no timer, no I/O, no log line), and a session dies just then when the service it reaches is killed or
 * restarts under traffic: a notification service froze that way after the report service restarted.
 */
export class Http2Connection implements SessionManager {
  readonly authority: string;
  private live: LiveSession | undefined;
  private opening: Promise<LiveSession> | undefined;

  constructor(
    baseUrl: string,
    private readonly options: Http2ConnectionOptions = {},
  ) {
    this.authority = new URL(baseUrl).origin;
  }

  async request(
    method: string,
    path: string,
    headers: http2.OutgoingHttpHeaders,
    options: Omit<http2.ClientSessionRequestOptions, 'signal'>,
  ): Promise<http2.ClientHttp2Stream> {
    // A session can close between being handed out and used (a GOAWAY, a peer that died): one new one is tried.
    for (let attempt = 1; ; attempt += 1) {
      const live = await this.open();
      try {
        return live.request({ ...headers, ':method': method, ':path': path }, options);
      } catch (error) {
        this.forget(live);
        if (attempt >= 2) throw unavailable(`cannot open a stream to ${this.authority}`, error);
      }
    }
  }

  notifyResponseByteRead(): void {
    // Liveness is checked by PING while calls are open, whatever the responses carry.
  }

  /** Closes the connection once the calls in flight have finished. */
  close(): void {
    this.live?.session.close();
    this.live = undefined;
  }

  private open(): Promise<LiveSession> {
    const live = this.live;
    if (live?.usable()) return Promise.resolve(live);
    this.live = undefined;
    this.opening ??= this.connect().finally(() => {
      this.opening = undefined;
    });
    return this.opening;
  }

  private connect(): Promise<LiveSession> {
    const timeoutMs = this.options.connectTimeoutMs ?? 5_000;
    return new Promise((resolve, reject) => {
      const session = (this.options.connect ?? http2.connect)(this.authority);
      let settled = false;
      const settle = (failure?: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        session.off('connect', onConnect);
        session.off('error', onFailure);
        session.off('close', onClose);
        if (failure || session.closed || session.destroyed) {
          session.on('error', () => undefined);
          session.destroy();
          reject(unavailable(`cannot connect to ${this.authority}`, failure ?? new Error('the connection closed as it opened')));
          return;
        }
        const live = new LiveSession(session, this.options.pingIntervalMs ?? 10_000, () => this.forget(live));
        this.live = live;
        resolve(live);
      };
      const onConnect = () => settle();
      const onFailure = (error: Error) => settle(error);
      const onClose = () => settle(new Error('the connection closed before it opened'));
      const timer = setTimeout(() => settle(new Error(`no connection within ${timeoutMs} ms`)), timeoutMs);
      session.once('connect', onConnect);
      session.once('error', onFailure);
      session.once('close', onClose);
    });
  }

  private forget(live: LiveSession): void {
    if (this.live === live) this.live = undefined;
  }
}

/** An open session: counts its streams, keeps the process alive only while it has some, and PINGs them. */
class LiveSession {
  private streams = 0;
  private pingTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly session: http2.ClientHttp2Session,
    private readonly pingIntervalMs: number,
    onGone: () => void,
  ) {
    session.unref();
    // An error also closes the session: the calls on it fail through their own streams.
    session.on('error', onGone);
    session.on('close', () => {
      this.stopPinging();
      onGone();
    });
    // No new stream after a GOAWAY; the open ones may finish.
    session.on('goaway', onGone);
  }

  usable(): boolean {
    return !this.session.closed && !this.session.destroyed;
  }

  request(headers: http2.OutgoingHttpHeaders, options: Omit<http2.ClientSessionRequestOptions, 'signal'>): http2.ClientHttp2Stream {
    const stream = this.session.request(headers, options);
    if (this.streams++ === 0) {
      this.session.ref();
      this.pingTimer = setInterval(() => this.ping(), this.pingIntervalMs).unref();
    }
    stream.once('close', () => {
      if (--this.streams === 0) {
        this.stopPinging();
        if (!this.session.destroyed) this.session.unref();
      }
    });
    return stream;
  }

  private ping(): void {
    if (!this.usable()) return;
    const deadline = setTimeout(() => {
      this.session.destroy(new ConnectError(`no answer to PING within ${this.pingIntervalMs} ms`, Code.Unavailable));
    }, this.pingIntervalMs).unref();
    // The callback also runs with an error when the session is destroyed first; the deadline is moot then.
    const sent = this.session.ping(() => clearTimeout(deadline));
    if (!sent) clearTimeout(deadline);
  }

  private stopPinging(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = undefined;
  }
}

function unavailable(message: string, cause: unknown): ConnectError {
  return new ConnectError(`${message}: ${cause instanceof Error ? cause.message : String(cause)}`, Code.Unavailable, undefined, undefined, cause);
}

/**
 * A Connect transport to another service of the product over HTTP/2 cleartext (binary protobuf), on an
 * `Http2Connection`. Every process that calls a service uses it, so a service restarting never freezes its callers.
 */
export function serviceTransport(baseUrl: string, options: Http2ConnectionOptions & { useBinaryFormat?: boolean } = {}): Transport {
  const { useBinaryFormat = true, ...connection } = options;
  return createConnectTransport({
    baseUrl,
    httpVersion: '2',
    useBinaryFormat,
    sessionManager: new Http2Connection(baseUrl, connection),
    // The caller's trace goes with every call, so the service's log lines name the same trace id.
    interceptors: [traceContextClientInterceptor],
  });
}
