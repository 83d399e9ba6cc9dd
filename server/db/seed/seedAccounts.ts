import type { Queryable } from '../database';
import { hashPassword } from '../../auth/passwords';
import { DEMO_ACCOUNTS, DEMO_PROMOTERS } from './demoAccounts';

export interface SeededAccounts {
  promoterIds: number[];
  userIds: Record<string, number>;
}

/**
 * The phone of the i-th demo account: a Swedish mobile, +46 70 and seven digits (070-012 34 0i), below the
 * attendees' numbers (seedAttendees.ts starts theirs at 070-100 00 00), so no two people share one.
 */
export function demoAccountPhone(i: number): string {
  return `+46700${123400 + i}`;
}

export async function seedAccounts(db: Queryable): Promise<SeededAccounts> {
  const promoterIds: number[] = [];
  for (const p of DEMO_PROMOTERS) {
    // Both demo promoters may brand their affiliates (can_apply_own_branding); tests turn it off where they need to.
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO promoters (name, organization_number, address, city, postcode, country, phone, email, can_download_emails, can_apply_own_branding)
       VALUES ($1, $2, $3, $4, $5, 'SE', $6, $7, true, true) RETURNING id`,
      [p.name, p.organization_number, p.address, p.city, p.postcode, p.phone, p.email],
    );
    promoterIds.push(Number(rows[0].id));
  }
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  const userIds: Record<string, number> = {};
  for (const [i, a] of DEMO_ACCOUNTS.entries()) {
    const [first, ...rest] = a.name.split(' ');
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO users (type, email, name, first_name, last_name, phone, promoter_id, password_hash, country)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'SE') RETURNING id`,
      [a.type, a.email, a.name, first, rest.join(' '), demoAccountPhone(i),
        a.promoter === undefined ? null : promoterIds[a.promoter], hashes[i]],
    );
    userIds[a.key] = Number(rows[0].id);
  }
  // A deactivated account, so the refusal can be seen and tested.
  await db.query(
    `INSERT INTO users (type, status, email, name, promoter_id, password_hash) VALUES ('promoter', 'inactive', 'inactive@demo.test', 'Former Promoter', $1, $2)`,
    [promoterIds[0], hashes[1]],
  );
  return { promoterIds, userIds };
}
