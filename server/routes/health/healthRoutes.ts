import type { FastifyInstance } from 'fastify';
import { ErrorResponse, HealthResponse } from '../../../src/contracts/common';
import type { Db } from '../../db/database';

/** For load balancers: 200 once the database answers (the server only listens after migrating). */
export async function healthRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.get('/api/health', { config: { access: 'public', platformExempt: true }, schema: { response: { 200: HealthResponse, 503: ErrorResponse } } }, async (_request, reply) => {
    try {
      await opts.db.query('SELECT 1');
      return { status: 'ok', database: opts.db.engine };
    } catch {
      return reply.status(503).send({ error: { code: 'database_unavailable', message: 'The database does not answer.' } });
    }
  });
}
