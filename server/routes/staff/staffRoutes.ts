import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { affiliatesRoutes } from './affiliatesRoutes';
import { staffUsersRoutes } from './staffUsersRoutes';

/** A promoter's staff (002 §2): scanner-app users, box-office users and affiliates. */
export async function staffRoutes(app: FastifyInstance, opts: { db: Db }) {
  await staffUsersRoutes(app, opts);
  await affiliatesRoutes(app, opts);
}
