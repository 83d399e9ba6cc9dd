import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * The path decoded (twice, for double encoding), slashes collapsed and dot segments dropped, in lower case: true
 * when it names the API (or climbs out with `..`). Such a path reaching the console's catch-all is no page.
 */
export function namesApiOrClimbs(rawPath: string): boolean {
  let decoded = rawPath;
  for (let i = 0; i < 2; i++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      return true; // a malformed escape is no page of the console either
    }
  }
  const segments = decoded.toLowerCase().split(/[/\\]+/).filter((s) => s && s !== '.');
  return segments[0] === 'api' || segments.includes('..');
}

/** index.html names the hashed assets of the current build: it must be asked for again on every visit. */
function sendIndex(reply: FastifyReply) {
  return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
}

/**
 * Serves the built console (dist/) at / and answers any other non-API GET with index.html, so deep links such
 * as /events/12/venue-map reach the client router. Hashed assets are immutable; source maps only outside
 * production (they would publish the sources).
 */
export async function consoleStaticPlugin(app: FastifyInstance, opts: { consoleDir: string; production: boolean }) {
  const index = path.join(opts.consoleDir, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`No built console in ${opts.consoleDir}: run "npm run build" (npm start does it for you).`);
    return;
  }
  // serve: false — only reply.sendFile; the two routes below are the console's only ones, with declared access.
  await app.register(fastifyStatic, { root: opts.consoleDir, serve: false });
  const hidden = (file: string) => opts.production && file.endsWith('.map');
  app.get('/assets/*', { config: { access: 'public' } }, (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    if (hidden(file) || namesApiOrClimbs(file)) return reply.callNotFound();
    return reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(path.join('assets', file), { cacheControl: false });
  });
  app.get('/*', { config: { access: 'public' } }, (request, reply) => {
    const url = request.url.split('?')[0];
    // Whatever spelling reached this catch-all (`/API/…`, `//api/…`, `/%61pi/./…`) is no API route: a 404, never
    // the console's page in its place.
    if (namesApiOrClimbs(url) || hidden(url)) return reply.callNotFound();
    const file = url.slice(1);
    if (file && file !== 'index.html' && !url.endsWith('/') && existsSync(path.join(opts.consoleDir, file))) {
      // The service worker names the build's files: like index.html, asked for again on every visit.
      if (file === 'sw.js') return reply.header('cache-control', 'no-cache').sendFile(file, { cacheControl: false });
      return reply.header('cache-control', 'public, max-age=3600').sendFile(file, { cacheControl: false });
    }
    return sendIndex(reply);
  });
}
