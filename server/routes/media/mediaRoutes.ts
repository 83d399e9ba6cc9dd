import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/database';
import { notFound } from '../../httpErrors';

const MediaParams = Type.Object({ id: Type.Integer({ minimum: 1 }), key: Type.String({ pattern: '^[0-9a-f]{16,64}$' }) });

/**
 * Event images, from the database (several API processes share it; nothing on local disk). <img> sends neither a
 * bearer token nor the platform header, so an image is public behind an unguessable key: the URL is the capability
 * (docs/events.md). Keys never change for a stored image, so it may be cached for good.
 */
export async function mediaRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.get('/api/media/:id/:key', { config: { access: 'public', platformExempt: true }, schema: { params: MediaParams } }, async (request, reply) => {
    const { id, key } = request.params as { id: number; key: string };
    const { rows } = await opts.db.query<{ content_type: string; bytes: Uint8Array }>(
      'SELECT content_type, bytes FROM media WHERE id = $1 AND public_key = $2',
      [id, key],
    );
    if (!rows[0]) throw notFound('Image');
    return reply
      .header('content-type', rows[0].content_type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(Buffer.from(rows[0].bytes));
  });
}
