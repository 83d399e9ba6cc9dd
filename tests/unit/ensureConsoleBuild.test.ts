import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureConsoleBuild } from '../../server/ensureConsoleBuild';

describe('ensureConsoleBuild (npm start builds the console, then starts the server in the same process)', () => {
  const roots: string[] = [];
  const testEnv = process.env.NODE_ENV;
  afterEach(() => {
    for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
    process.env.NODE_ENV = testEnv;
  });

  it('builds a missing dist and leaves NODE_ENV as it was (Vite sets it to production while building)', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'console-build-'));
    roots.push(root);
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>t</title><p>console</p>');
    // As under `npm start`: no NODE_ENV at all.
    delete process.env.NODE_ENV;
    await ensureConsoleBuild(root);
    expect(existsSync(path.join(root, 'dist', 'index.html'))).toBe(true);
    expect(process.env.NODE_ENV).toBeUndefined();
  }, 60_000);
});
