import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_TOKEN_SECRET, readConfig } from '../../server/config';

describe('readConfig', () => {
  it('when a variable is set to nothing, then it counts as unset (an empty path would name the project folder itself)', () => {
    const c = readConfig({ DATA_DIR: '', CONSOLE_DIR: ' ', PORT: '', TOKEN_SECRET: '', DATABASE_URL: '' });
    expect(c.dataDir).toBe(path.resolve('data'));
    expect(c.consoleDir).toBe(path.resolve('dist'));
    expect(c.port).toBe(3000);
    expect(c.tokenSecret).toBe(DEMO_TOKEN_SECRET);
    expect(c.databaseUrl).toBe('');
  });

  it('when production runs with the demo key or demo data, then it refuses to start', () => {
    expect(() => readConfig({ NODE_ENV: 'production', TOKEN_SECRET: '' })).toThrow(/TOKEN_SECRET/);
    const origin = { PUBLIC_ORIGIN: 'https://console.example/' };
    expect(() => readConfig({ NODE_ENV: 'production', TOKEN_SECRET: 'x'.repeat(40), SEED_DEMO: '1', ...origin })).toThrow(/demo data/);
    expect(readConfig({ NODE_ENV: 'production', TOKEN_SECRET: 'x'.repeat(40), ...origin }).seedDemo).toBe(false);
  });

  it('when production has no public origin, then it refuses to start; links use the configured origin without a trailing slash', () => {
    expect(() => readConfig({ NODE_ENV: 'production', TOKEN_SECRET: 'x'.repeat(40) })).toThrow(/PUBLIC_ORIGIN/);
    const c = readConfig({ NODE_ENV: 'production', TOKEN_SECRET: 'x'.repeat(40), PUBLIC_ORIGIN: 'https://console.example/' });
    expect(c.publicOrigin).toBe('https://console.example');
    expect(c.trustedProxies).toEqual([]);
    expect(readConfig({ TRUSTED_PROXIES: '10.0.0.1, 10.0.0.0/8' }).trustedProxies).toEqual(['10.0.0.1', '10.0.0.0/8']);
  });

  it('when PGLITE_FSYNC is unset, then the demo runs without a flush per commit and production with one; on and off override; anything else refuses to start', () => {
    const prod = { NODE_ENV: 'production', TOKEN_SECRET: 'x'.repeat(40), PUBLIC_ORIGIN: 'https://console.example' };
    expect(readConfig({}).pgliteFsync).toBe(false);
    expect(readConfig(prod).pgliteFsync).toBe(true);
    expect(readConfig({ PGLITE_FSYNC: 'on' }).pgliteFsync).toBe(true);
    expect(readConfig({ ...prod, PGLITE_FSYNC: 'off' }).pgliteFsync).toBe(false);
    expect(() => readConfig({ PGLITE_FSYNC: 'yes' })).toThrow(/PGLITE_FSYNC=yes: use on or off/);
  });
});
