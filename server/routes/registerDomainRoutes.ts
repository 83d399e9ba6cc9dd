import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { settingsRoutes } from './settings/settingsRoutes';
import { venueMapRoutes } from './venue-map/venueMapRoutes';
import { venueImportRoutes } from './venue-map/venueImportRoutes';
import { pricingRoutes } from './pricing/pricingRoutes';

/** One line per domain's route plugin (settings, events, venues, reports, …). */
export async function registerDomainRoutes(app: FastifyInstance, opts: { db: Db; config: ServerConfig }) {
  await app.register(settingsRoutes, { db: opts.db });
  await app.register(venueMapRoutes, { db: opts.db });
  await app.register(venueImportRoutes, { db: opts.db });
  await app.register(pricingRoutes, { db: opts.db });
}
