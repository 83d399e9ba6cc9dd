import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { settingsRoutes } from './settings/settingsRoutes';
import { eventsRoutes } from './events/eventsRoutes';
import { seasonsRoutes } from './seasons/seasonsRoutes';
import { venuesRoutes } from './venues/venuesRoutes';
import { usersRoutes } from './users/usersRoutes';
import { mediaRoutes } from './media/mediaRoutes';
import { venueMapRoutes } from './venue-map/venueMapRoutes';
import { venueImportRoutes } from './venue-map/venueImportRoutes';
import { pricingRoutes } from './pricing/pricingRoutes';
import { reportsRoutes } from './reports/reportsRoutes';
import { userAdminRoutes } from './users/userAdminRoutes';
import { promotersRoutes } from './promoters/promotersRoutes';
import { blacklistRoutes } from './blacklist/blacklistRoutes';
import { corporatesRoutes } from './corporates/corporatesRoutes';
import { corporateAppRoutes } from './corporates/corporateAppRoutes';
import { staffRoutes } from './staff/staffRoutes';

/** One line per domain's route plugin (settings, events, venues, reports, …). */
export async function registerDomainRoutes(app: FastifyInstance, opts: { db: Db; config: ServerConfig }) {
  await app.register(settingsRoutes, { db: opts.db });
  await app.register(eventsRoutes, { db: opts.db });
  await app.register(seasonsRoutes, { db: opts.db });
  await app.register(venuesRoutes, { db: opts.db });
  await app.register(usersRoutes, { db: opts.db });
  await app.register(mediaRoutes, { db: opts.db });
  await app.register(venueMapRoutes, { db: opts.db });
  await app.register(venueImportRoutes, { db: opts.db });
  await app.register(pricingRoutes, { db: opts.db });
  await app.register(reportsRoutes, { db: opts.db });
  await app.register(userAdminRoutes, { db: opts.db });
  await app.register(promotersRoutes, { db: opts.db });
  await app.register(blacklistRoutes, { db: opts.db });
  await app.register(corporatesRoutes, { db: opts.db });
  await app.register(corporateAppRoutes, { db: opts.db });
  await app.register(staffRoutes, { db: opts.db });
}
