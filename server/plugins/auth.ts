import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccountType } from '../../src/contracts/auth';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { inGroups } from '../db/inGroups';
import { HttpError } from '../httpErrors';
import { tokenReader, type TokenCheck, type TokenClaims } from '../auth/tokens';

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
    /** The token may have expired (within the refresh window): only the refresh route says so. */
    expiredTokenOk?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** The caller's token claims (set with `user`). */
    tokenClaims: TokenClaims | null;
  }
}

/** The types that sign in to this console (spec 000 §1). Routes default to these. */
export const CONSOLE_USERS: readonly AccountType[] = ['admin', 'promoter', 'corporate', 'boxoffice'];
export const BACK_OFFICE: readonly AccountType[] = ['admin', 'promoter'];
/** The back office plus the box-office staff, on the calls the box-office app sells through (docs/boxoffice.md). */
export const BOX_OFFICE_SALES: readonly AccountType[] = ['admin', 'promoter', 'boxoffice'];
export const ADMIN_ONLY: readonly AccountType[] = ['admin'];

const unauthorized = (message: string) => new HttpError(401, 'unauthorized', message);

type LoadedUser = SessionUser & { status: string };

export async function loadSessionUser(db: Db, id: number): Promise<LoadedUser | null> {
  return (await loadSessionUsers(db, [id]))[0];
}

// Run for every request: a named statement (server/db/database.ts). A deactivated promoter's accounts count as
// inactive (docs/people.md).
const SESSION_USERS = {
  name: 'session_users',
  text: `SELECT u.id, u.type, u.promoter_id, u.token_version, CASE WHEN p.status = 'inactive' THEN 'inactive' ELSE u.status END AS status
           FROM users u LEFT JOIN promoters p ON p.id = u.promoter_id WHERE u.id = ANY($1::bigint[])`,
};

/** Session users by id, in the order asked (null where none): one query however many. */
async function loadSessionUsers(db: Db, ids: number[]): Promise<(LoadedUser | null)[]> {
  const { rows } = await db.query<{ id: number; type: AccountType; promoter_id: number | null; token_version: number; status: string }>(
    SESSION_USERS, [[...new Set(ids)]],
  );
  const byId = new Map(rows.map((u) => [Number(u.id), {
    id: Number(u.id), type: u.type, promoterId: u.promoter_id === null ? null : Number(u.promoter_id), tokenVersion: u.token_version, status: u.status,
  }]));
  return ids.map((id) => byId.get(id) ?? null);
}

/** Reads `Authorization: Bearer …`; refuses missing, forged, expired and revoked tokens and inactive users. */
export async function authenticate(request: FastifyRequest, loadUser: (id: number) => Promise<LoadedUser | null>, read: (token: string) => TokenCheck, allowExpired = false) {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthorized('Sign in to continue.');
  const check = read(match[1]);
  if (!check.ok) throw unauthorized('Your session is not valid. Sign in again.');
  if (check.expired && !allowExpired) throw unauthorized('Your session has expired. Sign in again.');
  const user = await loadUser(check.claims.sub);
  if (!user || user.status !== 'active' || user.tokenVersion !== check.claims.ver) {
    throw unauthorized('Your session has ended. Sign in again.');
  }
  return { user, claims: check.claims };
}

/** One registered route as the authorisation table sees it (the generated matrix test reads these). */
export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
  owns: Record<string, string>;
  platformExempt: boolean;
  /** The body schema's properties (for generated tests of write routes). */
  bodyProperties: Record<string, unknown> | undefined;
  /** The status codes the route declares a response schema for (what the console reads is checked against them). */
  responseCodes: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its access, filled as routes register: the server's route-permission table. */
    routeTable: RouteEntry[];
  }
}

/**
 * Deny by default, decided from the matched route (never from the URL's text, whose spellings are many:
 * `/%61pi/…`, `//api/…`). A route that declares no `access` stops the server at start-up, so a forgotten
 * declaration cannot open a route. Runs in onRequest, before the body is read or validated: an anonymous caller
 * learns nothing about a route's schema.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; config: ServerConfig }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('tokenClaims', null);
    app.decorate('routeTable', [] as RouteEntry[]);
    // Requests arriving together look their callers up in one query (server/db/inGroups.ts; bench/reserve).
    const loadUser = inGroups<number, LoadedUser | null>((ids) => loadSessionUsers(opts.db, ids), { max: 500 });
    const read = tokenReader(opts.config.tokenSecret);
    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (access === undefined) throw new Error(`Route ${String(route.method)} ${route.url} declares no access (config.access).`);
      // Fastify adds a HEAD route for every GET; it passes through here too, with the GET's options.
      for (const method of [route.method].flat()) {
        app.routeTable.push({
          method, url: route.url, access, owns: route.config?.owns ?? {}, platformExempt: route.config?.platformExempt ?? false,
          bodyProperties: (route.schema?.body as { properties?: Record<string, unknown> } | undefined)?.properties,
          responseCodes: Object.keys((route.schema?.response as Record<string, unknown> | undefined) ?? {}),
        });
      }
    });
    app.addHook('onRequest', async (request) => {
      // No route matched: the not-found handler answers 404 and nothing else runs.
      if (!request.routeOptions.url || request.is404) return;
      const access = request.routeOptions.config?.access;
      if (access === 'public') return;
      if (!access) throw new HttpError(403, 'forbidden', 'Your account may not use this.');
      const { user, claims } = await authenticate(request, loadUser, read, request.routeOptions.config.expiredTokenOk ?? false);
      if (!access.includes(user.type)) throw new HttpError(403, 'forbidden', 'Your account may not use this.');
      request.user = user;
      request.tokenClaims = claims;
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
