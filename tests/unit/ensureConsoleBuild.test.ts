import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensureConsoleBuild } from '../../server/ensureConsoleBuild';

describe('ensureConsoleBuild (npm start builds the console in a child process while the server prepares its database)', () => {
  const roots: string[] = [];
  const testEnv = process.env.NODE_ENV;
  afterEach(() => {
    for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
    process.env.NODE_ENV = testEnv;
  });

  it('builds a missing dist and leaves NODE_ENV as it was (Vite sets it to production in the process that builds)', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'console-build-'));
    roots.push(root);
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>t</title><p>console</p>');
    // As under `npm start`: no NODE_ENV at all.
    delete process.env.NODE_ENV;
    await ensureConsoleBuild(root);
    expect(existsSync(path.join(root, 'dist', 'index.html'))).toBe(true);
    expect(process.env.NODE_ENV).toBeUndefined();
  }, 60_000);

  it('when a source is saved while the build runs, then the next start builds again (the build is dated to its start)', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'console-build-'));
    roots.push(root);
    const source = path.join(root, 'index.html');
    writeFileSync(source, '<!doctype html><title>t</title><p>console</p>');
    const began = Date.now();
    await ensureConsoleBuild(root);
    // Saved during that build: half-way through it. (1 ms after `began` could lie before the build's own start on a
    // loaded machine, which then rightly did not build again.)
    const during = (began + Date.now()) / 2 / 1000;
    writeFileSync(source, '<!doctype html><title>t</title><p>console, edited</p>');
    utimesSync(source, during, during);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await ensureConsoleBuild(root);
      expect(log.mock.calls.map((c) => String(c[0]))).toContain('Building the console (first start or sources changed)…');
    } finally {
      log.mockRestore();
    }
  }, 120_000);

  it('rejects when the build fails, and writes no build flavour (the next start builds again)', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'console-build-'));
    roots.push(root);
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>t</title><script type="module" src="/missing.ts"></script>');
    await expect(ensureConsoleBuild(root)).rejects.toThrow(/vite build exited with 1/);
    expect(existsSync(path.join(root, 'dist', 'build-flavour.txt'))).toBe(false);
  }, 60_000);
});

describe('ensureConsoleBuild: test and production builds are not interchangeable', () => {
  // window.__seatMap is only in test builds. A dist/ without a flavour file was built by hand (`npm run build`).
  it.each([['a production build', 'production\n'], ['a build without a flavour file', null]])(
    'rebuilds an up-to-date dist holding %s when a test build is asked for',
    async (_what, builtFlavour) => {
      const { mkdirSync, readFileSync } = await import('node:fs');
      const root = mkdtempSync(path.join(tmpdir(), 'console-build-'));
      try {
        writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>t</title><p>console</p>');
        mkdirSync(path.join(root, 'dist'));
        if (builtFlavour !== null) writeFileSync(path.join(root, 'dist', 'build-flavour.txt'), builtFlavour);
        writeFileSync(path.join(root, 'dist', 'index.html'), 'stale');
        const saved = process.env.EXPOSE_TEST_STATE;
        process.env.EXPOSE_TEST_STATE = '1';
        try {
          await ensureConsoleBuild(root);
        } finally {
          if (saved === undefined) delete process.env.EXPOSE_TEST_STATE;
          else process.env.EXPOSE_TEST_STATE = saved;
        }
        expect(readFileSync(path.join(root, 'dist', 'index.html'), 'utf8')).toContain('console');
        expect(readFileSync(path.join(root, 'dist', 'build-flavour.txt'), 'utf8').trim()).toBe('test');
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
