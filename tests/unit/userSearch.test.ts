import { describe, expect, it } from 'vitest';
import { likeEscape, userListWhere } from '../../server/people/userSearch';

describe('userListWhere (GET api/users)', () => {
  it('normalises a phone typed the Swedish way (002 §5) and matches the start of the stored digits', () => {
    expect(userListWhere({ search: '070-123 45' }, null).params).toEqual([null, null, 'active', '467012345%']);
    expect(userListWhere({ search: '+46 70 123' }, null).params.at(-1)).toBe('4670123%');
    expect(userListWhere({ search: '0046701' }, null).params.at(-1)).toBe('46701%');
  });

  it('matches other text in names and emails, wildcards typed by people being text', () => {
    const where = userListWhere({ search: ' 100%_anna ', status: 'any', type: 'attendee' }, 7);
    expect(where.params).toEqual(['attendee', 7, '%100\\%\\_anna%']);
    expect(where.sql).toContain(`u.status <> 'deleted'`);
    expect(where.sql).toContain('ILIKE $3');
    expect(likeEscape('a\\b')).toBe('a\\\\b');
  });

  it('lists active users when no status is asked, as the first callers expect', () => {
    expect(userListWhere({ type: 'scanner' }, 3)).toEqual({
      sql: `($1::text IS NULL OR u.type = $1) AND ($2::bigint IS NULL OR u.promoter_id = $2) AND u.status = $3`,
      params: ['scanner', 3, 'active'],
    });
  });
});
