import type { FastifyInstance } from 'fastify';

/** Where reCAPTCHA v3 loads its script from and frames its challenge. */
const RECAPTCHA_SCRIPT_SOURCES = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAME_SOURCES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * The Content-Security-Policy of the SPA and the API: no inline or foreign script, nothing framing the site, and the
 * bot-check provider's script and frame only when it is configured. styled-components writes its rules into <style>
 * elements at run time, hence 'unsafe-inline' for styles only; picked pictures are previewed from blob: URLs. The
 * service worker (/sw.js) and the web app manifest come from the site itself, said outright rather than left to
 * default-src, so tightening that one cannot switch them off.
 */
export function contentSecurityPolicy(options: { recaptcha: boolean }): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(options.recaptcha ? RECAPTCHA_SCRIPT_SOURCES : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': options.recaptcha ? RECAPTCHA_FRAME_SOURCES : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The browser's powerful features the site never uses, switched off for it and anything it embeds. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=()';

/** Headers on every response; a route that sets its own Content-Security-Policy (the dev outbox page) keeps it. */
export function addSecurityHeaders(app: FastifyInstance, options: { publicUrl: string; recaptcha: boolean }): void {
  const policy = contentSecurityPolicy({ recaptcha: options.recaptcha });
  const https = new URL(options.publicUrl).protocol === 'https:';
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policy);
    // Only over HTTPS: a browser would otherwise refuse the plain-HTTP localhost of the embedded default for a year.
    if (https) reply.header('strict-transport-security', 'max-age=31536000');
  });
}
