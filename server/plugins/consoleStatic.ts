import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built console (dist/) at / and answers any other non-API GET with index.html, so deep links such
 * as /events/12/venue-map reach the client router.
 */
export async function consoleStaticPlugin(app: FastifyInstance, opts: { consoleDir: string }) {
  const index = path.join(opts.consoleDir, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`No built console in ${opts.consoleDir}: run "npm run build" (npm start does it for you).`);
    return;
  }
  await app.register(fastifyStatic, { root: opts.consoleDir, wildcard: false, index: false, maxAge: '1h', immutable: false });
  app.get('/assets/*', { config: { access: 'public' } }, (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    return reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(path.join('assets', file));
  });
  app.get('/*', { config: { access: 'public' } }, (request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/')) return reply.callNotFound();
    const candidate = path.join(opts.consoleDir, path.normalize(url).replace(/^(\.\.[/\\])+/, ''));
    if (url !== '/' && existsSync(candidate) && !url.endsWith('/')) return reply.sendFile(url.slice(1));
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
