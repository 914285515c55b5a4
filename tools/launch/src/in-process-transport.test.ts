import { Code, ConnectError, createClient, createRouterTransport, type ConnectRouter, type HandlerContext, type Interceptor, type Transport } from '@connectrpc/connect';
import { Health, HealthCheckResponse_ServingStatus } from '@swarm/proto/health/v1/health';
import { domainErrorCode, toConnectError } from '@swarm/runtime';
import { describe, expect, it } from 'vitest';
import { directTransport } from './in-process-transport.js';

const SERVING = HealthCheckResponse_ServingStatus.SERVING;

/** A health service whose answer depends on the service asked about, to exercise answers, errors and waits. */
function routesOf(seen: { contexts: HandlerContext[]; headers: (string | null)[] }) {
  return (router: ConnectRouter) =>
    router.service(Health, {
      async check(request, context) {
        seen.contexts.push(context);
        seen.headers.push(context.requestHeader.get('x-test'));
        if (request.service === 'missing') throw toConnectError(Object.assign(new Error('no such member'), { code: 'MEMBER.NOT_FOUND' }));
        if (request.service === 'broken') throw new Error('a secret stack of reasons');
        if (request.service === 'slow') await new Promise((resolve) => setTimeout(resolve, 200));
        return { status: request.service === 'down' ? HealthCheckResponse_ServingStatus.NOT_SERVING : SERVING };
      },
    });
}

/** Both transports over the same implementation, so each expectation holds for the direct one as for the wire. */
function transports(options: { serverInterceptors?: Interceptor[]; clientInterceptors?: Interceptor[] } = {}) {
  const seen = { contexts: [] as HandlerContext[], headers: [] as (string | null)[] };
  const routes = routesOf(seen);
  const byWire = createRouterTransport(routes, { router: { interceptors: options.serverInterceptors ?? [] }, transport: { interceptors: options.clientInterceptors ?? [] } });
  return { seen, both: [['direct', directTransport(routes, options)], ['router', byWire]] as [string, Transport][] };
}

async function errorOf(call: Promise<unknown>): Promise<ConnectError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ConnectError)) throw new Error(`expected a ConnectError, got ${String(error)}`);
  return error;
}

describe('directTransport', () => {
  it('answers with a message of the method’s output type, as the wire does', async () => {
    const { both } = transports();
    for (const [, transport] of both) {
      const client = createClient(Health, transport);
      const answer = await client.check({ service: 'down' });
      expect(answer.$typeName).toBe('grpc.health.v1.HealthCheckResponse');
      expect(answer.status).toBe(HealthCheckResponse_ServingStatus.NOT_SERVING);
      expect((await client.check({})).status).toBe(SERVING);
    }
  });

  it('passes a service’s error on with its code and domain detail, and hides any other error as internal', async () => {
    const { both } = transports();
    for (const [name, transport] of both) {
      const client = createClient(Health, transport);
      const missing = await errorOf(client.check({ service: 'missing' }));
      expect([name, missing.code, missing.rawMessage, domainErrorCode(missing)]).toEqual([name, Code.NotFound, 'no such member', 'MEMBER.NOT_FOUND']);
      const broken = await errorOf(client.check({ service: 'broken' }));
      expect([name, broken.code, broken.rawMessage]).toEqual([name, Code.Internal, 'internal error']);
    }
  });

  it('fails a call past its deadline with DEADLINE_EXCEEDED and aborts the handler’s signal', async () => {
    const { both, seen } = transports();
    for (const [name, transport] of both) {
      seen.contexts.length = 0;
      const error = await errorOf(createClient(Health, transport).check({ service: 'slow' }, { timeoutMs: 20 }));
      expect([name, error.code]).toEqual([name, Code.DeadlineExceeded]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect([name, seen.contexts[0]?.signal.aborted]).toEqual([name, true]);
    }
  });

  it('fails a call its caller aborts with CANCELED', async () => {
    const { both } = transports();
    for (const [name, transport] of both) {
      const controller = new AbortController();
      const call = createClient(Health, transport).check({ service: 'slow' }, { signal: controller.signal });
      setTimeout(() => controller.abort(), 10);
      const error = await errorOf(call);
      expect([name, error.code]).toEqual([name, Code.Canceled]);
    }
  });

  it('runs the client interceptors around the server ones, around the implementation, with the headers they set', async () => {
    const order: string[] = [];
    const clientInterceptors: Interceptor[] = [
      (next) => async (request) => {
        order.push('client');
        request.header.set('x-test', 'from the client');
        return next(request);
      },
    ];
    const serverInterceptors: Interceptor[] = [
      (next) => async (request) => {
        order.push(`server saw ${request.header.get('x-test')}`);
        const response = await next(request);
        order.push(`server answered ${String((response.message as { status?: number }).status)}`);
        return response;
      },
    ];
    const { both, seen } = transports({ clientInterceptors, serverInterceptors });
    for (const [, transport] of both) {
      order.length = 0;
      seen.headers.length = 0;
      await createClient(Health, transport).check({});
      expect(order).toEqual(['client', 'server saw from the client', `server answered ${SERVING}`]);
      expect(seen.headers).toEqual(['from the client']);
    }
  });

  it('leaves the finished call’s handler signal aborted by the call’s end, not by an error', async () => {
    const { both, seen } = transports();
    const [, direct] = both[0]!;
    await createClient(Health, direct).check({});
    const signal = seen.contexts[0]!.signal;
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBeInstanceOf(ConnectError);
    expect(signal.reason).not.toBeInstanceOf(DOMException);
  });

  it('answers UNIMPLEMENTED for a service not served in this process', async () => {
    const direct = directTransport(() => undefined);
    const error = await errorOf(createClient(Health, direct).check({}));
    expect(error.code).toBe(Code.Unimplemented);
  });
});
