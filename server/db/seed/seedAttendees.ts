import type { Queryable } from '../database';

/**
 * Attendees (the customers of the reports), made in one set-based statement. Every value is a function of the
 * row number, so the same seed gives the same people on every machine.
 */
export async function seedAttendees(db: Queryable, count: number): Promise<void> {
  await db.query(
    `INSERT INTO users (type, status, email, name, first_name, last_name, phone, country, gender, birth_date, register_type, created_at)
     SELECT 'attendee',
            CASE WHEN g % 23 = 0 THEN 'unregistered' ELSE 'active' END,
            CASE WHEN g % 23 = 0 THEN NULL ELSE 'attendee' || g || '@demo.test' END,
            fn || ' ' || ln, fn, ln,
            '+4670' || lpad((1000000 + g * 7919 % 8999999)::text, 7, '0'),
            (ARRAY['SE','SE','SE','SE','SE','SE','NO','DK','FI','DE'])[1 + (g * 31) % 10],
            CASE WHEN g % 2 = 0 THEN 'female' ELSE 'male' END,
            date '1950-01-01' + ((g * 7817) % 20000),
            CASE WHEN g % 4 = 0 THEN 'document' ELSE 'bankid' END,
            timestamptz '2025-01-01 00:00+00' + make_interval(hours => (g * 37) % 16000)
       FROM generate_series(1, $1::int) AS g,
            LATERAL (SELECT (ARRAY['Anna','Erik','Maja','Lars','Elsa','Karl','Ida','Nils','Saga','Olof'])[1 + g % 10] AS fn,
                            (ARRAY['Andersson','Johansson','Karlsson','Nilsson','Eriksson','Larsson','Olsson','Persson'])[1 + (g / 10) % 8] AS ln) names`,
    [count],
  );
}
