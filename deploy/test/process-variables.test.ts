import { describe, expect, it } from 'vitest';
import { configurationProblems, hostLocalDefaults, variablesOf, type Setting } from './process-variables.js';

const environment = (entries: Record<string, Setting>) => new Map(Object.entries(entries));
const value = (text: string): Setting => ({ value: text });
const fromSecret: Setting = { external: 'swarm-secrets' };

const containerServices = {
  STORE: value('mongo'),
  MONGODB_URL: value('mongodb://mongo:27017/?replicaSet=rs0'),
  EVENT_BUS: value('nats'),
  NATS_URL: value('nats://nats:4222'),
};
const localGateway = {
  REPORT_SERVICE_URL: value('http://report:8081'),
  MEMBER_SERVICE_URL: value('http://member:8082'),
  ASSOCIATION_BILLING_SERVICE_URL: value('http://association-billing:8083'),
  NOTIFICATION_SERVICE_URL: value('http://notification:8084'),
  INSIGHTS_SERVICE_URL: value('http://insights:8085'),
  PUBLIC_URL: value('http://localhost:8080'),
  REDIS_URL: value('redis://redis:6379'),
  MAILER: value('dev-outbox'),
};

describe('the variables of a process come from its configuration shape', () => {
  it('lists what the gateway and a service read', () => {
    expect(variablesOf('gateway')).toEqual(expect.arrayContaining(['PUBLIC_URL', 'MAILER', 'BOT_CHECK', 'OIDC_CLIENT_ID']));
    expect(variablesOf('member')).toEqual(expect.arrayContaining(['STORE', 'MAGIC_LINK_TTL_MINUTES']));
    expect(variablesOf('report')).not.toContain('GOOGLE_PLACES_API_KEY');
  });

  it('finds the defaults that only work on one machine', () => {
    expect(hostLocalDefaults('report')).toEqual(expect.arrayContaining(['MEMBER_SERVICE_URL', 'ASSOCIATION_BILLING_SERVICE_URL', 'NATS_URL']));
    expect(hostLocalDefaults('gateway')).toEqual(expect.arrayContaining(['REPORT_SERVICE_URL', 'REDIS_URL', 'PUBLIC_URL']));
  });
});

describe('configurationProblems', () => {
  it('accepts a complete local environment', () => {
    expect(configurationProblems('gateway', environment(localGateway), { withoutExternal: true })).toEqual([]);
  });

  it('reports a variable the process does not read', () => {
    const env = environment({
      ...containerServices,
      MEMBER_SERVICE_URL: value('http://member:8082'),
      ASSOCIATION_BILLING_SERVICE_URL: value('http://association-billing:8083'),
      REDIS_URL: value('redis://redis:6379'),
      GOOGLE_PLACES_API_KEY: fromSecret,
    });
    expect(configurationProblems('report', env, { withoutExternal: false })).toEqual(['GOOGLE_PLACES_API_KEY: not read by report']);
  });

  it('reports a value the process would refuse', () => {
    const problems = configurationProblems('gateway', environment({ ...localGateway, SESSION_COOKIE_SECURE: value('yes') }), { withoutExternal: true });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^SESSION_COOKIE_SECURE: .*\(got "yes"\)$/);
  });

  it('requires SMTP_URL when MAILER=smtp, which is also the default', () => {
    const { MAILER: _mailer, ...withoutMailer } = localGateway;
    const expected = ['SMTP_URL: needed by gateway here but not set without credentials'];
    expect(configurationProblems('gateway', environment(withoutMailer), { withoutExternal: true })).toEqual(
      expect.arrayContaining(expected),
    );
    expect(configurationProblems('gateway', environment({ ...localGateway, MAILER: value('smtp') }), { withoutExternal: true })).toEqual(
      expect.arrayContaining(expected),
    );
  });

  it('counts a credential from a Secret as provided, unless the descriptor must start without one', () => {
    const production = environment({
      ...localGateway,
      PUBLIC_URL: value('https://swarm.example.org'),
      BOT_CHECK: value('recaptcha'),
      RECAPTCHA_SECRET: fromSecret,
      RECAPTCHA_SITE_KEY: fromSecret,
    });
    expect(configurationProblems('gateway', production, { withoutExternal: false })).toEqual([]);
    expect(configurationProblems('gateway', production, { withoutExternal: true })).toEqual([
      'RECAPTCHA_SECRET: needed by gateway here but not set without credentials',
      'RECAPTCHA_SITE_KEY: needed by gateway here but not set without credentials',
    ]);
  });

  it('requires a service URL whose default is this host, and Redis for report and notification in distributed mode', () => {
    expect(configurationProblems('report', environment(containerServices), { withoutExternal: true })).toEqual([
      'MEMBER_SERVICE_URL: needed by report here but not set without credentials',
      'ASSOCIATION_BILLING_SERVICE_URL: needed by report here but not set without credentials',
      'REDIS_URL: needed by report here but not set without credentials',
    ]);
    expect(configurationProblems('notification', environment(containerServices), { withoutExternal: true })).toEqual([
      'MEMBER_SERVICE_URL: needed by notification here but not set without credentials',
      'REPORT_SERVICE_URL: needed by notification here but not set without credentials',
      'ASSOCIATION_BILLING_SERVICE_URL: needed by notification here but not set without credentials',
      'PUBLIC_URL: needed by notification here but not set without credentials',
      'REDIS_URL: needed by notification here but not set without credentials',
    ]);
  });

  it('requires the three Twilio credentials for notification only with SMS_SENDER=twilio', () => {
    const notification = {
      ...containerServices,
      MEMBER_SERVICE_URL: value('http://member:8082'),
      REPORT_SERVICE_URL: value('http://report:8081'),
      ASSOCIATION_BILLING_SERVICE_URL: value('http://association-billing:8083'),
      REDIS_URL: value('redis://redis:6379'),
      PUBLIC_URL: value('https://swarm-alert.example.org'),
    };
    expect(configurationProblems('notification', environment(notification), { withoutExternal: true })).toEqual([]);
    expect(configurationProblems('notification', environment({ ...notification, SMS_SENDER: value('dev-outbox') }), { withoutExternal: true })).toEqual([]);
    const twilio = environment({
      ...notification,
      SMS_SENDER: value('twilio'),
      TWILIO_ACCOUNT_SID: fromSecret,
      TWILIO_AUTH_TOKEN: fromSecret,
      TWILIO_FROM_NUMBER: fromSecret,
    });
    expect(configurationProblems('notification', twilio, { withoutExternal: false })).toEqual([]);
    expect(configurationProblems('notification', twilio, { withoutExternal: true })).toEqual([
      'TWILIO_ACCOUNT_SID: needed by notification here but not set without credentials',
      'TWILIO_AUTH_TOKEN: needed by notification here but not set without credentials',
      'TWILIO_FROM_NUMBER: needed by notification here but not set without credentials',
    ]);
  });

  it('requires the VAPID key pair and the claim token secret for notification only with PUSH_SENDER=web-push', () => {
    const notification = {
      ...containerServices,
      MEMBER_SERVICE_URL: value('http://member:8082'),
      REPORT_SERVICE_URL: value('http://report:8081'),
      ASSOCIATION_BILLING_SERVICE_URL: value('http://association-billing:8083'),
      REDIS_URL: value('redis://redis:6379'),
      PUBLIC_URL: value('https://swarm-alert.example.org'),
    };
    expect(configurationProblems('notification', environment({ ...notification, PUSH_SENDER: value('dev-outbox') }), { withoutExternal: true })).toEqual([]);
    const push = environment({ ...notification, PUSH_SENDER: value('web-push'), WEB_PUSH_PUBLIC_KEY: fromSecret, WEB_PUSH_PRIVATE_KEY: fromSecret, CLAIM_TOKEN_SECRET: fromSecret });
    expect(configurationProblems('notification', push, { withoutExternal: false })).toEqual([]);
    expect(configurationProblems('notification', push, { withoutExternal: true })).toEqual([
      'WEB_PUSH_PUBLIC_KEY: needed by notification here but not set without credentials',
      'WEB_PUSH_PRIVATE_KEY: needed by notification here but not set without credentials',
      'CLAIM_TOKEN_SECRET: needed by notification here but not set without credentials',
    ]);
  });

  it('requires MONGODB_URL only with STORE=mongo', () => {
    const { MONGODB_URL: _url, ...withoutUrl } = containerServices;
    expect(configurationProblems('member', environment(withoutUrl), { withoutExternal: true })).toEqual([
      'MONGODB_URL: needed by member here but not set without credentials',
    ]);
    expect(configurationProblems('member', environment({ ...withoutUrl, STORE: value('memory') }), { withoutExternal: true })).toEqual([]);
  });
});
