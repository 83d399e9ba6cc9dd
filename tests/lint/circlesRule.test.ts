import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module without types
import { findCircles, importGraph } from './circlesRule.js';

const root = path.resolve(__dirname, '../..');
const at = (rel: string) => path.join(root, rel);

describe('the import-circle rule', () => {
  it('finds a circle of type-only imports, and only the files in it', () => {
    const files = new Map([
      [at('src/domain/money.ts'), "export const x = 1;"],
      [at('src/features/crm/CrmPage.tsx'), "import { CrmSendPanel } from './CrmSendPanel';\nimport { x } from '../../domain/money';"],
      [at('src/features/crm/CrmSendPanel.tsx'), "import type { CountedSegment } from './CrmPage';"],
    ]);
    // resolveImport looks on disk, so the toy graph uses files that exist.
    const graph = importGraph(files);
    expect(findCircles(graph)).toEqual([[at('src/features/crm/CrmPage.tsx'), at('src/features/crm/CrmSendPanel.tsx')]]);
  });

  it('finds none in a chain, and one in a longer loop', () => {
    const chain = new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set()]]);
    expect(findCircles(chain)).toEqual([]);
    const loop = new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set(['a'])], ['d', new Set(['a'])]]);
    expect(findCircles(loop)).toEqual([['a', 'b', 'c']]);
  });
});
