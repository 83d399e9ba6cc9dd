import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { settingsRoutes } from './settings/settingsRoutes';

/** One line per domain's route plugin (settings, events, venues, reports, …). */
export async function registerDomainRoutes(app: FastifyInstance, opts: { db: Db; config: ServerConfig }) {
  await app.register(settingsRoutes, { db: opts.db });
}
