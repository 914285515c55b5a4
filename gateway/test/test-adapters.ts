import { testLogger } from '@swarm/testing';
import type { GatewayAdapters } from '../src/app.js';
import { MemorySessionStore } from '../src/auth/memory-session-store.js';
import { MemoryPendingLoginStore } from '../src/auth/pending-logins.js';
import { DevBotCheck } from '../src/bot-check/bot-check.js';
import { MemoryVerifiedSubmissions } from '../src/bot-check/recently-verified.js';
import { LocalFeedbackSink } from '../src/feedback/local-feedback-sink.js';
import { OfflineGeocoder } from '@swarm/runtime/geocoding';
import { DevOutbox, DevOutboxMailer } from '../src/mail/dev-outbox.js';

/** Every port of the gateway with a local adapter (what the embedded default configures), any of them replaced. */
export function testAdapters(overrides: Partial<GatewayAdapters> = {}): GatewayAdapters {
  const outbox = new DevOutbox();
  return {
    geocoder: new OfflineGeocoder(),
    sessions: new MemorySessionStore({ idleTimeoutMs: 60 * 60 * 1000 }),
    botCheck: new DevBotCheck(),
    verifiedSubmissions: new MemoryVerifiedSubmissions(),
    feedback: new LocalFeedbackSink(testLogger()),
    login: {
      mailer: new DevOutboxMailer(outbox),
      devOutbox: outbox,
      pendingLogins: new MemoryPendingLoginStore(),
      openIdProviders: { google: undefined },
    },
    ...overrides,
  };
}
