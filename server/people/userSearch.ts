import { looksLikePhone, normalizeUserSearchPhone } from '../../src/domain/phone';
import type { UserListQuery } from '../../src/contracts/users';

/** `%`, `_` and `\` typed by a person are text, not LIKE wildcards. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The WHERE of GET api/users (alias u): type, status (active unless asked; `any` = all but deleted), the caller's
 * promoter scope, and the search. A search that looks like a phone number is normalised as 002 §5 says (07… →
 * 467…, 00… → 46…, the plus stripped) and matched as the start of the stored number's digits; other text matches
 * the name or the email anywhere, ignoring case.
 */
export function userListWhere(q: Pick<UserListQuery, 'type' | 'status' | 'search'>, promoter: number | null): { sql: string; params: unknown[] } {
  const params: unknown[] = [q.type ?? null, promoter];
  const parts = ['($1::text IS NULL OR u.type = $1)', '($2::bigint IS NULL OR u.promoter_id = $2)'];
  const status = q.status ?? 'active';
  if (status === 'any') parts.push(`u.status <> 'deleted'`);
  else {
    params.push(status);
    parts.push(`u.status = $${params.length}`);
  }
  const search = (q.search ?? '').trim();
  if (search) {
    if (looksLikePhone(search)) {
      params.push(`${likeEscape(normalizeUserSearchPhone(search))}%`);
      parts.push(`regexp_replace(coalesce(u.phone, ''), '\\D', '', 'g') LIKE $${params.length}`);
    } else {
      params.push(`%${likeEscape(search)}%`);
      parts.push(`(u.name ILIKE $${params.length} OR u.email ILIKE $${params.length} OR concat_ws(' ', u.first_name, u.last_name) ILIKE $${params.length})`);
    }
  }
  return { sql: parts.join(' AND '), params };
}
