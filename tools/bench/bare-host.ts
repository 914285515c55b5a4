/**
 * The benchmark's baseline: a bare Fastify server, with the same framework, multipart plugin and part limits as the
 * gateway, that does nothing but read the request and answer; and bare clients handing SMS and notifications to the
 * benchmark's sinks. What the product does beyond this is what it costs.
 */
import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';
import webpush from 'web-push';
import { serveCommands } from './bench-process.js';

const app = Fastify({ bodyLimit: 64 * 1024 });
await app.register(fastifyMultipart);
let reportList: unknown = [];

/** Reads every part of the report form as the gateway does (fields as text, the picture into a buffer), then 201. */
app.post('/api/report', async (request, reply) => {
  const fields: Record<string, string> = {};
  let pictureBytes = 0;
  for await (const part of request.parts({ limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20, fieldSize: 8 * 1024, parts: 21 } })) {
    if (part.type === 'file') pictureBytes += (await part.toBuffer()).length;
    else fields[part.fieldname] = String(part.value);
  }
  if (!fields.idempotencyId || pictureBytes === 0) return reply.code(400).send({ message: 'incomplete form' });
  return reply.code(201).send({ reportId: randomUUID() });
});

/** The member's report list: the same JSON body the product answered, sent as it is. */
app.get('/api/member/report/active', async (_request, reply) => reply.header('cache-control', 'no-store').send(reportList));

/** The floor of a first paint on a slow network: a page with the landing page's heading and nothing to load. */
app.get('/first-paint', async (_request, reply) =>
  reply.type('text/html; charset=utf-8').send('<!doctype html><html lang="en"><title>Swarm Alert</title><h1>Found a swarm of honeybees?</h1></html>'),
);

/** An association's map: the same JSON body the product answered, sent as it is. */
let associationMap: unknown = {};
app.get('/api/member/company/:companyId/map', async (_request, reply) => reply.header('cache-control', 'no-store').send(associationMap));

app.get('/api/member/report/:id/claim', async (_request, reply) => reply.send({ message: 'Successfully claimed report!' }));

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

serveCommands(`http://127.0.0.1:${port}`, {
  setReportList: async (args: { body: unknown }) => {
    reportList = args.body;
  },
  setAssociationMap: async (args: { body: unknown }) => {
    associationMap = args.body;
  },
  memory: async () => ({ rssBytes: process.memoryUsage().rss }),
  /** CPU time of the process so far (all its threads), in ms. */
  cpuMs: async () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1_000;
  },
  /**
   * The least any sender pays to hand `count` SMS to a Twilio-shaped API: form-encoded POSTs from a bare Node client,
   * `concurrency` at a time. Answers when it started (epoch ms); the sink says when the last one arrived.
   */
  sendSms: async (args: { sinkUrl: string; count: number; concurrency: number; prefix: string }) => {
    const startedAtEpochMs = Date.now();
    let next = 0;
    const sender = async () => {
      while (next < args.count) {
        const index = next++;
        const form = new URLSearchParams({ To: `+1${args.prefix}${String(index).padStart(10 - args.prefix.length, '0')}`, From: '+15035550000', Body: 'Swarm Alert: Softball swarm, 8 ft up, 0.0 mi from home. To claim it, reply with the code 12345' });
        const response = await fetch(`${args.sinkUrl}/2010-04-01/Accounts/AC${'0'.repeat(32)}/Messages.json`, { method: 'POST', body: form });
        await response.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: args.concurrency }, sender));
    return startedAtEpochMs;
  },
  /**
   * The least any sender pays to hand a notification to each subscription: the web-push library as the product's
   * sender calls it (VAPID, aes128gcm, TTL, urgency, a topic, https's global agent), `concurrency` at a time, with
   * `payload` (the product's own, for the same size). Answers when it started (epoch ms); the push service says when
   * the last one arrived. The push service's certificate is trusted through NODE_EXTRA_CA_CERTS, as in the product.
   */
  sendPush: async (args: {
    subscriptions: { endpoint: string; keys: { p256dh: string; auth: string } }[];
    payload: string;
    concurrency: number;
    vapid: { subject: string; publicKey: string; privateKey: string };
  }) => {
    const startedAtEpochMs = Date.now();
    let next = 0;
    const sender = async () => {
      while (next < args.subscriptions.length) {
        const index = next++;
        const subscription = args.subscriptions[index];
        if (!subscription) continue;
        await webpush.sendNotification(subscription, args.payload, {
          vapidDetails: args.vapid,
          contentEncoding: 'aes128gcm',
          TTL: 86_400,
          urgency: 'high',
          topic: `bench${index.toString(36).padStart(8, '0')}`,
          timeout: 10_000,
        });
      }
    };
    await Promise.all(Array.from({ length: args.concurrency }, sender));
    return startedAtEpochMs;
  },
});
