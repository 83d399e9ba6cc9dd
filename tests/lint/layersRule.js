// ESLint rule `layers/one-way`: the import directions of ARCHITECTURE.md and HOUSE-STYLE.md rules 1 and 2,
// enforced by the linter rather than by memory.
import path from 'node:path';
import { noCircleRule } from './circlesRule.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** The layer a repository file belongs to, e.g. "feature:events", "ui", "worker:venue-map", "server". */
export function layerOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  const parts = rel.split('/');
  if (parts[0] === 'src') {
    if (parts[1] === 'features') return parts.length > 3 ? `feature:${parts[2]}` : 'app';
    if (['app', 'api', 'ui', 'domain', 'contracts', 'seatmap'].includes(parts[1])) return parts[1];
    return 'app'; // src/main.tsx and friends
  }
  if (parts[0] === 'workers') return `worker:${parts[1]}`;
  if (parts[0] === 'server') {
    // server/routes/<folder>/…: one route folder each. The app and its entry points, and server/routes/*.ts, mount
    // them ('server-app'). The rest of server/ is domain modules (rules and queries), below the routes.
    if (parts[1] === 'routes') return parts.length > 3 ? `server-routes:${parts[2]}` : 'server-app';
    if (SERVER_APP.has(rel)) return 'server-app';
    return 'server';
  }
  return 'harness'; // tests, e2e, bench, configs: may import anything
}

const SHARED = ['domain', 'contracts'];
const SERVER_APP = new Set(['server/app.ts', 'server/main.ts', 'server/start.ts', 'server/dev.ts']);

/** May a file of layer `from` import a file of layer `to` (target path relative to the repo, for exceptions)? */
export function mayImport(from, to, targetRel) {
  if (from === to || from === 'harness' || from === 'app') return true;
  if (from.startsWith('feature:')) {
    if (to.startsWith('feature:')) return false; // features never import each other
    if (to === 'app') return targetRel === 'src/app/hooks.ts'; // the typed store hooks only
    if (to.startsWith('worker:')) return /Client\.ts$|Model\.ts$|\/types\.ts$/.test(targetRel);
    return ['ui', 'api', 'seatmap', ...SHARED].includes(to);
  }
  switch (from) {
    case 'ui': return ['api', ...SHARED].includes(to);
    case 'api': return SHARED.includes(to);
    case 'seatmap': return SHARED.includes(to) || (to === 'worker:venue-map' && /Model\.ts$|Client\.ts$/.test(targetRel));
    case 'contracts': return to === 'domain';
    case 'domain': return false;
    case 'server':
      // The demo seed generates its venues with the bench's generator, so the seed and the bench draw the same maps.
      if (targetRel.startsWith('bench/venues/')) return true;
      // Domain modules never reach up into the routes or the app that mounts them.
      if (to.startsWith('server-routes') || to === 'server-app') return false;
      return SHARED.includes(to) || (to.startsWith('worker:') && !/\.worker\.ts$|Client\.ts$/.test(targetRel));
    case 'server-app':
      return to === 'server' || to.startsWith('server-routes:') || mayImport('server', to, targetRel);
    default:
      if (from.startsWith('worker:')) return SHARED.includes(to);
      // A route folder parses, authorises, calls the domain modules of server/ and answers; it never imports another
      // route folder (what two need is a domain module).
      if (from.startsWith('server-routes:')) return to === 'server' || mayImport('server', to, targetRel);
      return false;
  }
}

/** One owner per library (HOUSE-STYLE rule 2): which layers may import it. */
const LIBRARY_OWNERS = [
  { test: /^(pixi\.js|@pixi\/)/, allowed: (layer) => layer === 'seatmap' || layer === 'harness', owner: 'src/seatmap' },
  { test: /^comlink$/, allowed: (layer) => layer.startsWith('worker:') || layer === 'harness', owner: 'workers/*' },
  { test: /^(echarts|echarts-for-react)(\/|$)/, allowed: (layer, rel) => rel.startsWith('src/ui/charts/') || layer === 'harness', owner: 'src/ui/charts' },
  // Loaded on first use (its module works out ~300 time-zone offsets at load, ~250 ms): its types may be used anywhere.
  { test: /^@blueprintjs\/datetime$/, types: true, allowed: (layer, rel) => rel === 'src/ui/blueprintDateInput.ts' || layer === 'harness', owner: 'src/ui/LazyDateInput.tsx, which loads it on first use' },
];

export const layersPlugin = {
  rules: {
    'no-circle': noCircleRule,
    'one-way': {
      meta: { type: 'problem', docs: { description: 'imports follow the one-way layers of ARCHITECTURE.md' }, schema: [] },
      create(context) {
        const file = context.filename ?? context.getFilename();
        const from = layerOf(file);
        const fromRel = path.relative(ROOT, file).split(path.sep).join('/');
        const check = (node, source) => {
          if (typeof source !== 'string') return;
          if (!source.startsWith('.')) {
            const lib = LIBRARY_OWNERS.find((l) => l.test.test(source));
            const typesOnly = node.importKind === 'type' || node.exportKind === 'type';
            if (lib && !(lib.types && typesOnly) && !lib.allowed(from, fromRel)) {
              context.report({ node, message: `'${source}' belongs to ${lib.owner}: use it through that layer.` });
            }
            return;
          }
          let target = path.resolve(path.dirname(file), source);
          if (!/\.[cm]?[jt]sx?$/.test(target)) target += '.ts';
          const to = layerOf(target);
          const targetRel = path.relative(ROOT, target).split(path.sep).join('/');
          if (!mayImport(from, to, targetRel.replace(/\.tsx$/, '.ts'))) {
            context.report({ node, message: `${from} may not import ${to} (${source}): see ARCHITECTURE.md, layers import one way.` });
          }
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};
