/**
 * Which people a back-office caller may find (issue 34, "Person search is scoped like the blacklist's"): an admin any
 * attendee; a promoter only the attendees linked to them, i.e. the owner of at least one order of theirs. Every
 * person search that a promoter can call (the blacklist's 'Add User', the ombud form's attendee picker) uses this one
 * rule, and so does every write that takes a person's id from a promoter.
 */
import type { PersonList } from '../../src/contracts/promos';
import { looksLikePhone, normalizeUserSearchPhone } from '../../src/domain/phone';
import type { Queryable } from '../db/database';

/**
 * SQL condition on the users row `alias`: an attendee not erased, and, when the bigint parameter `param` is not null,
 * the owner of an order of that promoter. Pass null (an admin) to allow every attendee.
 */
export const linkedAttendeeSql = (alias: string, param: string) => `${alias}.type = 'attendee' AND ${alias}.status <> 'deleted'
  AND (${param}::bigint IS NULL OR EXISTS (SELECT 1 FROM orders lo WHERE lo.owner_id = ${alias}.id AND lo.promoter_id = ${param}))`;

/** True when the attendee exists, is not erased and (for a promoter) is linked to the promoter. */
export async function isLinkedAttendee(db: Queryable, userId: number, promoterId: number | null): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM users u WHERE u.id = $1 AND ${linkedAttendeeSql('u', '$2')}`, [userId, promoterId]);
  return rows.length > 0;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Attendees by name, email or phone (at most 20), among those linked to `promoterId` (null: everyone, for an
 * admin). A phone is normalised as 002 §5 says (07… → 467…, 00… → 46…) and matched from its start without the
 * plus; erased (deleted) people are never found.
 */
export async function searchAttendees(db: Queryable, search: string, promoterId: number | null): Promise<PersonList> {
  const term = normalizeUserSearchPhone(search.replaceAll('\u0000', ''));
  const phone = looksLikePhone(search);
  const { rows } = await db.query<{ id: number; name: string; phone: string | null; email: string | null }>(
    `SELECT u.id, u.name, u.phone, u.email FROM users u
      WHERE ${linkedAttendeeSql('u', '$3')}
        AND (CASE WHEN $2 THEN replace(u.phone, '+', '') LIKE $1 || '%'
                  ELSE u.name ILIKE '%' || $1 || '%' OR u.email ILIKE '%' || $1 || '%' END)
      ORDER BY u.name, u.id LIMIT 20`,
    [likeEscape(term), phone, promoterId],
  );
  const collection = rows.map((r) => ({ id: Number(r.id), name: r.name, phone: r.phone, email: r.email }));
  return { collection, count: collection.length };
}
