import type { FastifyInstance } from 'fastify';
import { PlatformSettings } from '../../../src/contracts/settings';
import { oreFromSek, sekFromOre } from '../../../src/domain/money';
import type { Db } from '../../db/database';
import { ADMIN_ONLY } from '../../plugins/auth';

/** Platform Settings (admin only, spec 002 §6). */
export async function settingsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const read = async () => {
    const { rows } = await db.query<{ admin_fee_ore: number; refund_fee_percent: number }>(
      'SELECT admin_fee_ore, refund_fee_percent FROM platform_settings',
    );
    return { admin_fee: sekFromOre(rows[0].admin_fee_ore), refund_fee: rows[0].refund_fee_percent };
  };

  app.get('/api/settings', { config: { access: ADMIN_ONLY }, schema: { response: { 200: PlatformSettings } } }, read);

  app.put('/api/settings', { config: { access: ADMIN_ONLY }, schema: { body: PlatformSettings, response: { 200: PlatformSettings } } }, async (request) => {
    const body = request.body as PlatformSettings;
    await db.query('UPDATE platform_settings SET admin_fee_ore = $1, refund_fee_percent = $2, updated_at = now()', [
      oreFromSek(body.admin_fee),
      body.refund_fee,
    ]);
    return read();
  });
}
