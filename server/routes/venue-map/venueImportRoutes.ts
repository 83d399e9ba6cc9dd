import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { Type } from 'typebox';
import { IdParams } from '../../../src/contracts/common';
import { ImportedVenueMap } from '../../../src/contracts/venues';
import { IMAGE_LIMIT_BYTES } from '../../../src/domain/eventForm';
import type { Db } from '../../db/database';
import { HttpError, notFound, throwIfInvalid } from '../../httpErrors';
import { ADMIN_ONLY } from '../../plugins/auth';
import { importVenueMap } from '../../venues/importVenueMap';
import type { SectionEdit } from '../../../src/domain/venueSectionEdits';

export const ImportedMapResponse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  report: Type.Unknown(),
});

const EDITS_SHAPE = 'Must be a JSON list of {"section", "name"?, "kind"?: "seated" | "general_admission"}';

/** The `sections` field: JSON edits of the report's sections (shape only; the names are checked with the parse). */
function sectionEditsField(value: string): SectionEdit[] {
  let list: unknown;
  try {
    list = JSON.parse(value);
  } catch {
    list = null;
  }
  const ok = Array.isArray(list) && list.length <= 10_000 && list.every((e: unknown) => {
    if (typeof e !== 'object' || e === null || Array.isArray(e)) return false;
    const { section, name, kind, ...rest } = e as Record<string, unknown>;
    return Object.keys(rest).length === 0 && typeof section === 'string' && section.length <= 1000
      && (name === undefined || (typeof name === 'string' && name.length <= 1000))
      && (kind === undefined || kind === 'seated' || kind === 'general_admission');
  });
  if (!ok) throwIfInvalid({ sections: EDITS_SHAPE });
  return list as SectionEdit[];
}

/**
 * POST api/venues/{id}/maps (admin): multipart with `file` (the SVG), `name`, `sections` (optional JSON list of
 * section edits made before saving: `[{"section": "Stalls", "name": "Parkett", "kind": "general_admission"}]`, errors
 * per field as `sections.<position>.name`) and `accept_warnings` ("true" to import a
 * map whose report has warnings; without it such a map is refused with 422 venue_map_warnings). The file goes through the same
 * importer as everywhere; a file it cannot read is refused with its message and line, and nothing is written.
 */
export async function venueImportRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  await app.register(fastifyMultipart, { limits: { fileSize: IMAGE_LIMIT_BYTES, files: 1, fields: 5 } });

  app.post('/api/venues/:id/maps', { config: { access: ADMIN_ONLY }, schema: { params: IdParams, response: { 201: ImportedVenueMap } } }, async (request, reply) => {
    const venueId = (request.params as { id: number }).id;
    if (!request.isMultipart()) throw new HttpError(415, 'unsupported_media_type', 'Send the map as multipart/form-data with a "file" field.');
    let svg: string | null = null;
    let fileName = '';
    let name = '';
    let acceptWarnings = false;
    let sections: SectionEdit[] = [];
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw new HttpError(413, 'file_too_large', 'The file size is larger than 100Mb.');
        fileName = part.filename;
        if (!/svg/i.test(part.mimetype) && !/\.svg$/i.test(part.filename)) {
          throwIfInvalid({ file: 'The map must be an SVG file (.svg).' });
        }
        svg = buffer.toString('utf8');
      } else if (part.fieldname === 'name') {
        name = String(part.value).trim();
      } else if (part.fieldname === 'accept_warnings') {
        acceptWarnings = String(part.value) === 'true';
      } else if (part.fieldname === 'sections') {
        sections = sectionEditsField(String(part.value));
      }
    }
    throwIfInvalid({ file: svg === null ? 'Required' : undefined, name: name || fileName ? undefined : 'Required' });
    const mapName = name || fileName.replace(/\.svg$/i, '');
    const { rows } = await db.query('SELECT 1 FROM venues WHERE id = $1', [venueId]);
    if (!rows[0]) throw notFound('Venue');
    const taken = await db.query('SELECT 1 FROM venue_maps WHERE venue_id = $1 AND name = $2', [venueId, mapName]);
    if (taken.rows[0]) throwIfInvalid({ name: 'This venue already has a map with this name.' });
    const imported = await db.transaction((tx) => importVenueMap(tx, { venueId, name: mapName, svg: svg!, acceptWarnings, sections }));
    return reply.status(201).send({ id: imported.mapId, name: mapName, report: imported.report });
  });
}
