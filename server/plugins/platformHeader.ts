import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PLATFORM_ADMIN, PLATFORM_HEADER } from '../../src/contracts/common';

/**
 * Every API call must say `platform: admin` (spec 000 §7): the API serves only this console, and the header
 * keeps other clients (an app, a script pointed at the wrong host) from being treated as the console.
 * Missing or other values are refused with 400 before authentication. /api/health is exempt so load
 * balancers can probe it.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that browsers load directly (an <img> of api/media), so it cannot carry the header. */
    platformExempt?: boolean;
  }
}

export const platformHeaderPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/health')) return;
    if (request.routeOptions.config?.platformExempt) return;
    if (request.headers[PLATFORM_HEADER] !== PLATFORM_ADMIN) {
      return reply.status(400).send({
        error: { code: 'platform_required', message: 'Send the header "platform: admin" with every API call.' },
      });
    }
  });
});
