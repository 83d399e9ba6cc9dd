import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * What the console's pages may load (docs/security.md): its own scripts and workers, blob: URLs for downloads and
 * worker data, data:/blob: images (thumbnails made in the browser), inline styles (Blueprint and the canvas set
 * element styles). No eval (PixiJS runs on its eval-free path, src/seatmap imports `pixi.js/unsafe-eval`), no
 * plugins, no framing by any site.
 */
export const CONSOLE_SECURITY_HEADERS: FastifyHelmetOptions = {
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
