import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pascalCase, snakeCase } from 'change-case';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { BlueprintIcons_16 } from '@blueprintjs/icons/lib/esm/generated/16px/blueprint-icons-16';

/**
 * Blueprint's icon names computed at build time (vite.config.ts iconNamesLiteral): the module the build puts in place
 * of `@blueprintjs/icons/lib/esm/iconNames.js` exports what that module computes when it runs.
 */
const ESM = createRequire(import.meta.url).resolve('@blueprintjs/icons/lib/esm/iconNames.js');

async function literalModule(id: string): Promise<{ IconNames: Record<string, string>; IconNamesSet: Set<string> } | null> {
  const config = (await import('../../vite.config')).default as { plugins: Plugin[] };
  const plugin = config.plugins.flat().find((p) => p && (p as Plugin).name === 'icon-names-literal') as Plugin;
  const source = (plugin.load as (id: string) => string | null)(id);
  if (source === null) return null;
  return import(`data:text/javascript,${encodeURIComponent(source)}`) as Promise<{ IconNames: Record<string, string>; IconNamesSet: Set<string> }>;
}

describe('Blueprint icon names as a literal', () => {
  it('has the names Blueprint computes as its module runs (pascal case and legacy constant case), in the same order', async () => {
    const mine = await literalModule(ESM);
    // Blueprint's own loop (lib/esm/iconNames.js), run here on its own list of icons.
    const modern: Record<string, string> = {};
    const legacy: Record<string, string> = {};
    for (const name of Object.values(BlueprintIcons_16)) {
      modern[pascalCase(name)] = name;
      legacy[snakeCase(name).toUpperCase()] = name;
    }
    const expected = { ...modern, ...legacy };
    expect(Object.entries(mine!.IconNames)).toEqual(Object.entries(expected));
    expect(mine!.IconNames.ChevronDown).toBe('chevron-down');
    expect(mine!.IconNames.CHEVRON_DOWN).toBe('chevron-down');
    expect([...mine!.IconNamesSet].sort()).toEqual([...new Set(Object.values(expected))].sort());
  });

  it('replaces a module that exports exactly IconNames and IconNamesSet, and no other module', async () => {
    const original = readFileSync(ESM, 'utf8');
    expect([...original.matchAll(/^export (?:const|function|class|let|var) (\w+)/gm)].map((m) => m[1])).toEqual(['IconNames', 'IconNamesSet']);
    expect(await literalModule(ESM.replace('iconNames.js', 'iconLoader.js'))).toBeNull();
    expect(await literalModule(`${ESM}?v=1`)).not.toBeNull();
  });
});
