import { rmSync } from 'node:fs';
import { readConfig } from '../config';
import { openDatabase } from './database';
import { migrate } from './migrate';
import { isEmpty, seedDemo } from './seed/seedDemo';

// npm run db:migrate | db:seed | db:reset — on PGlite (./data, DATA_DIR) or PostgreSQL (DATABASE_URL).
const command = process.argv[2];
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
    throw new Error(`Unknown command "${command}": use migrate, seed or reset.`);
  }
} finally {
  await db.close();
}
