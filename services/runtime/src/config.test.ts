import { describe, expect, it } from 'vitest';
import { ConfigError, env, loadConfig, requireMongoUrl, serviceEnvShape } from './config.js';

describe('loadConfig', () => {
  it('applies defaults and parses numbers', () => {
    const config = loadConfig({ ...serviceEnvShape, PORT: env.port(8081) }, { PORT: '9000' });
    expect(config).toMatchObject({ PORT: 9000, STORE: 'mongo', EVENT_BUS: 'nats', EVENTS_ACK_WAIT_MS: 30_000, LOG_LEVEL: 'info' });
  });

  it('names the variable and the value it refused', () => {
    expect(() => loadConfig({ PORT: env.port(8081) }, { PORT: 'eighty' })).toThrowError(/PORT: .*\(got "eighty"\)/);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig(serviceEnvShape, { STORE: 'postgres', EVENTS_ACK_WAIT_MS: '-5' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/STORE: .*postgres/);
      expect((error as Error).message).toMatch(/EVENTS_ACK_WAIT_MS: /);
    }
  });

  it('refuses a boolean that is not true/false/1/0', () => {
    expect(() => loadConfig({ FLAG: env.boolean(false) }, { FLAG: 'yes' })).toThrowError(/FLAG/);
    expect(loadConfig({ FLAG: env.boolean(false) }, { FLAG: '1' }).FLAG).toBe(true);
  });

  it('requires MONGODB_URL only when the store is mongo', () => {
    expect(() => requireMongoUrl({ STORE: 'mongo' })).toThrowError(/MONGODB_URL/);
    expect(requireMongoUrl({ STORE: 'memory' })).toBe('');
  });
});
