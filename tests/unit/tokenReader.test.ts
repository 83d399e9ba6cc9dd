import { expect, it } from 'vitest';
import { readToken, signToken, tokenReader } from '../../server/auth/tokens';

const SECRET = 'unit-secret';
const claims = { sub: 7, type: 'promoter', ver: 2 };

it('when a token is read again, then it answers as readToken does, and its expiry is judged at each call', () => {
  const now = Date.UTC(2026, 10, 26, 12, 0, 0);
  const token = signToken(claims, SECRET, 60, now);
  const read = tokenReader(SECRET);
  expect(read(token, now)).toEqual(readToken(token, SECRET, now));
  expect(read(token, now)).toMatchObject({ ok: true, expired: false, claims: { sub: 7, ver: 2 } });
  // The remembered claims do not remember "not expired".
  expect(read(token, now + 61_000)).toMatchObject({ ok: true, expired: true });
});

it('when a token is forged or signed with another secret, then it is refused every time, even after its twin was read', () => {
  const token = signToken(claims, SECRET, 60);
  const read = tokenReader(SECRET);
  expect(read(token).ok).toBe(true);
  const [head, payload] = token.split('.');
  const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, sub: 1, iat: 0, exp: 9e9 })).toString('base64url')}.${token.split('.')[2]}`;
  expect(read(forged)).toEqual({ ok: false, reason: 'signature' });
  expect(read(forged)).toEqual({ ok: false, reason: 'signature' });
  expect(read(signToken(claims, 'other-secret', 60))).toEqual({ ok: false, reason: 'signature' });
  expect(read(`${head}.${payload}`)).toEqual({ ok: false, reason: 'malformed' });
});

it('when more tokens than it keeps are read, then it starts again and still answers each', () => {
  const read = tokenReader(SECRET, 2);
  const tokens = [1, 2, 3, 4].map((sub) => signToken({ ...claims, sub }, SECRET, 60));
  for (const t of [...tokens, ...tokens]) expect(read(t)).toMatchObject({ ok: true });
  expect((read(tokens[2]) as { claims: { sub: number } }).claims.sub).toBe(3);
});
