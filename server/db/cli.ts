import { rmSync } from 'node:fs';
import { readConfig } from '../config';
import { backupDatabase, defaultBackupFile, restoreDatabase } from './backup';
import { openDatabase } from './database';
import { migrate } from './migrate';
import { isEmpty, seedDemo } from './seed/seedDemo';

// npm run db:migrate | db:seed | db:reset | db:backup [-- file] | db:restore -- file — on PGlite (./data, DATA_DIR)
// or PostgreSQL (DATABASE_URL). Backups: docs/operations.md "Backups".
const command = process.argv[2];
const fail = (err: Error): never => {
  console.error(err.message);
  process.exit(1);
};
const config = readConfig();

if (command === 'reset') {
  if (config.databaseUrl) {
    console.error('db:reset only removes the embedded PGlite data directory. On PostgreSQL, drop and create the database yourself.');
    process.exit(1);
  }
  rmSync(config.dataDir, { recursive: true, force: true });
  console.log(`Removed ${config.dataDir}; the next start migrates and seeds it again.`);
  process.exit(0);
}

if (command === 'backup') {
  const file = process.argv[3] ?? defaultBackupFile(config);
  const started = Date.now();
  const how = await backupDatabase(config, file).catch(fail);
  console.log(`Backup written to ${file} (${how}) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  process.exit(0);
}

if (command === 'restore') {
  const file = process.argv[3];
  if (!file) {
    console.error('npm run db:restore -- <backup file>: name the backup to restore.');
    process.exit(1);
  }
  const started = Date.now();
  const how = await restoreDatabase(config, file).catch(fail);
  console.log(`${file}: ${how} in ${((Date.now() - started) / 1000).toFixed(1)} s. The next start migrates it if it is older than the server.`);
  process.exit(0);
}

const db = await openDatabase(config);
try {
  const applied = await migrate(db);
  console.log(applied.length ? `Applied ${applied.join(', ')}` : 'Schema up to date.');
  if (command === 'seed') {
    if (config.production) throw new Error('The demo data is not for production (its passwords are public).');
    if (!(await isEmpty(db))) {
      console.log('The database already has users: not seeding again (npm run db:reset for a fresh demo).');
    } else {
      await seedDemo(db, (line) => console.log(`  ${line}`));
      console.log('Demo data seeded.');
    }
  } else if (command !== 'migrate') {
    throw new Error(`Unknown command "${command}": use migrate, seed, reset, backup or restore.`);
  }
} finally {
  await db.close();
}
