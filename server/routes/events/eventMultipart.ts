import type { FastifyRequest } from 'fastify';
import { FILE_SIZE_MODAL, IMAGE_LIMIT_BYTES } from '../../../src/domain/eventForm';
import { HttpError, throwIfInvalid, ValidationError } from '../../httpErrors';
import { MAX_INPUT_DEPTH, TOO_DEEP_MESSAGE } from '../../plugins/inputLimits';

/**
 * The event form arrives as multipart (000 §7): booleans as 1/0, nested keys in brackets
 * (`translations[0][name]`, `social_links[facebook]`) and the image as the file `medium`, with its list-sized copy as
 * `thumbnail` (ignored without a `medium`). JSON bodies with the same fields are read too (scripts, tests).
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

export interface EventRequest {
  fields: Record<string, unknown>;
  image: UploadedImage | null;
}

/** `a[b][0][c]` → ['a', 'b', '0', 'c']. */
export function bracketPath(key: string): string[] {
  const head = key.split('[', 1)[0];
  const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]);
  return [head, ...rest];
}

/** Flat bracketed keys into nested objects; numeric segments make arrays. Prototype keys are refused. */
export function nestFields(flat: Record<string, string>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const path = bracketPath(key);
    if (path.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) continue;
    if (path.length > MAX_INPUT_DEPTH) throw new ValidationError({ body: [TOO_DEEP_MESSAGE] });
    let node: Record<string, unknown> = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        node[segment] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1]);
      node[segment] ??= nextIsIndex ? [] : {};
      node = node[segment] as Record<string, unknown>;
    });
  }
  return root;
}

/** The image formats accepted, recognised by their first bytes (the declared type is not trusted). */
export function sniffImageType(bytes: Buffer): string | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) return 'image/gif';
  return null;
}

export async function readEventRequest(request: FastifyRequest): Promise<EventRequest> {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, unknown>, image: null };
  const flat: Record<string, string> = {};
  let image: UploadedImage | null = null;
  let thumbnail: UploadedImage | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMAGE_LIMIT_BYTES, files: 2, fields: 200, fieldSize: 100_000 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if ((part.fieldname !== 'medium' && part.fieldname !== 'thumbnail') || bytes.length === 0) continue;
        const contentType = sniffImageType(bytes);
        if (!contentType) throwIfInvalid({ [part.fieldname]: 'Choose a JPEG, PNG, WebP or GIF image.' });
        const file = { bytes, contentType: contentType!, fileName: (part.filename ?? '').slice(0, 200) };
        if (part.fieldname === 'medium') image = file;
        else if (bytes.length > THUMBNAIL_LIMIT_BYTES) throwIfInvalid({ thumbnail: 'The thumbnail must be at most 1 MB.' });
        else thumbnail = file;
      } else {
        flat[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'file_too_large', FILE_SIZE_MODAL.text);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new HttpError(413, 'too_many_parts', 'The form has too many fields or files.');
    }
    throw err;
  }
  return { fields: nestFields(flat), image: image && thumbnail ? { ...image, thumbnail } : image };
}
