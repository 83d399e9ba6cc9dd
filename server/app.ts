import Fastify, { type FastifyInstance } from 'fastify';
import { COMPRESSION } from './http/compression';
import fastifyCompress from '@fastify/compress';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import { errorsPlugin } from './plugins/errors';
import { platformHeaderPlugin } from './plugins/platformHeader';
import { securityHeadersPlugin } from './plugins/securityHeaders';
import { inputLimitsPlugin, installValidators } from './plugins/inputLimits';
import { authPlugin } from './plugins/auth';
import { consoleStaticPlugin } from './plugins/consoleStatic';
import { healthRoutes } from './routes/health/healthRoutes';
import { authRoutes } from './routes/auth/authRoutes';
import { profileRoutes } from './routes/profile/profileRoutes';
import { registerDomainRoutes } from './routes/registerDomainRoutes';
import { redactResetToken } from './auth/resetTokens';
import { JobRuns } from './jobs/jobRuns';

export interface AppOptions {
  db: Db;
  config: ServerConfig;
  /** Serve the built console (off in API tests). */
  serveConsole?: boolean;
  /** The background jobs this process runs, for /api/ready (none by default: tests run jobs by hand). */
  jobs?: JobRuns;
}

/** The plugin graph: cross-cutting plugins first, then one route plugin per domain. */
export async function buildApp({ db, config, serveConsole = true, jobs = new JobRuns() }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.quiet ? false : {
      level: process.env.LOG_LEVEL ?? 'info',
      // Fastify's request line without the reset token a /reset/<token> URL carries (docs/outbox.md).
      serializers: { req: (req) => ({ method: req.method, url: redactResetToken(req.url), host: req.host, remoteAddress: req.ip }) },
    },
    // JSON bodies stay small; uploads (maps, images) are multipart with their own limit.
    bodyLimit: 2 * 1024 * 1024,
    // X-Forwarded-For only from configured proxies: otherwise a caller could pick its own address for the limits.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
  });
  installValidators(app);
  await app.register(fastifyCompress, COMPRESSION);
  await app.register(securityHeadersPlugin);
  await app.register(errorsPlugin);
  await app.register(inputLimitsPlugin);
  await app.register(platformHeaderPlugin);
  await app.register(authPlugin, { db, config });
  await app.register(healthRoutes, { db, config, jobs });
  await app.register(authRoutes, { db, config });
  await app.register(profileRoutes, { db, config });
  await app.register(registerDomainRoutes, { db, config });
  if (serveConsole) await app.register(consoleStaticPlugin, { consoleDir: config.consoleDir, production: config.production });
  return app;
}
