/**
 * Serves one build of the console (a copy of `dist/`) on its own port, the API proxied to a running console: two
 * builds side by side against one seeded server, so a before/after of the map's open or reopen is measured in the
 * same minutes of a busy machine (interleave the runs: consoleReopen.ts --url=… on each port in turn).
 *
 *   cp -r dist /tmp/build-a                         # a build, test flavour (EXPOSE_TEST_STATE=1)
 *   npx tsx bench/map/probes/serveBuild.ts --dist=/tmp/build-a --port=3481 --api=http://127.0.0.1:3471
 *
 * Caching as the console's own server sends it (consoleStatic.ts): hashed assets immutable, pages and sw.js no-cache.
 */
import { createServer, request as httpRequest } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const arg = (name: string, fallback?: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const dist = arg('dist')!;
const port = Number(arg('port', '3481'));
const api = new URL(arg('api', 'http://127.0.0.1:3471')!);
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml',
  '.ttf': 'font/ttf', '.woff2': 'font/woff2', '.woff': 'font/woff', '.json': 'application/json', '.png': 'image/png', '.ico': 'image/x-icon' };

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname.startsWith('/api/')) {
    const out = httpRequest({ host: api.hostname, port: api.port, path: req.url, method: req.method, headers: { ...req.headers, host: api.host } }, (r) => {
      const headers = { ...r.headers };
      if (headers.location?.startsWith(api.origin)) headers.location = headers.location.slice(api.origin.length);
      res.writeHead(r.statusCode ?? 502, headers);
      r.pipe(res);
    });
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
    return;
  }
  const asset = url.pathname.startsWith('/assets/');
  // The console's service worker as consoleStatic.ts serves it (no-cache): a build's first visit installs it (it
  // precaches the build) and a reload is answered by it, so a before/after compares what the console's server does.
  const file = asset ? normalize(url.pathname).replace(/^(\.\.[/\\])+/, '') : url.pathname === '/sw.js' ? '/sw.js' : '/index.html';
  readFile(join(dist, file)).then(
    (body) => {
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': asset ? 'public, max-age=31536000, immutable' : 'no-cache' });
      res.end(body);
    },
    () => res.writeHead(404).end(),
  );
}).listen(port, '127.0.0.1', () => console.log(`${dist} on http://127.0.0.1:${port}, API ${api.origin}`));
