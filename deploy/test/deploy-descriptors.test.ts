import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { allVariables, configurationProblems, PROCESSES, type Environment, type ProcessName, type Setting } from './process-variables.js';

// Static checks of the deployment descriptors: the contracts between the code and docker-compose.yml,
// deploy/docker, deploy/k8s and the Tiltfile, and the reliability settings of the infrastructure. The variables
// each process reads come from its configuration shape (deploy/test/process-variables.ts): a descriptor that sets
// a variable no process reads, or misses one the adapters it selects need, fails here.

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** Parsed YAML: the assertions below are its schema. */
type Json = any;

type App = { name: ProcessName; workspace: string; port: number; database?: string };
const SERVICES: App[] = [
  { name: 'report', workspace: 'services/report', port: 8081, database: 'swarm_report' },
  { name: 'member', workspace: 'services/member', port: 8082, database: 'swarm_member' },
  { name: 'association-billing', workspace: 'services/association-billing', port: 8083, database: 'swarm_association_billing' },
  { name: 'notification', workspace: 'services/notification', port: 8084, database: 'swarm_notification' },
  { name: 'insights', workspace: 'services/insights', port: 8085, database: 'swarm_insights' },
];
const GATEWAY: App = { name: 'gateway', workspace: 'gateway', port: 8080 };
const APPS = [...SERVICES, GATEWAY];
/** The services that keep delayed jobs in Redis: the reports' lifecycle timers, the alert jobs. */
const USES_REDIS = ['report', 'notification'];
/** The adapters production uses; the local descriptors (Compose, the dev overlay) pick ones needing no account. */
const PRODUCTION_GATEWAY = {
  MAILER: 'smtp',
  BOT_CHECK: 'recaptcha',
  GEOCODER: 'google',
  FEEDBACK_SINK: 'sentry',
  SESSION_STORE: 'redis',
  SESSION_COOKIE_SECURE: 'true',
  TRUST_PROXY: 'true',
};
const LOCAL_GATEWAY = {
  MAILER: 'dev-outbox',
  BOT_CHECK: 'dev',
  GEOCODER: 'offline',
  FEEDBACK_SINK: 'local',
  SESSION_COOKIE_SECURE: 'false',
  PUBLIC_URL: 'http://localhost:8080',
};
const SECRET_NAME = 'swarm-secrets';

/** A Compose `environment` map: a key without a value is passed through from the shell or --env-file. */
function composeEnvironment(environment: Record<string, unknown>): Environment {
  return new Map(
    Object.entries(environment).map(([variable, value]): [string, Setting] => [
      variable,
      value === null ? { external: 'compose pass-through' } : { value: String(value) },
    ]),
  );
}

/** Keys of a dotenv file, commented or not. */
function envFileKeys(text: string): string[] {
  return [...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);
}

const serviceUrlVariable = (name: string) => `${name.toUpperCase().replaceAll('-', '_')}_SERVICE_URL`;
/** Workspaces the runtime image copies besides the app's own (see deploy/docker/Dockerfile). */
const IMAGE_WORKSPACES: Record<string, string> = { '@swarm/proto': 'proto', '@swarm/api-contract': 'contract', '@swarm/runtime': 'services/runtime' };

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
  const absent = (result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
  return { absent, status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

/** Compose durations such as "20s", "1m30s" in milliseconds. */
function durationMs(value: string): number {
  let total = 0;
  for (const [, amount, unit] of value.matchAll(/(\d+)(ms|s|m|h)/g)) {
    total += Number(amount) * { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 }[unit as 'ms' | 's' | 'm' | 'h'];
  }
  return total;
}

/** `--flag value` pairs of a command line. */
function flagValue(args: unknown[], flag: string): string | undefined {
  const index = args.map(String).indexOf(flag);
  return index >= 0 ? String(args[index + 1]) : undefined;
}

describe('docker-compose.yml', () => {
  const compose: Json = parse(read('docker-compose.yml'), { merge: true });
  const services: Record<string, Json> = compose.services;

  it('declares the infrastructure, the four services and the gateway', () => {
    expect(APPS.map((app) => app.name).sort()).toEqual([...PROCESSES].sort());
    expect(Object.keys(services).sort()).toEqual(
      ['mongo', 'nats', 'redis', ...APPS.map((app) => app.name)].sort(),
    );
  });

  it.each(APPS)('$name is built from the shared Dockerfile for its workspace', (app) => {
    const build = services[app.name].build;
    expect(build.context).toBe('.');
    expect(build.dockerfile).toBe('deploy/docker/Dockerfile');
    expect(build.args.WORKSPACE).toBe(app.workspace);
    expect(build.target).toBe(app === GATEWAY ? 'gateway' : 'service');
    expect(existsSync(join(root, app.workspace, 'package.json')), `${app.workspace}/package.json`).toBe(true);
  });

  it.each(SERVICES)('$name has its environment, port, health check and start order', (app) => {
    const service = services[app.name];
    const env: Record<string, unknown> = service.environment;
    expect(env.PORT).toBe(String(app.port));
    expect(env.STORE).toBe('mongo');
    expect(env.EVENT_BUS).toBe('nats');
    expect(env.MONGODB_URL).toMatch(/^mongodb:\/\/mongo:27017\/.*replicaSet=rs0/);
    expect(env.MONGODB_DATABASE).toBe(app.database);
    expect(env.NATS_URL).toBe('nats://nats:4222');
    if (USES_REDIS.includes(app.name)) expect(env.REDIS_URL).toBe('redis://redis:6379');
    expect(service.healthcheck.test.join(' ')).toContain('healthcheck.mjs');
    expect(service.restart).toMatch(/^(always|unless-stopped|on-failure)/);
    expect(durationMs(service.stop_grace_period)).toBeGreaterThan(Number(env.SHUTDOWN_GRACE_MS));
    for (const dependency of ['mongo', 'nats', ...(USES_REDIS.includes(app.name) ? ['redis'] : [])]) {
      expect(service.depends_on?.[dependency]?.condition, dependency).toBe('service_healthy');
    }
  });

  it('gateway publishes 8080 on the host loopback only, reaches every service on its port and starts after them', () => {
    const gateway = services.gateway;
    const env: Record<string, unknown> = gateway.environment;
    expect(env.PORT).toBe('8080');
    expect(env.STATIC_DIR).toBe('/app/frontend/dist');
    expect(env.REPORT_IMAGE_MAX_BYTES).toBe('10485760');
    for (const app of SERVICES) {
      expect(env[serviceUrlVariable(app.name)]).toBe(`http://${app.name}:${app.port}`);
      expect(gateway.depends_on?.[app.name]?.condition, app.name).toBe('service_healthy');
    }
    // Its dev outbox lists login links: published to this machine only.
    expect(gateway.ports.map(String)).toEqual(['127.0.0.1:8080:8080']);
    expect(env.MAILER === 'dev-outbox' ? env.DEV_OUTBOX_ON_NETWORK : 'true').toBe('true');
    expect(gateway.healthcheck.test.join(' ')).toContain('healthcheck.mjs');
    for (const [name, service] of Object.entries(services)) {
      if (name !== 'gateway') expect(service.ports, `${name} publishes no port`).toBeUndefined();
    }
  });

  it.each(APPS)('$name: sets only variables it reads, valid, and starts without any credential', (app) => {
    const environment = composeEnvironment(services[app.name].environment);
    expect(configurationProblems(app.name, environment, { withoutExternal: true })).toEqual([]);
  });

  it('gateway and notification use the local adapters, the gateway over plain HTTP on localhost', () => {
    expect(services.gateway.environment).toMatchObject({ ...LOCAL_GATEWAY, TRUST_PROXY: 'false' });
    expect(services.notification.environment.SMS_SENDER).toBe('dev-outbox');
  });

  it('passes optional credentials through without a value, each one listed in secrets.example.env', () => {
    const documented = envFileKeys(read('deploy/env/secrets.example.env'));
    for (const app of APPS) {
      for (const [variable, value] of Object.entries(services[app.name].environment as Record<string, unknown>)) {
        if (documented.includes(variable)) expect(value, `${app.name} ${variable} must be a pass-through (no value)`).toBeNull();
        if (value === null) expect(documented, `${app.name} ${variable}`).toContain(variable);
      }
    }
  });

  it('runs MongoDB as replica set rs0, initiated by its health check, on a volume', () => {
    const mongo = services.mongo;
    expect(mongo.image).toMatch(/^mongo:8/);
    expect(flagValue(mongo.command, '--replSet')).toBe('rs0');
    const check = mongo.healthcheck.test.join(' ');
    expect(check).toContain('rs.initiate');
    expect(check).toContain("_id: 'rs0'");
    expect(check).toContain('isWritablePrimary');
    expect(mongo.volumes.some((volume: string) => volume.endsWith(':/data/db'))).toBe(true);
  });

  it('runs NATS with JetStream from deploy/nats/nats.conf on a volume', () => {
    const nats = services.nats;
    expect(nats.image).toMatch(/^nats:2\.(1\d|[2-9]\d)/);
    expect(nats.command).toContain('-js');
    const configPath = flagValue(nats.command, '-c');
    expect(nats.volumes).toContain(`./deploy/nats/nats.conf:${configPath}:ro`);
    const storeDir = /store_dir:\s*"?([^\s"]+)/.exec(read('deploy/nats/nats.conf'))?.[1] ?? '';
    expect(nats.volumes.some((volume: string) => storeDir.startsWith(volume.split(':')[1] ?? '-'))).toBe(true);
    expect(nats.healthcheck.test.join(' ')).toContain('/healthz');
  });

  it('runs Redis with AOF (fsync every second) and noeviction on a volume', () => {
    const redis = services.redis;
    expect(redis.image).toMatch(/^redis:7/);
    expect(flagValue(redis.command, '--appendonly')).toBe('yes');
    expect(flagValue(redis.command, '--appendfsync')).toBe('everysec');
    expect(flagValue(redis.command, '--maxmemory-policy')).toBe('noeviction');
    expect(redis.volumes.some((volume: string) => volume.endsWith(':/data'))).toBe(true);
  });

  const composeCli = (() => {
    if (run('docker', ['compose', 'version']).status === 0) return ['docker', 'compose'];
    if (run('docker-compose', ['version']).status === 0) return ['docker-compose'];
    return undefined;
  })();
  if (!composeCli) console.info('[deploy] `docker compose config` check skipped: neither docker compose nor docker-compose is installed.');
  it.skipIf(!composeCli)('is accepted by `docker compose config`', () => {
    const [command, ...args] = composeCli!;
    const result = run(command!, [...args, '-f', 'docker-compose.yml', 'config', '-q']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});

describe('deploy/nats/nats.conf', () => {
  const conf = read('deploy/nats/nats.conf');
  const jetstream = /jetstream\s*[:=]?\s*\{([^}]*)\}/.exec(conf)?.[1] ?? '';

  it('stores JetStream on disk and fsyncs every write', () => {
    expect(jetstream).toMatch(/^\s*store_dir\s*[:=]\s*\S+/m);
    expect(jetstream).toMatch(/^\s*sync_interval\s*[:=]\s*"?always"?\s*$/m);
  });
});

describe('deploy/docker', () => {
  const dockerfile = read('deploy/docker/Dockerfile');

  it('builds every workspace from the lockfile and runs it as node under tini', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:(22|24)[.\w-]*$/m);
    expect(dockerfile).toMatch(/npm ci --omit=dev --workspace \$\{WORKSPACE\}/);
    expect(dockerfile).toMatch(/npm run build --workspace frontend/);
    expect(dockerfile).toMatch(/^FROM \S+ AS gateway$/m);
    expect(dockerfile).toMatch(/^FROM \S+ AS service$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^STOPSIGNAL SIGTERM$/m);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m);
    expect(dockerfile).toMatch(/^CMD \["node", "--import", "tsx", "src\/main\.ts"\]$/m);
    expect(dockerfile.match(/^HEALTHCHECK .*healthcheck\.mjs/gm)).toHaveLength(2);
    expect(existsSync(join(root, 'deploy/docker/healthcheck.mjs'))).toBe(true);
  });

  it.each(APPS)('$name: tsx and every workspace it imports are in its image', (app) => {
    const manifest = JSON.parse(read(`${app.workspace}/package.json`)) as { dependencies?: Record<string, string> };
    const dependencies = manifest.dependencies ?? {};
    expect(dependencies, `${app.workspace} runs with \`node --import tsx\` after npm ci --omit=dev`).toHaveProperty('tsx');
    for (const name of Object.keys(dependencies).filter((dependency) => dependency.startsWith('@swarm/'))) {
      const workspace = IMAGE_WORKSPACES[name];
      expect(workspace, `${name} (used by ${app.workspace}) is not copied into the image`).toBeDefined();
      expect(dockerfile).toContain(`COPY ${workspace}/package.json ${workspace}/`);
    }
  });

  it('keeps local installs and build output out of the build context', () => {
    const ignored = read('.dockerignore').split('\n').map((line) => line.trim());
    for (const entry of ['**/node_modules', '**/dist', '**/test-output', '.git']) expect(ignored).toContain(entry);
  });
});

describe('secret templates', () => {
  const references = APPS.flatMap((app) =>
    parseAllDocuments(read(`deploy/k8s/base/apps/${app.name}.yaml`))
      .map((document) => document.toJS() as Json)
      .filter((object) => object?.kind === 'Deployment')
      .flatMap((deployment) => deployment.spec.template.spec.containers.flatMap((container: Json) => container.env ?? []))
      .filter((variable: Json) => variable.valueFrom?.secretKeyRef)
      .map((variable: Json) => ({ app: app.name, variable: variable.name as string, ref: variable.valueFrom.secretKeyRef })),
  );
  const referencedKeys = [...new Set(references.map((reference) => reference.ref.key as string))].sort();

  it('the manifests take credentials only from swarm-secrets, optionally, under the variable’s own name', () => {
    expect(references.length).toBeGreaterThan(0);
    for (const { app, variable, ref } of references) expect(ref, `${app} ${variable}`).toEqual({ name: SECRET_NAME, key: variable, optional: true });
  });

  it('list exactly the credentials the manifests reference, without values', () => {
    const template: Json = parse(read('deploy/k8s/base/secret.template.yaml'));
    expect(template.metadata.name).toBe(SECRET_NAME);
    expect(Object.keys(template.stringData).sort()).toEqual(referencedKeys);
    for (const key of referencedKeys) expect(template.stringData[key], key).toBe('');
    const example = read('deploy/env/secrets.example.env');
    expect([...envFileKeys(example)].sort()).toEqual(referencedKeys);
    expect(example, 'every key is commented out').not.toMatch(/^[A-Z][A-Z0-9_]*=/m);
    expect(read('deploy/env/.gitignore')).toMatch(/^\*\.env$/m);
  });
});

describe('deploy/README.md', () => {
  const readme = read('deploy/README.md');
  const section = readme.slice(readme.indexOf('## Environment variables'));
  const table = section.slice(0, section.indexOf('\n## ', 1));
  const listed = new Set(
    table
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!)),
  );

  it('documents every variable the deployed processes read, and no other', () => {
    expect([...listed].sort()).toEqual([...allVariables()].sort());
  });
});

const kubectl = run('kubectl', ['version', '--client']);
if (kubectl.absent) console.info('[deploy] kustomize checks skipped: kubectl is not installed.');

function kustomize(path: string) {
  const rendered = run('kubectl', ['kustomize', path]);
  const objects: Json[] = rendered.status === 0 ? parseAllDocuments(rendered.stdout).map((doc) => doc.toJS()) : [];
  const configMap = (prefix: string): Record<string, string> =>
    objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name.startsWith(`${prefix}-`))?.data ?? {};
  /** The environment of an app's container: its ConfigMaps, then its own `env` (which wins). */
  const environment = (app: App): Map<string, Setting> => {
    const deployment = objects.find((object) => object.kind === 'Deployment' && object.metadata.name === app.name);
    const container = deployment?.spec.template.spec.containers[0] ?? {};
    const env = new Map<string, Setting>();
    for (const source of container.envFrom ?? []) {
      for (const [key, value] of Object.entries(configMap(source.configMapRef.name.replace(/-[a-z0-9]{10}$/, '')))) {
        env.set(key, { value });
      }
    }
    for (const variable of container.env ?? []) {
      const secret = variable.valueFrom?.secretKeyRef;
      env.set(variable.name, secret ? { external: `${secret.name}/${secret.key}` } : { value: String(variable.value) });
    }
    return env;
  };
  const literal = (env: Environment, variable: string) => {
    const setting = env.get(variable);
    return setting && 'value' in setting ? setting.value : undefined;
  };
  return { rendered, objects, configMap, environment, literal };
}

describe.skipIf(kubectl.absent)('kubectl kustomize deploy/k8s/base (production-like)', () => {
  const { rendered, environment, literal } = kustomize('deploy/k8s/base');

  it('renders', () => {
    expect(rendered.stderr).toBe('');
    expect(rendered.status).toBe(0);
  });

  it.each(APPS)('$name: sets only variables it reads, valid, with every credential its adapters need', (app) => {
    expect(configurationProblems(app.name, environment(app), { withoutExternal: false })).toEqual([]);
  });

  it('gateway uses the production adapters, behind the Ingress, on HTTPS', () => {
    const env = environment(GATEWAY);
    for (const [variable, value] of Object.entries(PRODUCTION_GATEWAY)) expect(literal(env, variable), variable).toBe(value);
    expect(literal(env, 'PUBLIC_URL')).toMatch(/^https:\/\//);
  });

  it('gateway does not start without swarm-secrets (its providers need credentials)', () => {
    const problems = configurationProblems('gateway', environment(GATEWAY), { withoutExternal: true });
    for (const variable of ['SMTP_URL', 'RECAPTCHA_SECRET', 'RECAPTCHA_SITE_KEY', 'GOOGLE_MAPS_API_KEY', 'SENTRY_DSN']) {
      expect(problems.some((problem) => problem.startsWith(`${variable}:`)), variable).toBe(true);
    }
  });

  it('notification sends SMS through Twilio and notifications by Web Push, and does not start without swarm-secrets', () => {
    const env = environment(SERVICES.find((app) => app.name === 'notification')!);
    expect(literal(env, 'SMS_SENDER')).toBe('twilio');
    expect(literal(env, 'PUSH_SENDER')).toBe('web-push');
    expect(configurationProblems('notification', env, { withoutExternal: true })).toEqual(
      ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER', 'WEB_PUSH_PUBLIC_KEY', 'WEB_PUSH_PRIVATE_KEY', 'CLAIM_TOKEN_SECRET'].map(
        (variable) => `${variable}: needed by notification here but not set without credentials`,
      ),
    );
  });
});

describe.skipIf(kubectl.absent)('kubectl kustomize deploy/k8s/overlays/dev', () => {
  const { rendered, objects, configMap, environment, literal } = kustomize('deploy/k8s/overlays/dev');
  const find = (kind: string, name: string): Json => {
    const object = objects.find((candidate) => candidate.kind === kind && candidate.metadata.name === name);
    expect(object, `${kind}/${name}`).toBeDefined();
    return object;
  };
  const compose: Json = parse(read('docker-compose.yml'), { merge: true });

  it('renders', () => {
    expect(rendered.stderr).toBe('');
    expect(rendered.status).toBe(0);
    expect(objects.length).toBeGreaterThan(0);
  });

  it('renders no Secret (credentials are created apart, never committed)', () => {
    expect(objects.filter((object) => object.kind === 'Secret')).toEqual([]);
  });

  it.each(APPS)('$name: Deployment with probes, limits, non-root and a drain window', (app) => {
    const deployment = find('Deployment', app.name);
    const pod = deployment.spec.template.spec;
    const container = pod.containers[0];
    expect(deployment.spec.replicas).toBe(1);
    expect(container.image).toBe(`swarm-alert/${app.name}:dev`);
    expect(container.ports.map((port: Json) => port.containerPort)).toEqual([app.port, 9090]);
    // Prometheus scrapes GET /metrics on the port named metrics, which METRICS_PORT opens.
    expect(container.ports.find((port: Json) => port.name === 'metrics')?.containerPort).toBe(9090);
    expect(deployment.spec.template.metadata.annotations).toMatchObject({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': '9090', 'prometheus.io/path': '/metrics' });

    const portNumber = (port: string | number) =>
      typeof port === 'number' ? port : container.ports.find((candidate: Json) => candidate.name === port)?.containerPort;
    if (app === GATEWAY) {
      expect(container.readinessProbe.httpGet.path).toBe('/api/health');
      expect(portNumber(container.readinessProbe.httpGet.port)).toBe(app.port);
      expect(container.livenessProbe).toBeDefined();
    } else {
      expect(container.readinessProbe.grpc.port).toBe(app.port);
      expect(container.livenessProbe.grpc.port).toBe(app.port);
    }

    for (const kind of ['requests', 'limits']) {
      expect(container.resources[kind]?.cpu, `${kind}.cpu`).toBeDefined();
      expect(container.resources[kind]?.memory, `${kind}.memory`).toBeDefined();
    }
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
    expect(container.securityContext.allowPrivilegeEscalation).toBe(false);

    const env = environment(app);
    expect(literal(env, 'PORT')).toBe(String(app.port));
    expect(literal(env, 'METRICS_PORT')).toBe('9090');
    if (app !== GATEWAY) {
      expect(literal(env, 'MONGODB_DATABASE')).toBe(app.database);
      expect(literal(env, 'MONGODB_URL')).toMatch(/replicaSet=rs0/);
    }
    if (USES_REDIS.includes(app.name)) expect(literal(env, 'REDIS_URL')).toBe('redis://redis:6379');

    const preStopSeconds = Number(container.lifecycle?.preStop?.exec?.command?.[1] ?? 0);
    const graceMs = Number(literal(env, 'SHUTDOWN_GRACE_MS'));
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(preStopSeconds * 1000 + graceMs);
  });

  it.each(APPS)('$name: sets only variables it reads, valid, and starts without swarm-secrets', (app) => {
    expect(configurationProblems(app.name, environment(app), { withoutExternal: true })).toEqual([]);
  });

  it('gateway and notification use the local adapters, the gateway over plain HTTP on the port-forward', () => {
    const env = environment(GATEWAY);
    for (const [variable, value] of Object.entries(LOCAL_GATEWAY)) expect(literal(env, variable), variable).toBe(value);
    expect(literal(environment(SERVICES.find((app) => app.name === 'notification')!), 'SMS_SENDER')).toBe('dev-outbox');
  });

  it.each(APPS)('$name: Service port matches the compose port and selects the pods', (app) => {
    const service = find('Service', app.name);
    const deployment = find('Deployment', app.name);
    expect(service.spec.ports.map((port: Json) => port.port)).toEqual([app.port]);
    expect(deployment.spec.template.metadata.labels).toMatchObject(service.spec.selector);
    expect(compose.services[app.name].environment.PORT).toBe(String(app.port));
  });

  it('gateway reaches every service through its Service, and the Ingress routes to the gateway', () => {
    const data = configMap('swarm-gateway-config');
    for (const app of SERVICES) expect(data[serviceUrlVariable(app.name)]).toBe(`http://${app.name}:${app.port}`);
    const backend = find('Ingress', 'gateway').spec.rules[0].http.paths[0].backend.service;
    expect(backend.name).toBe('gateway');
    expect(find('Service', 'gateway').spec.ports.some((port: Json) => port.name === backend.port.name || port.port === backend.port.number)).toBe(true);
  });

  it('MongoDB: a replica set on a volume, initiated with the host the apps connect to', () => {
    const statefulSet = find('StatefulSet', 'mongo');
    expect(flagValue(statefulSet.spec.template.spec.containers[0].args, '--replSet')).toBe('rs0');
    expect(statefulSet.spec.volumeClaimTemplates.length).toBeGreaterThan(0);
    const init = JSON.stringify(find('Job', 'mongo-init-replica-set').spec.template.spec.containers[0].command);
    expect(init).toContain('rs.initiate');
    const host = /mongodb:\/\/([^/]+)\//.exec(configMap('swarm-service-config').MONGODB_URL ?? '')?.[1];
    expect(init).toContain(`host: '${host}'`);
  });

  it('NATS: JetStream with sync_interval always, from a mounted config, on a volume', () => {
    const statefulSet = find('StatefulSet', 'nats');
    const container = statefulSet.spec.template.spec.containers[0];
    expect(container.args).toContain('-js');
    const conf = configMap('nats-config')['nats.conf'] ?? '';
    expect(conf).toMatch(/^\s*sync_interval\s*[:=]\s*"?always"?\s*$/m);
    expect(conf).toBe(read('deploy/nats/nats.conf'));
    expect(statefulSet.spec.template.spec.volumes.some((volume: Json) => volume.configMap?.name.startsWith('nats-config-'))).toBe(true);
    expect(statefulSet.spec.volumeClaimTemplates.length).toBeGreaterThan(0);
  });

  it('Redis: AOF and noeviction, on a volume', () => {
    const statefulSet = find('StatefulSet', 'redis');
    const args = statefulSet.spec.template.spec.containers[0].args;
    expect(flagValue(args, '--appendonly')).toBe('yes');
    expect(flagValue(args, '--appendfsync')).toBe('everysec');
    expect(flagValue(args, '--maxmemory-policy')).toBe('noeviction');
    expect(statefulSet.spec.volumeClaimTemplates.length).toBeGreaterThan(0);
  });

  it('the Tiltfile builds every image the overlay deploys and names only rendered workloads', () => {
    const tiltfile = read('Tiltfile');
    expect(tiltfile).toContain("k8s_yaml(kustomize('deploy/k8s/overlays/dev'))");
    expect(tiltfile).toContain("'swarm-alert/' + name");
    for (const app of APPS) expect(tiltfile).toMatch(new RegExp(`node_app\\('${app.name}', '${app.workspace}'`));
    expect(tiltfile).toMatch(/port_forwards=\['8080:8080'\]/);
    const workloads = new Set(
      objects.filter((object) => ['Deployment', 'StatefulSet', 'Job'].includes(object.kind)).map((object) => object.metadata.name),
    );
    for (const [, name] of tiltfile.matchAll(/k8s_resource\(\s*'([^']+)'/g)) expect(workloads.has(name!), name).toBe(true);
    for (const workload of workloads) expect(tiltfile, workload).toMatch(new RegExp(`k8s_resource\\(\\s*'${workload}'`));
  });
});

/** Validates a rendered object against the Kubernetes API schema of its kind (kubernetes-models). */
async function schemaProblem(object: Json): Promise<string | undefined> {
  const [group, version] = String(object.apiVersion).includes('/') ? String(object.apiVersion).split('/') : ['', String(object.apiVersion)];
  const module = (await import(group ? `kubernetes-models/${group}/${version}/${object.kind}` : `kubernetes-models/v1/${object.kind}`)) as Record<string, new (data: Json) => { validate(): void }>;
  const Model = module[object.kind];
  if (!Model) return `${object.kind}: no schema`;
  try {
    new Model(object).validate();
    return undefined;
  } catch (error) {
    return `${object.kind}/${object.metadata?.name}: ${(error as Error).message.slice(0, 200)}`;
  }
}

describe.skipIf(kubectl.absent)('kubectl kustomize deploy/k8s/overlays/production', () => {
  const { rendered, objects, configMap, environment } = kustomize('deploy/k8s/overlays/production');
  const find = (kind: string, name: string): Json => {
    const object = objects.find((candidate) => candidate.kind === kind && candidate.metadata.name === name);
    expect(object, `${kind}/${name}`).toBeDefined();
    return object;
  };
  const workloads = () => objects.filter((object) => object.kind === 'Deployment' || object.kind === 'StatefulSet');

  it('renders, every object valid against the Kubernetes API schema', async () => {
    expect(rendered.stderr).toBe('');
    expect(rendered.status).toBe(0);
    expect((await Promise.all(objects.map(schemaProblem))).filter(Boolean)).toEqual([]);
    // The schema check is a real one: a malformed autoscaler is refused.
    expect(await schemaProblem({ apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'x' }, spec: { maxReplicas: 'many' } })).toBeDefined();
  });

  it('renders no Secret, and takes credentials only by reference to swarm-secrets', () => {
    expect(objects.filter((object) => object.kind === 'Secret')).toEqual([]);
    const references = workloads().flatMap((workload) =>
      workload.spec.template.spec.containers.flatMap((container: Json) => (container.env ?? []).map((variable: Json) => variable.valueFrom?.secretKeyRef?.name).filter(Boolean)),
    );
    expect(new Set(references)).toEqual(new Set([SECRET_NAME]));
  });

  it.each(APPS)('$name: sets only variables it reads, valid, with every credential its adapters need', (app) => {
    expect(configurationProblems(app.name, environment(app), { withoutExternal: false })).toEqual([]);
  });

  it('MongoDB: a three-member replica set, initiated with all three, that the apps reach by all three hosts', () => {
    const statefulSet = find('StatefulSet', 'mongo');
    expect(statefulSet.spec.replicas).toBe(3);
    const init = JSON.stringify(find('Job', 'mongo-init-replica-set').spec.template.spec.containers[0].command);
    expect(init).toContain('[0, 1, 2].map');
    expect(configMap('swarm-service-config').MONGODB_URL).toBe('mongodb://mongo-0.mongo:27017,mongo-1.mongo:27017,mongo-2.mongo:27017/?replicaSet=rs0');
  });

  it('NATS: a three-node JetStream cluster on file storage with sync_interval always, the event stream kept on all three', () => {
    const statefulSet = find('StatefulSet', 'nats');
    expect(statefulSet.spec.replicas).toBe(3);
    expect(statefulSet.spec.serviceName).toBe('nats-headless');
    expect(find('Service', 'nats-headless').spec.clusterIP).toBe('None');
    const conf = configMap('nats-config')['nats.conf'] ?? '';
    expect(conf).toMatch(/^\s*sync_interval\s*:\s*always\s*$/m);
    expect(conf).toMatch(/store_dir/);
    for (const index of [0, 1, 2]) expect(conf).toContain(`nats://nats-${index}.nats-headless:6222`);
    expect(conf).toMatch(/^server_name:\s*\$POD_NAME$/m);
    expect(statefulSet.spec.template.spec.containers[0].env).toContainEqual({ name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } });
    expect(configMap('swarm-service-config').NATS_STREAM_REPLICAS).toBe('3');
  });

  it('Redis: AOF and noeviction, on a volume', () => {
    const args = find('StatefulSet', 'redis').spec.template.spec.containers[0].args;
    expect(flagValue(args, '--appendonly')).toBe('yes');
    expect(flagValue(args, '--maxmemory-policy')).toBe('noeviction');
  });

  it('a disruption budget for every app, MongoDB and NATS, each selecting the pods it protects', () => {
    for (const name of [...APPS.map((app) => app.name), 'mongo', 'nats']) {
      const budget = find('PodDisruptionBudget', name);
      expect(budget.spec.selector.matchLabels['app.kubernetes.io/name']).toBe(name);
      const workload = objects.find((object) => (object.kind === 'Deployment' || object.kind === 'StatefulSet') && object.metadata.name === name);
      expect(workload?.spec.template.metadata.labels['app.kubernetes.io/name'], name).toBe(name);
    }
  });

  it('autoscalers for the gateway and notification, which then leave their replica count to them', () => {
    for (const name of ['gateway', 'notification']) {
      const autoscaler = find('HorizontalPodAutoscaler', name);
      expect(autoscaler.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      expect(autoscaler.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(find('Deployment', name).spec.replicas).toBeUndefined();
    }
  });

  it('every workload spreads its pods over nodes (required for the replica set and the cluster) and every container has requests and limits', () => {
    for (const workload of workloads().filter((object) => object.metadata.name !== 'redis')) {
      const anti = workload.spec.template.spec.affinity?.podAntiAffinity;
      const terms = [...(anti?.requiredDuringSchedulingIgnoredDuringExecution ?? []), ...(anti?.preferredDuringSchedulingIgnoredDuringExecution ?? []).map((term: Json) => term.podAffinityTerm)];
      expect(terms.some((term: Json) => term.topologyKey === 'kubernetes.io/hostname' && term.labelSelector.matchLabels['app.kubernetes.io/name'] === workload.metadata.name), workload.metadata.name).toBe(true);
      if (['mongo', 'nats'].includes(workload.metadata.name)) expect(anti.requiredDuringSchedulingIgnoredDuringExecution, workload.metadata.name).toBeDefined();
    }
    for (const workload of [...workloads(), find('Job', 'mongo-init-replica-set')]) {
      for (const container of workload.spec.template.spec.containers) {
        expect(container.resources?.requests?.cpu && container.resources?.requests?.memory, `${workload.metadata.name} requests`).toBeTruthy();
        expect(container.resources?.limits?.cpu && container.resources?.limits?.memory, `${workload.metadata.name} limits`).toBeTruthy();
      }
    }
  });
});
