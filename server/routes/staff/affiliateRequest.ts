import type { FastifyRequest } from 'fastify';
import { AFFILIATE_LOGO_MAX_BYTES } from '../../../src/domain/backOfficeForms';
import { HttpError, throwIfInvalid } from '../../httpErrors';
import { sniffImageType, type UploadedImage } from '../../media/images';

export const LOGO_TOO_LARGE = 'The logo is larger than 3 MB. Please choose a smaller image.';

export interface AffiliateUpdate {
  fields: Record<string, string>;
  logo: UploadedImage | null;
}

/**
 * The affiliate update (002 §7): multipart with the fields status, primary_color (and, from the details tab, name
 * and link_short_name) and the file `logo`, at most 3 MB and a real image (checked by its first bytes). A JSON body
 * with the same fields is read too.
 */
export async function readAffiliateUpdate(request: FastifyRequest): Promise<AffiliateUpdate> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) throwIfInvalid({ body: 'Send the affiliate fields as an object.' });
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(body)) if (typeof v === 'string' || typeof v === 'number') fields[k] = String(v);
    return { fields, logo: null };
  }
  const fields: Record<string, string> = {};
  let logo: UploadedImage | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: AFFILIATE_LOGO_MAX_BYTES, files: 1, fields: 20, fieldSize: 10_000 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'logo' || bytes.length === 0) continue;
        const contentType = sniffImageType(bytes);
        if (!contentType) throwIfInvalid({ logo: 'Choose a JPEG, PNG, WebP or GIF image.' });
        logo = { bytes, contentType: contentType!, fileName: (part.filename ?? '').replaceAll('\u0000', '').slice(0, 200) };
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'file_too_large', LOGO_TOO_LARGE);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new HttpError(413, 'too_many_parts', 'The form has too many fields or files.');
    }
    throw err;
  }
  return { fields, logo };
}
