import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Queryable } from '../database';

/**
 * Demo posters (issue 24: "thumbnails show the image"): every seeded event gets an image and its list-sized copy
 * (120x80, what the console makes at upload for the 60x40 cell; 025_media_thumbnails.sql), so the events and
 * season lists show pictures as they do for uploaded ones. Drawn here, deterministically: a stage-light scene in
 * the genre's colours, its light placed by the event's name. PNG, written with node:zlib (no image package).
 */

type Rgb = [number, number, number];
const PALETTES: Record<string, [Rgb, Rgb]> = {
  Rock: [[40, 12, 60], [200, 40, 110]],
  Pop: [[30, 20, 90], [240, 90, 170]],
  Electronic: [[8, 20, 50], [40, 200, 230]],
  Jazz: [[12, 24, 60], [220, 150, 60]],
  Classical: [[40, 24, 16], [210, 170, 100]],
  Musical: [[70, 10, 20], [235, 180, 80]],
  Drama: [[30, 10, 30], [180, 60, 60]],
  Comedy: [[90, 30, 10], [250, 200, 60]],
  Football: [[6, 50, 24], [120, 210, 110]],
  'Ice hockey': [[10, 30, 70], [200, 230, 250]],
  Handball: [[50, 20, 10], [240, 140, 60]],
};
const FALLBACK: [Rgb, Rgb] = [[20, 30, 60], [120, 160, 220]];

/** A 32-bit number from a text (FNV-1a), for the light's place. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** The poster of one event at width × height (3:2), as PNG bytes. */
export function posterPng(name: string, genre: string, width: number, height: number): Buffer {
  const [dark, light] = PALETTES[genre] ?? FALLBACK;
  const h = hash(name);
  const cx = 0.25 + ((h & 0xff) / 255) * 0.5;
  const cy = 0.2 + (((h >> 8) & 0xff) / 255) * 0.25;
  const stage = 0.72 + (((h >> 16) & 0xff) / 255) * 0.08;
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    rows[row] = 0; // no filter
    const v = y / height;
    for (let x = 0; x < width; x++) {
      const u = x / width;
      // A cone of light from above, brightest at its centre, over a dark backdrop; the stage floor below.
      const dx = (u - cx) * 1.6;
      const dy = v - cy;
      const glow = Math.max(0, 1 - Math.sqrt(dx * dx + dy * dy) * 1.7);
      const beam = v < stage ? Math.max(0, 1 - Math.abs(u - cx) / (0.08 + v * 0.35)) * 0.35 : 0;
      const floor = v >= stage ? 0.25 + (v - stage) * 0.8 : 0;
      const t = Math.min(1, glow * glow + beam + floor * Math.max(0, 1 - Math.abs(u - cx) * 1.4));
      const o = row + 1 + x * 3;
      for (let c = 0; c < 3; c++) rows[o + c] = Math.round(dark[c]! + (light[c]! - dark[c]!) * t);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The media key of a demo image: fixed by the event, so a reseed gives the same addresses. */
const demoKey = (eventId: number, kind: string) => createHash('sha256').update(`demo-${kind}:${eventId}`).digest('hex').slice(0, 48);

/** A poster and its thumbnail for every event that has no image yet. Returns how many. */
export async function seedEventImages(tx: Queryable): Promise<string> {
  const { rows } = await tx.query<{ id: number; name: string; genre: string }>(
    `SELECT e.id::int AS id, coalesce(t.name, '') AS name, coalesce(t.genre, '') AS genre
       FROM events e LEFT JOIN event_translations t ON t.event_id = e.id AND t.language = 'en'
      WHERE e.medium_id IS NULL ORDER BY e.id`,
  );
  for (const e of rows) {
    const slug = e.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || `event-${e.id}`;
    const { rows: poster } = await tx.query<{ id: number }>(
      `INSERT INTO media (content_type, file_name, bytes, public_key) VALUES ('image/png', $1, $2, $3) RETURNING id::int AS id`,
      [`${slug}.png`, posterPng(e.name, e.genre, 360, 240), demoKey(e.id, 'poster')],
    );
    await tx.query(
      `INSERT INTO media (content_type, file_name, bytes, public_key, thumbnail_of) VALUES ('image/png', $1, $2, $3, $4)`,
      ['thumbnail.png', posterPng(e.name, e.genre, 120, 80), demoKey(e.id, 'thumbnail'), poster[0]!.id],
    );
    await tx.query('UPDATE events SET medium_id = $1 WHERE id = $2', [poster[0]!.id, e.id]);
  }
  return `event images: ${rows.length} posters with thumbnails`;
}
