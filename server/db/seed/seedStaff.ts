import { hashPassword } from '../../auth/passwords';
import type { Queryable } from '../database';

/**
 * Staff beyond the sign-in accounts of demoAccounts.ts (002 §2): more scanner-app users of Arena Sport Events, the
 * published events of both promoters assigned to their active scanners, a former (inactive) scanner and a second box
 * office of Nordic Live, and affiliates with their colours for both promoters. Nordic Live keeps exactly one active
 * scanner: the events area's flows count it.
 */
const SCANNERS: [promoter: number, first: string, last: string, phone: string, email: string, status: string][] = [
  [1, 'Erik', 'Lindqvist', '+46701112233', 'erik.lindqvist@arenasport.demo', 'active'],
  [1, 'Sara', 'Nyström', '+46702223344', 'sara.nystrom@arenasport.demo', 'active'],
  [1, 'Omar', 'Haddad', '+46703334455', 'omar.haddad@arenasport.demo', 'inactive'],
  [0, 'Lena', 'Berg', '+46704445566', 'lena.berg@nordiclive.demo', 'inactive'],
];

const BOX_OFFICES: [promoter: number, name: string, first: string, last: string, phone: string, email: string][] = [
  [0, 'Cirkus Box Office', 'Maja', 'Ekström', '+46705556677', 'cirkus.boxoffice@nordiclive.demo'],
  [1, 'Friends Arena Box Office', 'Jonas', 'Holm', '+46706667788', 'friends.boxoffice@arenasport.demo'],
];

const AFFILIATES: [promoter: number, name: string, short: string, color: string, status: string][] = [
  [0, 'Radio Nova', 'radionova', '#C00000', 'active'],
  [0, 'Student Union Stockholm', 'sus', '#1F4E79', 'active'],
  [0, 'City Guide Magazine', 'cityguide', '#7A5C00', 'inactive'],
  [1, 'Supporters Club AIK', 'aik-supporters', '#000000', 'active'],
  [1, 'Sport Bar Network', 'sportbar', '#2E7D32', 'active'],
];

export async function seedStaff(db: Queryable, promoterIds: number[]): Promise<void> {
  const hash = await hashPassword('scanner-demo-3');
  await db.query(
    `INSERT INTO users (type, status, name, first_name, last_name, phone, email, promoter_id, password_hash)
     SELECT 'scanner', s, f || ' ' || l, f, l, ph, em, p, $7 FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS x(p, f, l, ph, em, s)`,
    [SCANNERS.map((s) => promoterIds[s[0]]), SCANNERS.map((s) => s[1]), SCANNERS.map((s) => s[2]), SCANNERS.map((s) => s[3]), SCANNERS.map((s) => s[4]), SCANNERS.map((s) => s[5]), hash],
  );
  // Publishing connects an event to its promoter's scanner users (000 §4): every active scanner of both promoters
  // works at its promoter's published events, the gates where the demo sales' scans happen (a scanner scans only
  // the events it is assigned to).
  await db.query(
    `INSERT INTO event_scanners (user_id, event_id)
     SELECT u.id, e.id FROM users u JOIN events e ON e.promoter_id = u.promoter_id AND e.status = 'active' AND e.entity_type = 'ordinary'
      WHERE u.type = 'scanner' AND u.status = 'active' AND u.promoter_id = ANY($1::bigint[])
     ON CONFLICT DO NOTHING`,
    [promoterIds],
  );
  const boxHash = await hashPassword('boxoffice-demo-3');
  await db.query(
    `INSERT INTO users (type, status, name, first_name, last_name, phone, email, promoter_id, password_hash)
     SELECT 'boxoffice', 'active', n, f, l, ph, em, p, $7 FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS x(p, n, f, l, ph, em)`,
    [BOX_OFFICES.map((b) => promoterIds[b[0]]), BOX_OFFICES.map((b) => b[1]), BOX_OFFICES.map((b) => b[2]), BOX_OFFICES.map((b) => b[3]), BOX_OFFICES.map((b) => b[4]), BOX_OFFICES.map((b) => b[5]), boxHash],
  );
  await db.query(
    `INSERT INTO affiliates (promoter_id, name, link_short_name, primary_color, status)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[])`,
    [AFFILIATES.map((a) => promoterIds[a[0]]), AFFILIATES.map((a) => a[1]), AFFILIATES.map((a) => a[2]), AFFILIATES.map((a) => a[3]), AFFILIATES.map((a) => a[4])],
  );
}
