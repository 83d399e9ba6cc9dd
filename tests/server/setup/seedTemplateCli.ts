import { renameSync, rmSync } from 'node:fs';
import { seedPgliteTemplate } from './testTemplate';

// `node --import tsx tests/server/setup/seedTemplateCli.ts DIR`: the run's seeded PGlite template (tests/runAll.ts).
// Seeded beside DIR and renamed when complete, so a failed seed never leaves a half-made template to be used.
const dir = process.argv[2];
if (!dir) throw new Error('Usage: seedTemplateCli.ts DIR');
const started = Date.now();
const partial = `${dir}.partial`;
rmSync(dir, { recursive: true, force: true });
await seedPgliteTemplate(partial);
renameSync(partial, dir);
console.log(`test database: migrated and seeded once in ${((Date.now() - started) / 1000).toFixed(1)} s (${dir})`);
