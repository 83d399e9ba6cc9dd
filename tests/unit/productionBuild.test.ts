import { afterEach, describe, expect, it, vi } from 'vitest';

/** The console's production build publishes no source maps (issue 34, the probe's "smaller items"). */
describe('vite build config', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });
  const load = async () => (await import('../../vite.config')).default as { build?: { sourcemap?: unknown } };

  it('when built as is (npm start, npm run build), then no source maps', async () => {
    vi.stubEnv('CONSOLE_SOURCEMAP', '');
    expect((await load()).build?.sourcemap).toBe(false);
  });

  it('when a developer asks for them with CONSOLE_SOURCEMAP=1, then they are built', async () => {
    vi.stubEnv('CONSOLE_SOURCEMAP', '1');
    expect((await load()).build?.sourcemap).toBe(true);
  });
});
