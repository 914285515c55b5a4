import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { mapTileOrigin } from './config.js';

/** Where reCAPTCHA v3 loads its script from and frames its challenge. */
const RECAPTCHA_SCRIPT_SOURCES = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAME_SOURCES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * The Content-Security-Policy of the SPA and the API: no inline or foreign script, nothing framing the site, and the
 * bot-check provider's script and frame only when it is configured. styled-components writes its rules into <style>
 * elements at run time, hence 'unsafe-inline' for styles only; picked pictures are previewed from blob: URLs. The
 * map's tile server, when MAP_TILE_URL names one, may serve images. The service worker (/sw.js) and the web app manifest come from the site itself, said outright rather than left to
 * default-src, so tightening that one cannot switch them off.
 */
function contentSecurityPolicy(options: { recaptcha: boolean; mapTileUrl?: string | undefined }): Record<string, string[]> {
  const tileOrigin = options.mapTileUrl ? mapTileOrigin(options.mapTileUrl) : null;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(options.recaptcha ? RECAPTCHA_SCRIPT_SOURCES : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : [])],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': options.recaptcha ? RECAPTCHA_FRAME_SOURCES : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The browser's powerful features the site never uses, switched off for it and anything it embeds. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=()';

/**
 * Headers on every response, set by @fastify/helmet as each request arrives: Content-Security-Policy,
 * X-Content-Type-Options, X-Frame-Options, Referrer-Policy, Cross-Origin-Opener-Policy, and Strict-Transport-Security
 * over HTTPS only (a browser would otherwise refuse the plain-HTTP localhost of the embedded default for a year).
 * Helmet's other defaults are switched off, so responses carry the headers they always did. A route that sets its own
 * Content-Security-Policy (the dev outbox page) keeps it: a route's headers replace helmet's. Helmet has no
 * Permissions-Policy, hence the one hook of our own.
 */
export async function addSecurityHeaders(app: FastifyInstance, options: { publicUrl: string; recaptcha: boolean; mapTileUrl?: string | undefined }): Promise<void> {
  const https = new URL(options.publicUrl).protocol === 'https:';
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy({ recaptcha: options.recaptcha, mapTileUrl: options.mapTileUrl }) },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xPoweredBy: false,
    xXssProtection: false,
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
