import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** `arrivedAt`: when the request began to arrive (performance.now()), to measure the pace of sends. */
export type TwilioRequest = { method: string; path: string; authorization: string; form: URLSearchParams; arrivedAt: number };

/** A message Twilio took, as its message log lists it. */
type LoggedMessage = { sid: string; to: string; from: string | null; messagingServiceSid: string | null; body: string; createdAt: Date };

/**
 * Answers like Twilio's Messages API: POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, basic auth, and the
 * message log, GET …/Messages.json?To=…&From=…, newest first. `received` holds the POSTs (each one a message taken,
 * unless `answer` refuses it); `hold` keeps a taken message's answer back until released, as a provider slow to
 * answer does while the sender dies.
 */
export class FakeTwilio {
  readonly received: TwilioRequest[] = [];
  readonly log: LoggedMessage[] = [];
  answer: { status: number; body: object } | undefined;
  /** Messages whose answer waits (the message is taken and logged at once) until `release()`. */
  hold: ((request: TwilioRequest) => boolean) | undefined;
  private held: (() => void)[] = [];
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const arrivedAt = performance.now();
      void readBody(request).then((raw) => {
        if (request.method === 'GET') return this.listMessages(request, response);
        const received = {
          arrivedAt,
          method: request.method ?? '',
          path: request.url ?? '',
          authorization: request.headers.authorization ?? '',
          form: new URLSearchParams(raw),
        };
        this.received.push(received);
        let answer = this.answer;
        if (!answer) {
          const message: LoggedMessage = {
            sid: `SM${this.received.length.toString().padStart(32, '0')}`,
            to: received.form.get('To') ?? '',
            from: received.form.get('From'),
            messagingServiceSid: received.form.get('MessagingServiceSid'),
            body: received.form.get('Body') ?? '',
            createdAt: new Date(),
          };
          this.log.unshift(message);
          answer = { status: 201, body: toResource(message) };
        }
        const { status, body } = answer;
        const reply = () => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(body));
        };
        if (this.hold?.(received)) this.held.push(reply);
        else reply();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  /** Answers every held message. */
  release(): void {
    const held = this.held;
    this.held = [];
    for (const reply of held) reply();
  }

  get heldCount(): number {
    return this.held.length;
  }

  async stop(): Promise<void> {
    this.release();
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /**
   * The log newest first, a page at a time as Twilio pages it: `next_page_uri` carries a PageToken naming the last
   * message of the page, and the next page starts after it.
   */
  private listMessages(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://twilio');
    const query = url.searchParams;
    const pageSize = Math.min(Number(query.get('PageSize') ?? 50), 1000);
    const to = query.get('To');
    const from = query.get('From');
    const matching = this.log.filter((message) => (!to || message.to === to) && (!from || message.from === from));
    const after = query.get('PageToken')?.replace(/^PA/, '');
    const start = after ? matching.findIndex((message) => message.sid === after) + 1 : 0;
    const messages = matching.slice(start, start + pageSize);
    const last = messages.at(-1);
    let nextPageUri: string | null = null;
    if (last && start + pageSize < matching.length) {
      const next = new URLSearchParams(query);
      next.set('Page', String(Number(query.get('Page') ?? 0) + 1));
      next.set('PageToken', `PA${last.sid}`);
      nextPageUri = `${url.pathname}?${next.toString()}`;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ messages: messages.map(toResource), page: Number(query.get('Page') ?? 0), page_size: pageSize, next_page_uri: nextPageUri, uri: request.url }));
  }
}

/** The message resource as Twilio serialises it (dates in RFC 2822, whole seconds). */
function toResource(message: LoggedMessage): object {
  return {
    sid: message.sid,
    status: 'queued',
    direction: 'outbound-api',
    to: message.to,
    from: message.from,
    messaging_service_sid: message.messagingServiceSid,
    body: message.body,
    date_created: message.createdAt.toUTCString().replace('GMT', '+0000'),
  };
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
