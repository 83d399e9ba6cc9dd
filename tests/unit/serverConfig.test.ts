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
    expect(() => readConfig({ NODE_ENV: 'production', TOKEN_SECRET: 'x'.repeat(40), SEED_DEMO: '1' })).toThrow(/demo data/);
    expect(readConfig({ NODE_ENV: 'production', TOKEN_SECRET: 'x'.repeat(40) }).seedDemo).toBe(false);
  });
});
