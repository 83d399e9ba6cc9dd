import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../server/auth/tokens';
import { createResetToken } from '../../server/auth/resetTokens';
import { DEMO_TOKEN_SECRET } from '../../server/config';
import { CONSOLE_DEMO_ACCOUNTS } from '../../server/db/seed/demoAccounts';
import { MAX_FAILURES_PER_PAIR, MAX_RECOVERIES_PER_PAIR } from '../../server/auth/loginThrottle';
import { createTestApp, type TestApp } from './setup/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers });

async function userId(email: string): Promise<number> {
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  return Number(rows[0].id);
}

describe('sign-in', () => {
  it.each(CONSOLE_DEMO_ACCOUNTS.map((a) => [a.type, a] as const))('when a %s signs in with the demo password, then a token and the profile come back', async (_type, account) => {
    const res = await login(account.email, account.password);
    expect(res.statusCode).toBe(200);
    const { token, expires_in } = res.json();
    expect(expires_in).toBeGreaterThan(60);
    const profile = await t.call({ method: 'GET', url: '/api/profile', token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ email: account.email, type: account.type });
  });

  it('when the password is wrong, then 401 with a message and no token', async () => {
    const res = await login('admin@demo.test', 'not-the-password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'invalid_credentials', message: 'The email or password is not correct.' } });
  });

  it('when the user is unknown, then the same 401 (no hint that the address is unregistered)', async () => {
    const res = await login('nobody@demo.test', 'whatever');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('invalid_credentials');
  });

  it('when the email is typed with capitals and spaces, then it still signs in', async () => {
    expect((await login('  ADMIN@demo.test ', 'admin-demo-1')).statusCode).toBe(200);
  });

  it('when a deactivated user signs in with the right password, then 403 account_inactive', async () => {
    const res = await login('inactive@demo.test', 'promoter-demo-1');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('account_inactive');
  });

  it('when a scanner-app user signs in to the console, then 403', async () => {
    const res = await login('scanner@demo.test', 'scanner-demo-1');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('not_a_console_account');
  });

  it('when fields are missing, then validation_errors name them', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@demo.test' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ validation_errors: { password: ['Required'] } });
  });

  it('when one address fails too often for an e-mail, then that address is throttled with 429 even for the right password, and the owner elsewhere is not', async () => {
    // Ten failures within the quarter hour (written directly: real tries would wait out the backoff first).
    await t.db.query(
      `INSERT INTO login_attempts (kind, email, ip, succeeded) SELECT 'login', 'corporate2@demo.test', '10.9.9.9', false FROM generate_series(1, $1)`,
      [MAX_FAILURES_PER_PAIR],
    );
    const attacker = await t.call({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.9.9.9', payload: { email: 'corporate2@demo.test', password: 'corporate-demo-2' } });
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json().error.message).toMatch(/Too many failed sign-ins\. Try again in \d+ minutes?\./);
    const owner = await t.call({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.1.2.3', payload: { email: 'corporate2@demo.test', password: 'corporate-demo-2' } });
    expect(owner.statusCode).toBe(200);
  });

  it('when tries fail one after another, then each further try waits longer (backoff), in seconds', async () => {
    const from = { remoteAddress: '10.7.7.7' };
    for (let i = 0; i < 3; i++) {
      expect((await t.call({ method: 'POST', url: '/api/auth/login', ...from, payload: { email: 'corporate2@demo.test', password: 'wrong' } })).statusCode).toBe(401);
    }
    const next = await t.call({ method: 'POST', url: '/api/auth/login', ...from, payload: { email: 'corporate2@demo.test', password: 'wrong' } });
    expect(next.statusCode).toBe(429);
    expect(next.json().error.message).toMatch(/Try again in \d+ seconds?\./);
  });

  it('when X-Forwarded-For changes but no proxy is configured, then the address is still the socket one', async () => {
    await t.db.query(
      `INSERT INTO login_attempts (kind, email, ip, succeeded) SELECT 'login', 'boxoffice2@demo.test', '10.5.5.5', false FROM generate_series(1, $1)`,
      [MAX_FAILURES_PER_PAIR],
    );
    const res = await t.call({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.5.5.5', headers: { 'x-forwarded-for': '192.0.2.44' }, payload: { email: 'boxoffice2@demo.test', password: 'boxoffice-demo-2' } });
    expect(res.statusCode).toBe(429);
  });

  it('when recovery is asked for too often, then 429, and the reset link never comes from the Host header', async () => {
    for (let i = 0; i < MAX_RECOVERIES_PER_PAIR; i++) {
      const res = await t.call({ method: 'POST', url: '/api/auth/recovery', remoteAddress: '10.4.4.4', headers: { host: 'evil.example' }, payload: { email: 'promoter2@demo.test' } });
      expect(res.statusCode).toBe(200);
    }
    const res = await t.call({ method: 'POST', url: '/api/auth/recovery', remoteAddress: '10.4.4.4', payload: { email: 'promoter2@demo.test' } });
    expect(res.statusCode).toBe(429);
  });
});

describe('tokens', () => {
  it('when a call has no token, then 401', async () => {
    const res = await t.call({ method: 'GET', url: '/api/profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it('when the token is forged (other key), then 401', async () => {
    const forged = signToken({ sub: await userId('admin@demo.test'), type: 'admin', ver: 0 }, 'someone-elses-key', 900);
    const res = await t.call({ method: 'GET', url: '/api/profile', token: forged });
    expect(res.statusCode).toBe(401);
  });

  it('when the token is garbage, then 401', async () => {
    expect((await t.call({ method: 'GET', url: '/api/profile', token: 'abc.def.ghi' })).statusCode).toBe(401);
  });

  it('when the token has expired, then calls get 401 but a refresh within the window gives a new token', async () => {
    const id = await userId('promoter@demo.test');
    const expired = signToken({ sub: id, type: 'promoter', ver: 0 }, DEMO_TOKEN_SECRET, 60, Date.now() - 120_000);
    expect((await t.call({ method: 'GET', url: '/api/profile', token: expired })).statusCode).toBe(401);
    const refreshed = await t.call({ method: 'GET', url: '/api/auth/refresh', token: expired });
    expect(refreshed.statusCode).toBe(200);
    const profile = await t.call({ method: 'GET', url: '/api/profile', token: refreshed.json().token });
    expect(profile.json().email).toBe('promoter@demo.test');
  });

  it('when the token is older than the refresh window, then refresh is refused', async () => {
    const id = await userId('promoter@demo.test');
    const old = signToken({ sub: id, type: 'promoter', ver: 0 }, DEMO_TOKEN_SECRET, 60, Date.now() - 13 * 3600_000);
    expect((await t.call({ method: 'GET', url: '/api/auth/refresh', token: old })).statusCode).toBe(401);
  });

  it('when a session began more than its lifetime ago, then refresh is refused however fresh the token is', async () => {
    const id = await userId('promoter@demo.test');
    const signedIn = Math.floor(Date.now() / 1000) - 13 * 3600;
    const token = signToken({ sub: id, type: 'promoter', ver: 0, sst: signedIn }, DEMO_TOKEN_SECRET, 900);
    expect((await t.call({ method: 'GET', url: '/api/profile', token })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/auth/refresh', token })).statusCode).toBe(401);
  });

  it('when a token is refreshed, then the new one keeps the session start', async () => {
    const token = await t.tokenFor('promoter');
    const refreshed = (await t.call({ method: 'GET', url: '/api/auth/refresh', token })).json().token as string;
    const claims = (tk: string) => JSON.parse(Buffer.from(tk.split('.')[1], 'base64url').toString('utf8'));
    expect(claims(refreshed).sst).toBe(claims(token).sst);
  });

  it('when a user is deactivated, then their token stops working and cannot be refreshed', async () => {
    const token = await t.tokenFor('boxoffice2');
    await t.db.query(`UPDATE users SET status = 'inactive' WHERE email = 'boxoffice2@demo.test'`);
    expect((await t.call({ method: 'GET', url: '/api/profile', token })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/auth/refresh', token })).statusCode).toBe(401);
    await t.db.query(`UPDATE users SET status = 'active' WHERE email = 'boxoffice2@demo.test'`);
  });
});

describe('the platform header and malformed requests', () => {
  it('when the platform header is missing, then 400 platform_required before anything else', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@demo.test', password: 'admin-demo-1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('platform_required');
  });

  it('when the platform header names another platform, then 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { platform: 'app' } });
    expect(res.statusCode).toBe(400);
  });

  it('when /api/health is probed without the header, then 200', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it('when the JSON is malformed, then 400 malformed_json and the server keeps answering', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/login', payload: '{"email": "admin@demo.test",', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('malformed_json');
    expect((await login('admin@demo.test', 'admin-demo-1')).statusCode).toBe(200);
  });

  it('when the body is over the limit, then 413', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/login', payload: JSON.stringify({ email: 'x'.repeat(3 * 1024 * 1024), password: 'x' }), headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('body_too_large');
  });

  it('when an unknown API route is called, then 404 in the error shape', async () => {
    const res = await t.call({ method: 'GET', url: '/api/no-such-thing', token: await t.tokenFor('admin') });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describe('roles on the server', () => {
  it('when a promoter calls an admin-only route, then 403', async () => {
    const res = await t.call({ method: 'GET', url: '/api/settings', token: await t.tokenFor('promoter') });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
  });

  it('when a corporate user calls an admin-only route, then 403', async () => {
    expect((await t.call({ method: 'PUT', url: '/api/settings', token: await t.tokenFor('corporate'), payload: { admin_fee: 1, refund_fee: 1 } })).statusCode).toBe(403);
  });

  it('when the admin reads and saves settings, then money round-trips in SEK with öre precision', async () => {
    const token = await t.tokenFor('admin');
    const saved = await t.call({ method: 'PUT', url: '/api/settings', token, payload: { admin_fee: 12.35, refund_fee: 7.5 } });
    expect(saved.json()).toEqual({ admin_fee: 12.35, refund_fee: 7.5 });
    const { rows } = await t.db.query<{ admin_fee_ore: number }>('SELECT admin_fee_ore FROM platform_settings');
    expect(rows[0].admin_fee_ore).toBe(1235);
  });
});

describe('profile and password', () => {
  it('when the password change is incomplete, then each field gets its message', async () => {
    const token = await t.tokenFor('corporate');
    const res = await t.call({ method: 'PUT', url: '/api/profile', token, payload: { current_password: '', password: 'abc', password_confirmation: 'abd' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual({
      current_password: ['Required'],
      password: ['This must be at least 6 characters long'],
      password_confirmation: ['Passwords must match'],
    });
  });

  it('when the current password is wrong, then it is refused on that field', async () => {
    const token = await t.tokenFor('corporate');
    const res = await t.call({ method: 'PUT', url: '/api/profile', token, payload: { current_password: 'nope', password: 'newpass1', password_confirmation: 'newpass1' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors.current_password).toEqual(['The current password is not correct.']);
  });

  it('when the password changes, then old tokens stop working, the returned one works, and the new password signs in', async () => {
    const old = await t.tokenFor('boxoffice');
    const res = await t.call({ method: 'PUT', url: '/api/profile', token: old, payload: { current_password: 'boxoffice-demo-1', password: 'changed-1', password_confirmation: 'changed-1' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password changed successfully!');
    expect((await t.call({ method: 'GET', url: '/api/profile', token: old })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/profile', token: res.json().token })).statusCode).toBe(200);
    expect((await login('boxoffice@demo.test', 'changed-1')).statusCode).toBe(200);
  });

  it('when the general tab saves an invalid email, then it is refused with the spec message', async () => {
    const token = await t.tokenFor('promoter2');
    const res = await t.call({ method: 'PUT', url: '/api/profile', token, payload: { email: 'not-an-email' } });
    expect(res.json().validation_errors.email).toEqual(['Email you entered is invalid']);
  });
});

describe('recovery and reset', () => {
  it('when recovery is asked for any address, then the answer is the same (no account probing)', async () => {
    const known = await t.call({ method: 'POST', url: '/api/auth/recovery', payload: { email: 'promoter@demo.test' } });
    const unknown = await t.call({ method: 'POST', url: '/api/auth/recovery', payload: { email: 'ghost@demo.test' } });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM password_reset_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = 'promoter@demo.test'`,
    );
    expect(rows[0].n).toBe(1);
  });

  it('when a reset link is used, then the new password works and the link cannot be used twice', async () => {
    const token = await createResetToken(t.db, await userId('corporate@demo.test'));
    expect((await t.call({ method: 'GET', url: `/api/auth/reset/${token}` })).json()).toEqual({ valid: true, email: 'corporate@demo.test' });
    const res = await t.call({ method: 'POST', url: '/api/auth/reset', payload: { token, password: 'fresh-pass', password_confirmation: 'fresh-pass' } });
    expect(res.statusCode).toBe(200);
    expect((await login('corporate@demo.test', 'fresh-pass')).statusCode).toBe(200);
    const again = await t.call({ method: 'POST', url: '/api/auth/reset', payload: { token, password: 'other-pass', password_confirmation: 'other-pass' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_reset_token');
  });

  it('when a reset token is unknown, then the check says invalid', async () => {
    expect((await t.call({ method: 'GET', url: '/api/auth/reset/unknown-token' })).json()).toEqual({ valid: false });
  });
});
