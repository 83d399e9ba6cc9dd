import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccountType } from '../../src/contracts/auth';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { HttpError } from '../httpErrors';
import { readToken } from '../auth/tokens';

/** The signed-in caller, loaded from the database on every request so that deactivation takes effect at once. */
export interface SessionUser {
  id: number;
  type: AccountType;
  promoterId: number | null;
  tokenVersion: number;
}

/** Route option: who may call it. `public` needs no token; otherwise the listed account types. */
export type RouteAccess = 'public' | readonly AccountType[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * Path params that name a record some promoter owns, by kind (`{ id: 'event' }`). A promoter-scoped route
     * answers 404 for another promoter's record; the generated authorisation test (tests/server/authMatrix.test.ts)
     * calls it with ids of each kind from tests/server/support/ownedRecords.ts.
     */
    owns?: Record<string, string>;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** The types that sign in to this console (spec 000 §1). Routes default to these. */
export const CONSOLE_USERS: readonly AccountType[] = ['admin', 'promoter', 'corporate', 'boxoffice'];
export const BACK_OFFICE: readonly AccountType[] = ['admin', 'promoter'];
export const ADMIN_ONLY: readonly AccountType[] = ['admin'];

const unauthorized = (message: string) => new HttpError(401, 'unauthorized', message);

export async function loadSessionUser(db: Db, id: number): Promise<(SessionUser & { status: string }) | null> {
  const { rows } = await db.query<{ id: number; type: AccountType; promoter_id: number | null; token_version: number; status: string }>(
    // A deactivated promoter's accounts count as inactive (docs/people.md).
    `SELECT u.id, u.type, u.promoter_id, u.token_version, CASE WHEN p.status = 'inactive' THEN 'inactive' ELSE u.status END AS status
       FROM users u LEFT JOIN promoters p ON p.id = u.promoter_id WHERE u.id = $1`,
    [id],
  );
  const u = rows[0];
  return u ? { id: Number(u.id), type: u.type, promoterId: u.promoter_id === null ? null : Number(u.promoter_id), tokenVersion: u.token_version, status: u.status } : null;
}

/** Reads `Authorization: Bearer …`; refuses missing, forged, expired and revoked tokens and inactive users. */
export async function authenticate(request: FastifyRequest, db: Db, config: ServerConfig, allowExpired = false) {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthorized('Sign in to continue.');
  const check = readToken(match[1], config.tokenSecret);
  if (!check.ok) throw unauthorized('Your session is not valid. Sign in again.');
  if (check.expired && !allowExpired) throw unauthorized('Your session has expired. Sign in again.');
  const user = await loadSessionUser(db, check.claims.sub);
  if (!user || user.status !== 'active' || user.tokenVersion !== check.claims.ver) {
    throw unauthorized('Your session has ended. Sign in again.');
  }
  return { user, claims: check.claims };
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; config: ServerConfig }) => {
    app.decorateRequest('user', null);
    app.addHook('preHandler', async (request) => {
      const access = request.routeOptions.config?.access ?? CONSOLE_USERS;
      if (access === 'public' || !request.url.startsWith('/api/')) return;
      const { user } = await authenticate(request, opts.db, opts.config);
      if (!access.includes(user.type)) throw new HttpError(403, 'forbidden', 'Your account may not use this.');
      request.user = user;
    });
  },
  { name: 'auth' },
);

/** The caller, for handlers of non-public routes (the preHandler guarantees it). */
export function sessionUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized('Sign in to continue.');
  return request.user;
}

/**
 * Promoter scoping: a promoter always acts within their own promoter, whatever the request says;
 * an admin may name one (or none, meaning all).
 */
export function scopedPromoterId(user: SessionUser, requested?: number | null): number | null {
  if (user.type === 'admin') return requested ?? null;
  if (user.promoterId === null) throw new HttpError(403, 'forbidden', 'Your account belongs to no promoter.');
  return user.promoterId;
}
