import { createServer, connect, type Server, type Socket } from 'node:net';

/** What the proxy saw of one POST /api/report: its declared length and its idempotencyId (read from the body's text fields). */
export type ReportUpload = { contentLength: number; idempotencyId: string | undefined; dropped: boolean };

const REPORT_REQUEST_LINE = 'POST /api/report ';

/**
 * A TCP proxy in front of the product that the browser talks to as if it were the site, so a test can cut one report
 * upload in the middle, as a phone losing its signal does: the connection is reset after a given number of the
 * request's bytes have gone through, before the server has read the whole body.
 */
export class DroppingProxy {
  readonly uploads: ReportUpload[] = [];
  /** The product's port, set once it listens (it is started with the proxy's URL as its public URL). */
  targetPort = 0;
  private dropAfterBytes: number | undefined;
  private readonly sockets = new Set<Socket>();

  private readonly server: Server = createServer((client) => this.relay(client));
  private port = 0;

  /** Where the browser opens the site. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<DroppingProxy> {
    const proxy = new DroppingProxy();
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    const address = proxy.server.address();
    if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
    proxy.port = address.port;
    return proxy;
  }

  /** From now on every report upload is cut once this many bytes of its request (headers included) went through. */
  dropReportUploadsAfter(bytes: number): void {
    this.dropAfterBytes = bytes;
  }

  /** Report uploads go through whole again. */
  stopDropping(): void {
    this.dropAfterBytes = undefined;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private relay(client: Socket): void {
    const upstream = connect(this.targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    let upload: ReportUpload | undefined;
    let uploadBytes = 0;
    let uploadHead = '';
    let dropAt: number | undefined;
    client.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      const start = text.indexOf(REPORT_REQUEST_LINE);
      if (start >= 0) {
        upload = { contentLength: Number(/content-length: *(\d+)/i.exec(text)?.[1] ?? NaN), idempotencyId: undefined, dropped: false };
        this.uploads.push(upload);
        uploadBytes = 0;
        uploadHead = '';
        dropAt = this.dropAfterBytes;
      }
      if (upload) {
        uploadBytes += chunk.length;
        // The text fields come before the picture: the first kilobytes hold the idempotencyId.
        if (uploadHead.length < 16_384) uploadHead += text;
        upload.idempotencyId ??= /name="idempotencyId"\r\n\r\n([^\r]+)\r\n/.exec(uploadHead)?.[1];
        if (dropAt !== undefined && uploadBytes >= dropAt) {
          upload.dropped = true;
          const cut = chunk.subarray(0, chunk.length - (uploadBytes - dropAt));
          upstream.write(cut);
          client.resetAndDestroy();
          upstream.destroy();
          return;
        }
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }
}
