import { createECDH } from 'node:crypto';
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

  it('takes a tile template with {z}, {x} and {y} over http(s) for the map, and refuses anything else', () => {
    expect(loadConfig(gatewayConfigShape, {}).MAP_TILE_URL).toBeUndefined();
    expect(loadConfig(gatewayConfigShape, { MAP_TILE_URL: '' }).MAP_TILE_URL).toBeUndefined();
    const config = loadConfig(gatewayConfigShape, { MAP_TILE_URL: ' https://{s}.tile.example.org/{z}/{x}/{y}.png ', MAP_TILE_ATTRIBUTION: '© Example' });
    expect([config.MAP_TILE_URL, config.MAP_TILE_ATTRIBUTION]).toEqual(['https://{s}.tile.example.org/{z}/{x}/{y}.png', '© Example']);
    expect(() => loadConfig(gatewayConfigShape, { MAP_TILE_URL: 'https://tile.example.org/tiles.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig(gatewayConfigShape, { MAP_TILE_URL: 'javascript:alert(1)/{z}/{x}/{y}' })).toThrow(/MAP_TILE_URL/);
  });

  it('takes a relative STATIC_DIR from the working directory', () => {
    expect(loadConfig(gatewayConfigShape, { STATIC_DIR: 'frontend/dist' }).STATIC_DIR).toBe(resolve(process.cwd(), 'frontend/dist'));
    expect(loadConfig(gatewayConfigShape, { STATIC_DIR: '/srv/site' }).STATIC_DIR).toBe('/srv/site');
  });

  it('serves no Web Push key unless one is set, and refuses one that is not a VAPID public key', () => {
    expect(loadConfig(gatewayConfigShape, {}).WEB_PUSH_PUBLIC_KEY).toBe('');
    const keys = createECDH('prime256v1');
    keys.generateKeys();
    const publicKey = keys.getPublicKey().toString('base64url');
    expect(loadConfig(gatewayConfigShape, { WEB_PUSH_PUBLIC_KEY: ` ${publicKey}\n` }).WEB_PUSH_PUBLIC_KEY).toBe(publicKey);
    for (const wrong of [keys.getPublicKey().toString('base64'), keys.getPublicKey('base64url', 'compressed'), keys.getPrivateKey().toString('base64url'), 'not a key']) {
      expect(() => loadConfig(gatewayConfigShape, { WEB_PUSH_PUBLIC_KEY: wrong })).toThrow(/WEB_PUSH_PUBLIC_KEY/);
    }
  });
});
