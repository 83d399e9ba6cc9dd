import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Queryable } from '../db/database';

/**
 * A venue map's stored SVG as the console downloads it (docs/venue-map-journal.md "The first visit").
 *
 * **Its version.** The file's URL carries a version (`/api/venue-maps/{id}/svg?v=…`) and its ETag is that version,
 * so a browser's copy (HTTP cache, `immutable`) and the model the console keeps in IndexedDB (keyed by the final
 * URL and the ETag) can never outlive the file. The version is a digest of the row's identity, its creation time
 * and its row version (`xmin`, new on every UPDATE): a re-import is a new row, a database restored or seeded anew
 * has other creation times, and an SVG changed in place gets a new `xmin`. It is read without the 7 MB text.
 *
 * **Precompressed.** The first download of a version compresses the text once (Brotli and gzip, off the event
 * loop) and keeps the bodies in memory for the last few maps; later downloads send the stored bytes (the stadium:
 * 6.8 MB of text, 11 kB in Brotli) and no longer read the text from the database or compress it per request.
 */
export interface MapFileVersion { id: number; version: string }

export interface MapFileBodies {
  version: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** How many maps' bodies the server keeps (the stadium: ~7 MB of text and ~0.3 MB compressed). */
export const MAP_FILE_CACHE_MAPS = 4;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The version of a row's identity, creation time and row version (any of them changes: another version). */
export function mapFileVersion(id: number, createdAt: string, rowVersion: string): string {
  return createHash('sha256').update(`${id}|${createdAt}|${rowVersion}`).digest('base64url').slice(0, 16);
}

/** The file's URL for a version: immutable, so cached for good. */
export function mapFileUrl(m: MapFileVersion): string {
  return `/api/venue-maps/${m.id}/svg?v=${m.version}`;
}

/** The SQL columns a version is made of, for a query on `venue_maps` aliased `alias`. */
export function versionColumns(alias: string): string {
  return `${alias}.created_at::text AS map_created_at, ${alias}.xmin::text AS map_row_version`;
}

export function versionOf(id: number, row: { map_created_at: string; map_row_version: string }): MapFileVersion {
  return { id, version: mapFileVersion(id, row.map_created_at, row.map_row_version) };
}

/** The current version of a map, or null when there is no such map. */
export async function readMapFileVersion(db: Queryable, id: number): Promise<MapFileVersion | null> {
  const { rows } = await db.query<{ map_created_at: string; map_row_version: string }>(
    `SELECT ${versionColumns('m')} FROM venue_maps m WHERE m.id = $1`, [id]);
  return rows[0] ? versionOf(id, rows[0]) : null;
}

/** Keeps the compressed bodies of the last MAP_FILE_CACHE_MAPS map versions read. */
export function createMapFileCache(limit = MAP_FILE_CACHE_MAPS) {
  const entries = new Map<number, Promise<MapFileBodies | null>>();
  return {
    /** The bodies of `m` at its version; reads and compresses the text once per version. */
    async bodies(db: Queryable, m: MapFileVersion): Promise<MapFileBodies | null> {
      const known = entries.get(m.id);
      if (known) {
        const value = await known;
        if (value?.version === m.version) {
          entries.delete(m.id); // most recently used last
          entries.set(m.id, known);
          return value;
        }
      }
      const made = (async () => {
        const { rows } = await db.query<{ svg: string }>('SELECT svg FROM venue_maps WHERE id = $1', [m.id]);
        if (!rows[0]) return null;
        const identity = Buffer.from(rows[0].svg, 'utf8');
        const [br, gz] = await Promise.all([
          brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
          gzip(identity, { level: 6 }),
        ]);
        return { version: m.version, identity, br, gzip: gz };
      })();
      entries.delete(m.id);
      entries.set(m.id, made);
      made.catch(() => entries.get(m.id) === made && entries.delete(m.id));
      while (entries.size > limit) entries.delete(entries.keys().next().value!);
      const value = await made;
      // A version read while another was stored: keep the newest only.
      if (!value && entries.get(m.id) === made) entries.delete(m.id);
      return value;
    },
  };
}

/** The encoding to send for an Accept-Encoding header: Brotli, else gzip, else the text as it is. */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | 'identity' {
  const offered = (accept ?? '').toLowerCase().split(',').map((part) => {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return { name: name!.trim(), q: q ? Number(q.slice(2)) : 1 };
  });
  const accepts = (name: string) => offered.some((o) => (o.name === name || o.name === '*') && o.q > 0);
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}
