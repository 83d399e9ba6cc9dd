import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { Type } from 'typebox';
import { IdParams } from '../../../src/contracts/common';
import { IMAGE_LIMIT_BYTES } from '../../../src/domain/eventForm';
import type { Db } from '../../db/database';
import { HttpError, notFound, throwIfInvalid } from '../../httpErrors';
import { ADMIN_ONLY } from '../../plugins/auth';
import { importVenueMap } from '../../venues/importVenueMap';

export const ImportedMapResponse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  report: Type.Unknown(),
});

/**
 * POST api/venues/{id}/maps (admin): multipart with `file` (the SVG), `name` and `accept_warnings` ("true" to import a
 * map whose report has warnings; without it such a map is refused with 422 venue_map_warnings). The file goes through the same
 * importer as everywhere; a file it cannot read is refused with its message and line, and nothing is written.
 */
export async function venueImportRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  await app.register(fastifyMultipart, { limits: { fileSize: IMAGE_LIMIT_BYTES, files: 1, fields: 5 } });

  app.post('/api/venues/:id/maps', { config: { access: ADMIN_ONLY }, schema: { params: IdParams } }, async (request, reply) => {
    const venueId = (request.params as { id: number }).id;
    if (!request.isMultipart()) throw new HttpError(415, 'unsupported_media_type', 'Send the map as multipart/form-data with a "file" field.');
    let svg: string | null = null;
    let fileName = '';
    let name = '';
    let acceptWarnings = false;
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
      }
    }
    throwIfInvalid({ file: svg === null ? 'Required' : undefined, name: name || fileName ? undefined : 'Required' });
    const mapName = name || fileName.replace(/\.svg$/i, '');
    const { rows } = await db.query('SELECT 1 FROM venues WHERE id = $1', [venueId]);
    if (!rows[0]) throw notFound('Venue');
    const taken = await db.query('SELECT 1 FROM venue_maps WHERE venue_id = $1 AND name = $2', [venueId, mapName]);
    if (taken.rows[0]) throwIfInvalid({ name: 'This venue already has a map with this name.' });
    const imported = await db.transaction((tx) => importVenueMap(tx, { venueId, name: mapName, svg: svg!, acceptWarnings }));
    return reply.status(201).send({ id: imported.mapId, name: mapName, report: imported.report });
  });
}
