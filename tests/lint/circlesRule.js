// ESLint rule `layers/no-circle`: no import circle among the project's own files, type-only imports included
// (ARCHITECTURE.md: a circle means two files are one module in two places; the type that ties them back belongs
// below both). ESLint sees one file at a time, so the rule reads the import graph of the source folders once per
// process, as text, and reports an import whose target lies in a circle with the importing file.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const SOURCE_DIRS = ['src', 'server', 'workers'];
const SOURCE = /\.(ts|tsx|js|mjs)$/;
const SKIP = /\.(test|spec)\.[tj]sx?$|\.d\.ts$/;
// import … from '…', export … from '…', import '…', import('…'): the specifier of each.
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The file a relative specifier names, as TypeScript resolves it, or null outside the project. */
export function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, base.replace(/\.js$/, '.ts'), `${base}.mjs`, `${base}.js`, path.join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** Every import edge among the given source texts: file → the files it imports. */
export function importGraph(files) {
  const graph = new Map();
  for (const [file, text] of files) {
    const targets = new Set();
    for (const m of text.matchAll(IMPORT)) {
      const target = resolveImport(file, m[1] ?? m[2] ?? m[3]);
      if (target && files.has(target)) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The circles of a graph (strongly connected components of more than one file, or a file importing itself). */
export function findCircles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) circles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
}

function sourceFiles(dir, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) sourceFiles(full, out);
    } else if (SOURCE.test(entry.name) && !SKIP.test(entry.name)) out.set(full, readFileSync(full, 'utf8'));
  }
  return out;
}

let circleOf = null;
/** File → the circle it is in, for the project as it stands on disk (read once per lint run). */
function projectCircles() {
  if (!circleOf) {
    const files = new Map();
    for (const dir of SOURCE_DIRS) if (existsSync(path.join(ROOT, dir))) sourceFiles(path.join(ROOT, dir), files);
    circleOf = new Map();
    for (const circle of findCircles(importGraph(files))) for (const file of circle) circleOf.set(file, circle);
  }
  return circleOf;
}

const rel = (file) => path.relative(ROOT, file).split(path.sep).join('/');

export const noCircleRule = {
  meta: { type: 'problem', docs: { description: 'no import circles among the project\'s files, type-only ones included' }, schema: [] },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const circle = projectCircles().get(file);
    if (!circle) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const target = resolveImport(file, source);
      if (target && circle.includes(target)) {
        context.report({
          node,
          message: `import circle: ${circle.map(rel).join(', ')}. Move what ties them back (often a type) below both.`,
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
