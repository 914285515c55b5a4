import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** `arrivedAt`: when the request began to arrive (performance.now()), to measure the pace of sends. */
export type TwilioRequest = { method: string; path: string; authorization: string; form: URLSearchParams; arrivedAt: number };

/** Answers like Twilio's Messages API: POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, basic auth. */
export class FakeTwilio {
  readonly received: TwilioRequest[] = [];
  answer: { status: number; body: object } | undefined;
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const arrivedAt = performance.now();
      void readBody(request).then((raw) => {
        const received = {
          arrivedAt,
          method: request.method ?? '',
          path: request.url ?? '',
          authorization: request.headers.authorization ?? '',
          form: new URLSearchParams(raw),
        };
        this.received.push(received);
        const answer = this.answer ?? {
          status: 201,
          body: { sid: `SM${this.received.length.toString().padStart(32, '0')}`, status: 'queued', to: received.form.get('To'), body: received.form.get('Body') },
        };
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
