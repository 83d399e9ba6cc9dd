import { describe, expect, it } from 'vitest';
import { forgetSignedInTab, SIGNED_IN_TAB_PREFIX } from './session';

/** A sessionStorage of the keys given. */
function storageOf(keys: string[]) {
  const kept = new Map(keys.map((k) => [k, '[]']));
  return {
    get length() { return kept.size; },
    key: (i: number) => [...kept.keys()][i] ?? null,
    removeItem: (k: string) => void kept.delete(k),
    keys: () => [...kept.keys()],
  };
}

describe('what a tab keeps of a signed-in user\'s work', () => {
  it('when the session ends, then every key of the signed-in tab goes and the tab\'s own keys stay', () => {
    const storage = storageOf([`${SIGNED_IN_TAB_PREFIX}counter-sales:11:5`, `${SIGNED_IN_TAB_PREFIX}counter-sales:11:6`, 'stale-build:/x']);
    forgetSignedInTab(storage);
    expect(storage.keys()).toEqual(['stale-build:/x']);
  });
});
