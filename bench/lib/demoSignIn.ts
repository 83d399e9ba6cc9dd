import { DEMO_ACCOUNTS } from '../../server/db/seed/demoAccounts';

/** The session token of a demo account (`DEMO_ACCOUNTS` key) on a running server, signed in as the console does. */
export async function demoToken(base: string, key: string): Promise<string> {
  const account = DEMO_ACCOUNTS.find((a) => a.key === key)!;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', platform: 'admin' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (login.status !== 200) throw new Error(`sign-in of ${account.email}: ${login.status}`);
  return ((await login.json()) as { token: string }).token;
}
