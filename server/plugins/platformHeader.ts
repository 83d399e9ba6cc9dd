import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PLATFORM_ADMIN, PLATFORM_HEADER } from '../../src/contracts/common';

/**
 * Every API call must say `platform: admin` (spec 000 §7): the API serves only this console, and the header
 * keeps other clients (an app, a script pointed at the wrong host) from being treated as the console.
 * Missing or other values are refused with 400 before authentication. Routes marked `platformExempt` (/api/health,
 * for load balancers; media, for <img>) skip it.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that browsers load directly (an <img> of api/media), so it cannot carry the header. */
    platformExempt?: boolean;
  }
}

export const platformHeaderPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    // Decided from the matched route, like authentication: any spelling of an /api path that reaches an API route
    // meets the check; one that reaches no route is a 404.
    const route = request.routeOptions.url;
    if (!route || request.is404 || !route.startsWith('/api/') || request.routeOptions.config?.platformExempt) return;
    if (request.headers[PLATFORM_HEADER] !== PLATFORM_ADMIN) {
      return reply.status(400).send({
        error: { code: 'platform_required', message: 'Send the header "platform: admin" with every API call.' },
      });
    }
  });
});
