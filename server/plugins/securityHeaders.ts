import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * What the console's pages may load (docs/security.md): its own scripts and workers, blob: URLs for downloads and
 * worker data, data:/blob: images (thumbnails made in the browser), inline styles (Blueprint and the canvas set
 * element styles). No eval (PixiJS runs on its eval-free path, src/seatmap imports `pixi.js/unsafe-eval`), no
 * plugins, no framing by any site.
 */
export const CONSOLE_SECURITY_HEADERS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'blob:', 'data:'],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  // Plain HTTP is how the demo runs; a deployment behind TLS sets HSTS at its proxy.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet writes for these options. None depends on the request (no nonces), so they are made once. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => { headers[name.toLowerCase()] = String(value); },
    removeHeader: (name: string) => { delete headers[name.toLowerCase()]; },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * API answers carry people's names, phones, e-mails and orders: no browser, proxy or shared cache keeps them
 * (issue 34). The rule is simple on purpose: every /api answer is `no-store` unless its route says otherwise, and only
 * public or content-addressed files do (media by hash, a venue map's SVG by version).
 */
export const API_CACHE_HEADERS = { 'cache-control': 'no-store' } as const;

/**
 * Helmet's headers on every answer, set before the handler runs (a handler may still set its own, as the media
 * route does). @fastify/helmet rebuilt helmet's middleware and parsed the policy on every request: a twentieth of
 * the server's own work per request under load (bench/reserve).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const headers = securityHeaders(CONSOLE_SECURITY_HEADERS);
  const apiHeaders = { ...headers, ...API_CACHE_HEADERS };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : headers);
    done();
  });
}, { name: 'security-headers' });
