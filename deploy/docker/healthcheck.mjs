// Container health check without dependencies (the images carry no curl or grpc_health_probe).
// HEALTHCHECK_KIND=grpc: grpc.health.v1.Health/Check over h2c must answer SERVING.
// HEALTHCHECK_KIND=http: GET /api/health must answer 2xx.
import http2 from 'node:http2';

const kind = process.env.HEALTHCHECK_KIND ?? 'grpc';
const port = Number(process.env.PORT ?? (kind === 'http' ? 8080 : NaN));
const timeoutMs = Number(process.env.HEALTHCHECK_TIMEOUT_MS ?? 4000);

function finish(ok, detail) {
  if (!ok) console.error(`unhealthy: ${detail}`);
  process.exit(ok ? 0 : 1);
}

setTimeout(() => finish(false, `no answer within ${timeoutMs} ms`), timeoutMs);
if (!Number.isInteger(port)) finish(false, 'PORT is not set');

if (kind === 'http') {
  fetch(`http://127.0.0.1:${port}/api/health`).then(
    (response) => finish(response.ok, `GET /api/health answered ${response.status}`),
    (error) => finish(false, error.message),
  );
} else {
  const session = http2.connect(`http://127.0.0.1:${port}`);
  session.on('error', (error) => finish(false, error.message));
  const request = session.request({
    ':method': 'POST',
    ':path': '/grpc.health.v1.Health/Check',
    'content-type': 'application/grpc',
    te: 'trailers',
  });
  // One uncompressed gRPC frame holding an empty HealthCheckRequest (service "" = the whole server).
  request.end(Buffer.from([0, 0, 0, 0, 0]));
  const chunks = [];
  let grpcStatus;
  request.on('response', (headers) => (grpcStatus = headers['grpc-status'] ?? grpcStatus));
  request.on('trailers', (trailers) => (grpcStatus = trailers['grpc-status'] ?? grpcStatus));
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('error', (error) => finish(false, error.message));
  request.on('end', () => {
    const body = Buffer.concat(chunks);
    // HealthCheckResponse { ServingStatus status = 1; } -> field 1, varint: 0x08 <status>; SERVING = 1.
    const status = body.length >= 7 && body[5] === 0x08 ? body[6] : 0;
    finish(String(grpcStatus) === '0' && status === 1, `grpc-status ${grpcStatus}, serving status ${status}`);
  });
}
