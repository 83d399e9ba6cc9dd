import type { PersonList } from '../../../src/contracts/promos';
import { looksLikePhone, normalizeUserSearchPhone } from '../../../src/domain/phone';
import type { Queryable } from '../../db/database';

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Attendees by name, email or phone (at most 20). A phone is normalised as 002 §5 says (07… → 467…, 00… → 46…) and
 * matched from its start without the plus; erased (deleted) people are never found.
 */
export async function searchAttendees(db: Queryable, search: string): Promise<PersonList> {
  const term = normalizeUserSearchPhone(search.replaceAll('\u0000', ''));
  const phone = looksLikePhone(search);
  const { rows } = await db.query<{ id: number; name: string; phone: string | null; email: string | null }>(
    `SELECT id, name, phone, email FROM users
      WHERE type = 'attendee' AND status <> 'deleted'
        AND (CASE WHEN $2 THEN replace(phone, '+', '') LIKE $1 || '%'
                  ELSE name ILIKE '%' || $1 || '%' OR email ILIKE '%' || $1 || '%' END)
      ORDER BY name, id LIMIT 20`,
    [likeEscape(term), phone],
  );
  const collection = rows.map((r) => ({ id: Number(r.id), name: r.name, phone: r.phone, email: r.email }));
  return { collection, count: collection.length };
}
