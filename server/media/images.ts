import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';

/**
 * Uploaded images (events, merchandise, affiliates): what an upload is, which formats are taken (by their first
 * bytes), how one is stored with its thumbnail, and the public address it is served from (GET api/media/{id}/{key}).
 */
export interface UploadedImage {
  bytes: Buffer;
  contentType: string;
  fileName: string;
  /** The small copy for lists the console sends as the file `thumbnail` beside `medium` (none from other clients). */
  thumbnail?: UploadedImage;
}

/** A thumbnail is a few kB; anything bigger is not one. */
export const THUMBNAIL_LIMIT_BYTES = 1_048_576;

/** The image formats accepted, recognised by their first bytes (the declared type is not trusted). */
export function sniffImageType(bytes: Buffer): string | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) return 'image/gif';
  return null;
}

/** The public address of a stored image. */
export const mediumUrl = (id: number, key: string) => `/api/media/${id}/${key}`;

/** Stores an image (and its list-sized copy, tied to it) and returns the image's media id. */
export async function storeImage(tx: Queryable, image: UploadedImage, thumbnailOf: number | null = null): Promise<number> {
  const key = randomBytes(24).toString('hex');
  const { rows } = await tx.query<{ id: number }>(
    'INSERT INTO media (content_type, file_name, bytes, public_key, thumbnail_of) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [image.contentType, image.fileName, image.bytes, key, thumbnailOf],
  );
  const id = Number(rows[0].id);
  if (image.thumbnail) await storeImage(tx, image.thumbnail, id);
  return id;
}

/** Deletes an image no event uses any more (a copied event shares its original's), its thumbnail with it. */
export async function deleteImageIfUnused(tx: Queryable, mediumId: number | null): Promise<void> {
  if (mediumId === null) return;
  await tx.query('DELETE FROM media WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM events WHERE medium_id = $1)', [mediumId]);
}
