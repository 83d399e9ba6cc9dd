import type { FastifyRequest } from 'fastify';
import { FILE_SIZE_MODAL, IMAGE_LIMIT_BYTES } from '../../../src/domain/eventForm';
import { nestFields } from '../../http/formFields';
import { HttpError, throwIfInvalid } from '../../httpErrors';
import { sniffImageType, THUMBNAIL_LIMIT_BYTES, type UploadedImage } from '../../media/images';

/**
 * The event form arrives as multipart (000 §7): booleans as 1/0, nested keys in brackets
 * (`translations[0][name]`, `social_links[facebook]`) and the image as the file `medium`, with its list-sized copy as
 * `thumbnail` (ignored without a `medium`). JSON bodies with the same fields are read too (scripts, tests).
 */
export interface EventRequest {
  fields: Record<string, unknown>;
  image: UploadedImage | null;
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
