import type { FastifyInstance } from 'fastify';
import { IdParams } from '../../../src/contracts/common';
import { StaffListQuery, StaffUser, StaffUserBody, StaffUserList } from '../../../src/contracts/staff';
import type { Db } from '../../db/database';
import { BACK_OFFICE, sessionUser } from '../../plugins/auth';
import { wantsCsv } from '../../http/csvStream';
import { sendStaffCsv } from './staffCsv';
import { createStaff, listStaff, readStaff, staffCsvQuery, updateStaff, type StaffType } from './staffUsers';

/**
 * Scanner-app users and box-office users (002 §2, §7), created by an admin or their promoter. Paths per type
 * (docs/staff.md): GET/PUT api/users stays the people area's, whose status call (PUT api/users/{id}/status) the
 * console uses to activate and deactivate these users too.
 */
export async function staffUsersRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const kinds: { path: string; type: StaffType; kind: string }[] = [
    { path: 'scanner-users', type: 'scanner', kind: 'scanner' },
    { path: 'boxoffice-users', type: 'boxoffice', kind: 'boxoffice_user' },
  ];
  for (const { path, type, kind } of kinds) {
    const owned = { access: BACK_OFFICE, owns: { id: kind } };
    // JSON by default; with `Accept: text/csv` the whole filtered list as a file (beyond the spec).
    app.get(`/api/${path}`, { config: { access: BACK_OFFICE }, schema: { querystring: StaffListQuery, response: { 200: StaffUserList } } }, async (request, reply) => {
      const q = request.query as StaffListQuery;
      if (!wantsCsv(request.headers.accept)) return listStaff(db, sessionUser(request), type, q);
      const { sql, params } = staffCsvQuery(sessionUser(request), type, q);
      const headers: [string, string][] = [['name', 'Name'], ['first_name', 'First name'], ['last_name', 'Last name'], ['phone', 'Phone'], ['email', 'Email'], ['status', 'Status'], ['promoter_name', 'Promoter']];
      return sendStaffCsv(reply, db, type === 'scanner' ? 'ScannerUsers.csv' : 'BoxOfficeUsers.csv', headers, sql, params);
    });

    app.get(`/api/${path}/:id`, { config: owned, schema: { params: IdParams, response: { 200: StaffUser } } }, async (request) =>
      readStaff(db, sessionUser(request), type, (request.params as { id: number }).id));

    app.post(`/api/${path}`, { config: { access: BACK_OFFICE }, schema: { body: StaffUserBody, response: { 201: StaffUser } } }, async (request, reply) => {
      const created = await db.transaction((tx) => createStaff(tx, sessionUser(request), type, request.body as StaffUserBody));
      return reply.status(201).send(created);
    });

    app.put(`/api/${path}/:id`, { config: owned, schema: { params: IdParams, body: StaffUserBody, response: { 200: StaffUser } } }, async (request) =>
      db.transaction((tx) => updateStaff(tx, sessionUser(request), type, (request.params as { id: number }).id, request.body as StaffUserBody)));
  }
}
