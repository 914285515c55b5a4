import { z } from 'zod';
import { gatewayConfigShape } from '../../gateway/src/config.js';
import { insightsConfigShape } from '../../services/insights/src/config.js';
import { associationBillingConfigShape } from '../../services/association-billing/src/config.js';
import { memberConfigShape } from '../../services/member/src/config.js';
import { notificationConfigShape } from '../../services/notification/src/config.js';
import { reportConfigShape } from '../../services/report/src/config.js';

// What each deployed process reads, taken from the zod shapes its main.ts validates its environment with, and
// what it needs given the adapters its environment selects (the rules each main.ts enforces at start).

export type ProcessName = 'report' | 'member' | 'association-billing' | 'notification' | 'insights' | 'gateway';

/** A descriptor's value for a variable: a literal, or supplied from outside (a Secret key, a Compose pass-through). */
export type Setting = { value: string } | { external: string };
export type Environment = ReadonlyMap<string, Setting>;

type Effective = (variable: string) => unknown;

const SHAPES: Record<ProcessName, z.ZodRawShape> = {
  report: reportConfigShape,
  member: memberConfigShape,
  'association-billing': associationBillingConfigShape,
  notification: notificationConfigShape,
  insights: insightsConfigShape,
  gateway: gatewayConfigShape,
};

/** Variables required by the adapters an environment selects (see each process's main.ts). */
const REQUIRED_BY_ADAPTERS: Record<ProcessName, (effective: Effective) => string[]> = {
  report: (effective) => [
    ...serviceRequirements(effective),
    ...geocoderRequirements(effective),
    // The lifecycle timers live in Redis in the distributed mode, shared by the replicas.
    ...(effective('EVENT_BUS') === 'nats' ? ['REDIS_URL'] : []),
  ],
  member: (effective) => [...serviceRequirements(effective), ...geocoderRequirements(effective)],
  'association-billing': (effective) => [
    ...serviceRequirements(effective),
    // Its default sender is not a deliverable address.
    ...(effective('SMTP_URL') ? ['MAIL_FROM'] : []),
  ],
  notification: (effective) => [
    ...serviceRequirements(effective),
    // Delayed alert jobs live in Redis in the distributed mode.
    ...(effective('EVENT_BUS') === 'nats' ? ['REDIS_URL'] : []),
    // The composition refuses to start with SMS_SENDER=twilio without the account, its token and a sender.
    ...(effective('SMS_SENDER') === 'twilio'
      ? ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', ...(effective('TWILIO_MESSAGING_SERVICE_SID') ? [] : ['TWILIO_FROM_NUMBER'])]
      : []),
    // And with PUSH_SENDER=web-push without the VAPID key pair; claim links must outlive a restart and work on every replica.
    ...(effective('PUSH_SENDER') === 'web-push' ? ['WEB_PUSH_PUBLIC_KEY', 'WEB_PUSH_PRIVATE_KEY', 'CLAIM_TOKEN_SECRET'] : []),
  ],
  insights: (effective) => serviceRequirements(effective),
  gateway: (effective) => [
    ...(effective('MAILER') === 'smtp' ? ['SMTP_URL', 'MAIL_FROM'] : []),
    ...(effective('BOT_CHECK') === 'recaptcha' ? ['RECAPTCHA_SECRET', 'RECAPTCHA_SITE_KEY'] : []),
    ...geocoderRequirements(effective),
    ...(effective('FEEDBACK_SINK') === 'sentry' ? ['SENTRY_DSN'] : []),
    ...(effective('SESSION_STORE') === 'redis' ? ['REDIS_URL'] : []),
  ],
};

/** The composition refuses to start with GEOCODER=google without its key. */
function geocoderRequirements(effective: Effective): string[] {
  return effective('GEOCODER') === 'google' ? ['GOOGLE_MAPS_API_KEY'] : [];
}

function serviceRequirements(effective: Effective): string[] {
  return [...(effective('STORE') === 'mongo' ? ['MONGODB_URL'] : []), ...(effective('EVENT_BUS') === 'nats' ? ['NATS_URL'] : [])];
}

/** The variables a process reads. */
export function variablesOf(process: ProcessName): string[] {
  return Object.keys(SHAPES[process]);
}

/** Every variable a deployed process reads. */
export function allVariables(): Set<string> {
  return new Set(Object.values(SHAPES).flatMap((shape) => Object.keys(shape)));
}

export const PROCESSES = Object.keys(SHAPES) as ProcessName[];

/**
 * Variables whose default names this host (http://127.0.0.1:8082, redis://127.0.0.1:6379…): right for one machine,
 * wrong in a container, so every descriptor must set them.
 */
export function hostLocalDefaults(process: ProcessName): string[] {
  const defaults = z.object(SHAPES[process]).parse({}) as Record<string, unknown>;
  return Object.entries(defaults)
    .filter(([, value]) => typeof value === 'string' && /^[a-z]+:\/\/(127\.0\.0\.1|localhost)[:/]/.test(value))
    .map(([variable]) => variable);
}

/**
 * What is wrong with a descriptor's environment for a process: variables the process does not read, literal
 * values it would refuse, and variables the selected adapters need that are not provided. With
 * `withoutExternal`, values supplied from outside count as absent: the descriptor must start without them.
 */
export function configurationProblems(process: ProcessName, environment: Environment, options: { withoutExternal: boolean }): string[] {
  const shape = SHAPES[process];
  const problems: string[] = [];
  const literals: Record<string, string> = {};
  for (const [variable, setting] of environment) {
    if (!(variable in shape)) problems.push(`${variable}: not read by ${process}`);
    else if ('value' in setting) literals[variable] = setting.value;
  }
  const known = Object.fromEntries(Object.entries(literals).filter(([variable]) => variable in shape));
  const parsed = z.object(shape).safeParse(known);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(known[String(issue.path[0])])})`);
  }
  const defaults = z.object(shape).parse({}) as Record<string, unknown>;
  const provided = (variable: string) => {
    const setting = environment.get(variable);
    return setting !== undefined && ('value' in setting ? setting.value !== '' : !options.withoutExternal);
  };
  const effective: Effective = (variable) => {
    const setting = environment.get(variable);
    if (setting && 'value' in setting) return setting.value;
    if (setting && !options.withoutExternal) return setting.external;
    return defaults[variable];
  };
  const required = new Set([...hostLocalDefaults(process), ...REQUIRED_BY_ADAPTERS[process](effective)]);
  for (const variable of required) {
    if (!provided(variable)) problems.push(`${variable}: needed by ${process} here but not ${options.withoutExternal ? 'set without credentials' : 'set'}`);
  }
  return problems;
}
