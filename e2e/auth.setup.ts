import { rmSync } from 'node:fs';
import { test as setup } from '@playwright/test';
import { CONSOLE_DEMO_ACCOUNTS } from '../server/db/seed/demoAccounts';
import { E2E_AUTH_DIR } from './e2eEnv';
import { freshToken, saveStorageState } from './signIn';

/**
 * The setup project: every console demo account signs in once per shard, and its session is stored as a Playwright
 * storage state (signIn.ts: storageStateOf, useSessionOf, openAs). The flows then open their own page signed in,
 * instead of signing in and loading the console's home first.
 */
setup('sign in every demo account once for this shard', async ({ request }) => {
  rmSync(E2E_AUTH_DIR, { recursive: true, force: true });
  for (const account of CONSOLE_DEMO_ACCOUNTS) saveStorageState(account.key, await freshToken(request, account.key));
});
