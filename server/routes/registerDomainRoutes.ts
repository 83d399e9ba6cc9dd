import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';

/** One line per domain's route plugin (events, venues, reports, …) as the areas are built. */
export async function registerDomainRoutes(_app: FastifyInstance, _opts: { db: Db; config: ServerConfig }) {}
