import pg from 'pg';

interface Handler {
  onNotify: (payload: string) => void;
  onResync?: () => void;
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;
const listenSql = (channel: string) => `LISTEN ${channel}`;

/**
 * The listeners of one process's database, by channel (Db.listen). The connection that LISTENs is the engine's
 * business (below); this keeps who hears what and tells them when the connection was made again.
 */
export class ChannelListeners {
  private readonly byChannel = new Map<string, Set<Handler>>();

  constructor(private readonly log: (line: string) => void = console.warn) {}

  channels(): string[] {
    return [...this.byChannel.keys()];
  }

  dispatch(channel: string, payload: string) {
    for (const h of this.byChannel.get(channel) ?? []) {
      try {
        h.onNotify(payload);
      } catch (err) {
        this.log(`A listener on ${channel} failed: ${(err as Error).message}`);
      }
    }
  }

  resync() {
    for (const set of this.byChannel.values()) for (const h of set) h.onResync?.();
  }

  /** Adds a handler; answers whether it is the channel's first (the connection must LISTEN). */
  add(channel: string, h: Handler): boolean {
    if (!CHANNEL.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    const set = this.byChannel.get(channel) ?? new Set<Handler>();
    this.byChannel.set(channel, set);
    set.add(h);
    return set.size === 1;
  }

  /** Removes a handler; answers whether the channel has none left (the connection may UNLISTEN). */
  remove(channel: string, h: Handler): boolean {
    const set = this.byChannel.get(channel);
    if (!set?.delete(h)) return false;
    if (set.size === 0) this.byChannel.delete(channel);
    return set.size === 0;
  }
}

/**
 * LISTEN on PGlite: its one session is the pool's one connection, which hears its own NOTIFYs at each commit
 * (pgliteSocket.ts passes NotificationResponse through). A connection made again (the pool replaced a broken one)
 * LISTENs again and the listeners re-read what they follow.
 */
export function sessionListen(pool: pg.Pool, listeners: ChannelListeners, query: (sql: string) => Promise<unknown>) {
  let first = true;
  pool.on('connect', (client) => {
    client.on('notification', (n) => listeners.dispatch(n.channel, n.payload ?? ''));
    if (first) return void (first = false);
    void Promise.all(listeners.channels().map((ch) => client.query(listenSql(ch)))).then(() => listeners.resync(), () => undefined);
  });
  return async (channel: string, onNotify: Handler['onNotify'], onResync?: Handler['onResync']) => {
    const h = { onNotify, onResync };
    if (listeners.add(channel, h)) await query(listenSql(channel));
    return async () => {
      if (listeners.remove(channel, h)) await query(`UNLISTEN ${channel}`).catch(() => undefined);
    };
  };
}

/**
 * LISTEN on a PostgreSQL server: one connection of its own per process (a pooled connection is shared and may be
 * dropped). A lost connection is made again after a short wait; then every listener re-reads what it follows, since
 * notifications sent meanwhile are gone (a notification is a hint; the versioned data is the truth).
 */
export function serverListen(url: string, listeners: ChannelListeners, log: (line: string) => void = console.warn) {
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = (): Promise<pg.Client> =>
    (connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (n) => listeners.dispatch(n.channel, n.payload ?? ''));
      c.on('error', (err) => lost(c, err));
      c.on('end', () => lost(c));
      await c.connect();
      for (const ch of listeners.channels()) await c.query(listenSql(ch));
      client = c;
      return c;
    })().finally(() => {
      connecting = null;
    }));

  const lost = (c: pg.Client, err?: Error) => {
    if (client !== c || closed) return;
    client = null;
    log(`The LISTEN connection was lost${err ? ` (${err.message})` : ''}; making it again.`);
    const again = () => {
      if (closed) return;
      connect().then(() => listeners.resync(), () => (retry = setTimeout(again, 1000)));
    };
    retry = setTimeout(again, 200);
  };

  const listen = async (channel: string, onNotify: Handler['onNotify'], onResync?: Handler['onResync']) => {
    const h = { onNotify, onResync };
    const first = listeners.add(channel, h);
    const c = client ?? (await connect());
    if (first && client === c) await c.query(listenSql(channel));
    return async () => {
      if (listeners.remove(channel, h)) await client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
    };
  };
  const close = async () => {
    closed = true;
    clearTimeout(retry);
    const c = client ?? (connecting ? await connecting.catch(() => null) : null);
    client = null;
    await c?.end().catch(() => undefined);
  };
  return { listen, close };
}
