import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a session token says. Signed (HS256 JWT), so every API process can check it without shared memory. */
export interface TokenClaims {
  /** User id. */
  sub: number;
  type: string;
  /** users.token_version at issue: a bump (password change, deactivation) revokes older tokens. */
  ver: number;
  /** When the session began (sign-in), seconds; carried through refreshes. Absent in tokens of older servers. */
  sst?: number;
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export function signToken(claims: Omit<TokenClaims, 'iat' | 'exp'>, secret: string, ttlSeconds: number, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const payload = Buffer.from(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds })).toString('base64url');
  const signature = createHmac('sha256', secret).update(`${HEADER}.${payload}`).digest('base64url');
  return `${HEADER}.${payload}.${signature}`;
}

export type TokenCheck =
  | { ok: true; claims: TokenClaims; expired: boolean }
  | { ok: false; reason: 'malformed' | 'signature' };

/** Checks the signature; reports expiry separately, since a refresh accepts a recently expired token. */
export function readToken(token: string, secret: string, now = Date.now()): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return { ok: false, reason: 'malformed' };
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  let claims: TokenClaims;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as TokenClaims;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  // A user id is a positive whole number within bigint's safe range: anything else (0, -1, 1.5, 1e300) is no session,
  // refused as 401 before it reaches a query (issue 34: a signed token with sub 1.5 answered 500).
  if (!claims || typeof claims !== 'object' || !Number.isSafeInteger(claims.sub) || claims.sub <= 0 || typeof claims.exp !== 'number') {
    return { ok: false, reason: 'malformed' };
  }
  return { ok: true, claims, expired: claims.exp * 1000 <= now };
}

/**
 * readToken for one secret, remembering the claims of tokens whose signature it has checked: a signed-in console
 * calls with the same token for an hour, and the HMAC was a tenth of the server's own work per request under load
 * (bench/reserve). Expiry is still judged on every call. Refused tokens are not remembered; at `max` tokens the
 * memory starts again.
 */
export function tokenReader(secret: string, max = 10_000): (token: string, now?: number) => TokenCheck {
  const verified = new Map<string, TokenClaims>();
  return (token, now = Date.now()) => {
    const claims = verified.get(token);
    if (claims) return { ok: true, claims, expired: claims.exp * 1000 <= now };
    const check = readToken(token, secret, now);
    if (check.ok) {
      if (verified.size >= max) verified.clear();
      verified.set(token, check.claims);
    }
    return check;
  };
}
