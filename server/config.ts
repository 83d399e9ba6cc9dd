import path from 'node:path';

/** Server settings, read once from the environment. Every value has a demo default except in production. */
export interface ServerConfig {
  port: number;
  host: string;
  /** PGlite data directory, used when databaseUrl is empty. */
  dataDir: string;
  /** A PostgreSQL connection string; when set, the server uses a real PostgreSQL server instead of PGlite. */
  databaseUrl: string;
  production: boolean;
  /** HMAC key that signs session tokens. */
  tokenSecret: string;
  /** Access-token lifetime, seconds. The console refreshes a token that expires within 5 s. */
  tokenTtlSeconds: number;
  /** How long after its issue a token may still be exchanged for a new one, seconds. */
  refreshWindowSeconds: number;
  /** Seed the demo data on first start (an empty database). */
  seedDemo: boolean;
  /** Where the built console lives; served at / when it exists. */
  consoleDir: string;
  /** Mutes request logging (tests). */
  quiet: boolean;
  /**
   * The console's public address, for links sent to people (password reset). Never taken from a request's Host
   * header, which a caller chooses.
   */
  publicOrigin: string;
  /**
   * Proxies whose X-Forwarded-For is believed (addresses or CIDR ranges). Empty: the header is ignored and the
   * caller's address is the socket's, so per-address limits cannot be dodged by sending another header.
   */
  trustedProxies: string[];
  /** How long a session lasts from sign-in, however often it is refreshed, seconds. */
  sessionLifetimeSeconds: number;
  /**
   * PGlite only: flush the write-ahead log to disk after every batch of statements (PGLITE_FSYNC=on|off), so a
   * crash of the machine loses no acknowledged write. Off, a kill -9 of the server still loses nothing
   * (docs/operations.md "What the embedded database promises").
   */
  pgliteFsync: boolean;
  /** Messages (docs/outbox.md). Unset: e-mail and SMS go to the local mailbox that admins read in the Outbox. */
  smtpUrl: string;
  mailFrom: string;
  smsUrl: string;
  smsToken: string;
  /** Social postings at publish; unset: nothing is posted and the tab says so. */
  socialWebhookUrl: string;
  /** The shop's base address for affiliate links; unset: the affiliates screen warns. */
  shopUrl: string;
  /** Run the outbox delivery job in this process (OUTBOX_WORKER=0 turns it off). */
  outboxWorker: boolean;
}

/**
 * PGLITE_FSYNC when unset: off for the demo (npm start), where the reserve bench's budget of 1,500 req/s holds only
 * without a flush per commit; on with NODE_ENV=production, where a sale the buyer was told of must survive a power
 * cut (measured in docs/operations.md "What the embedded database promises").
 */
export function pgliteFsyncDefault(production: boolean): 'on' | 'off' {
  return production ? 'on' : 'off';
}

export const DEMO_TOKEN_SECRET = 'demo-only-token-secret-change-me';

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  // A variable set to nothing (`DATA_DIR= npm start`) counts as unset: an empty path resolves to the project folder
  // itself, an empty PORT to a random port, an empty secret to no secret.
  const setting = (name: string): string | undefined => env[name]?.trim() || undefined;
  const production = env.NODE_ENV === 'production';
  const tokenSecret = setting('TOKEN_SECRET') ?? DEMO_TOKEN_SECRET;
  const seedDemo = env.SEED_DEMO ? env.SEED_DEMO !== '0' : !production;
  if (production) {
    // The demo sign-ins and the demo token key are public (README): a production server must not run with them.
    if (tokenSecret === DEMO_TOKEN_SECRET || tokenSecret.length < 32) {
      throw new Error('NODE_ENV=production needs TOKEN_SECRET set to a random value of at least 32 characters.');
    }
    if (!setting('PUBLIC_ORIGIN')) throw new Error('NODE_ENV=production needs PUBLIC_ORIGIN, the address people open the console at (links in mails point there).');
    if (seedDemo) throw new Error('NODE_ENV=production refuses to seed the demo data (its passwords are public): unset SEED_DEMO.');
  }
  const pgliteFsync = setting('PGLITE_FSYNC') ?? pgliteFsyncDefault(production);
  if (pgliteFsync !== 'on' && pgliteFsync !== 'off') throw new Error(`PGLITE_FSYNC=${pgliteFsync}: use on or off.`);
  return {
    port: Number(setting('PORT') ?? 3000),
    host: setting('HOST') ?? '0.0.0.0',
    dataDir: path.resolve(setting('DATA_DIR') ?? 'data'),
    databaseUrl: setting('DATABASE_URL') ?? '',
    production,
    tokenSecret,
    tokenTtlSeconds: Number(setting('TOKEN_TTL_SECONDS') ?? 900),
    refreshWindowSeconds: Number(setting('REFRESH_WINDOW_SECONDS') ?? 12 * 3600),
    seedDemo,
    consoleDir: path.resolve(setting('CONSOLE_DIR') ?? 'dist'),
    quiet: env.QUIET === '1',
    publicOrigin: (setting('PUBLIC_ORIGIN') ?? `http://localhost:${setting('PORT') ?? 3000}`).replace(/\/+$/, ''),
    trustedProxies: (setting('TRUSTED_PROXIES') ?? '').split(',').map((p) => p.trim()).filter(Boolean),
    sessionLifetimeSeconds: Number(setting('SESSION_LIFETIME_HOURS') ?? 12) * 3600,
    pgliteFsync: pgliteFsync === 'on',
    smtpUrl: setting('SMTP_URL') ?? '',
    mailFrom: setting('MAIL_FROM') ?? 'Arena <no-reply@arena.localhost>',
    smsUrl: setting('SMS_URL') ?? '',
    smsToken: setting('SMS_TOKEN') ?? '',
    socialWebhookUrl: setting('SOCIAL_WEBHOOK_URL') ?? '',
    shopUrl: (setting('SHOP_URL') ?? '').replace(/\/+$/, ''),
    outboxWorker: setting('OUTBOX_WORKER') !== '0',
  };
}
