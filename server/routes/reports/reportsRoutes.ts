import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { accountingRoutes } from './accountingRoutes';
import { customerRoutes } from './customerRoutes';
import { financeRoutes } from './financeRoutes';
import { scanningRoutes } from './scanningRoutes';
import { shiftClosesRoutes } from './shiftClosesRoutes';

/** Reports (issue 7, spec 002 §2 §7): finance, sales overview, accounting, customers, scanning; the counters' shift closes. docs/reports.md. */
export async function reportsRoutes(app: FastifyInstance, opts: { db: Db }) {
  await app.register(financeRoutes, opts);
  await app.register(accountingRoutes, opts);
  await app.register(customerRoutes, opts);
  await app.register(scanningRoutes, opts);
  await app.register(shiftClosesRoutes, opts);
}
