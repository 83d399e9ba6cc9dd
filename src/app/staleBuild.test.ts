import { describe, expect, it } from 'vitest';
import { isStaleChunkError, markStaleReload, staleReloadDue } from './staleBuild';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

describe('a route whose code is gone since a deploy', () => {
  it('is told from the errors of a page itself', () => {
    expect(isStaleChunkError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/OutboxMessagePage-abc.js'))).toBe(true);
    expect(isStaleChunkError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isStaleChunkError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isStaleChunkError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isStaleChunkError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isStaleChunkError(undefined)).toBe(false);
  });
  it('reloads once per URL and build, never in a loop', () => {
    const storage = memoryStorage();
    expect(staleReloadDue('/outbox/3', 'build-1', storage)).toBe(true);
    // Asking writes nothing: a render thrown away does not use up the reload.
    expect(staleReloadDue('/outbox/3', 'build-1', storage)).toBe(true);
    expect(markStaleReload('/outbox/3', 'build-1', storage)).toBe(true);
    expect(staleReloadDue('/outbox/3', 'build-1', storage)).toBe(false);
    expect(staleReloadDue('/outbox/4', 'build-1', storage)).toBe(true);
    // After a later deploy, the same URL reloads once more.
    expect(staleReloadDue('/outbox/3', 'build-2', storage)).toBe(true);
  });
  it('does not reload when no mark can be kept', () => {
    const full = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(markStaleReload('/outbox/3', 'build-1', full)).toBe(false);
    const none = { getItem: () => { throw new Error('SecurityError'); }, setItem: () => undefined };
    expect(staleReloadDue('/outbox/3', 'build-1', none)).toBe(false);
  });
});
