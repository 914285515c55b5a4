import { resolve } from 'node:path';
import { loadConfig } from '@swarm/runtime';
import { describe, expect, it } from 'vitest';
import { gatewayConfigShape } from './config.js';

describe('gateway configuration', () => {
  it('treats an empty optional secret as unset, as an env file with a blank key leaves it', () => {
    const config = loadConfig(gatewayConfigShape, {
      SMTP_URL: '',
      OIDC_CLIENT_ID: '',
      OIDC_CLIENT_SECRET: '',
      ASSOCIATION_ADMIN_URL: '',
      RECAPTCHA_SECRET: '',
    });
    expect([config.SMTP_URL, config.OIDC_CLIENT_ID, config.OIDC_CLIENT_SECRET, config.ASSOCIATION_ADMIN_URL, config.RECAPTCHA_SECRET]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('still refuses a malformed value', () => {
    expect(() => loadConfig(gatewayConfigShape, { SMTP_URL: 'mail.example.org' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig(gatewayConfigShape, { ASSOCIATION_ADMIN_URL: 'not a url' })).toThrow(/ASSOCIATION_ADMIN_URL/);
  });

  it('takes a relative STATIC_DIR from the working directory', () => {
    expect(loadConfig(gatewayConfigShape, { STATIC_DIR: 'frontend/dist' }).STATIC_DIR).toBe(resolve(process.cwd(), 'frontend/dist'));
    expect(loadConfig(gatewayConfigShape, { STATIC_DIR: '/srv/site' }).STATIC_DIR).toBe('/srv/site');
  });
});
