import { FORM_MESSAGES } from '../../src/domain/forms';
import { validateBoxOfficeReservation } from '../../src/domain/reservations';
import { boxOfficeDescription } from '../../src/domain/serviceFees';
import { oreFromSek } from '../../src/domain/money';
import { parseDecimal } from '../../src/domain/numericInput';
import type { Queryable } from '../db/database';
import { throwIfInvalid } from '../httpErrors';

/**
 * Box-office reservations (001 §2 "Event reservations", §3, §5): the rules POST and PUT api/reservations apply when
 * the type is boxoffice. The owner is an active box-office user of the event's promoter; the extra fee lives as
 * `{"extra_fee": SEK}` in the description; validity_date says until when the box office may sell from it.
 */

/** The extra fee typed into the description JSON, as typed (number or text), or undefined when there is none. */
function typedExtraFee(description: string | undefined): number | string | undefined {
  if (!description) return undefined;
  try {
    const parsed: unknown = JSON.parse(description);
    if (parsed && typeof parsed === 'object' && 'extra_fee' in parsed) {
      const fee = (parsed as { extra_fee: unknown }).extra_fee;
      if (typeof fee === 'number' || typeof fee === 'string') return fee;
      // null, objects and the like are not a number: say so rather than "required".
      return fee === null ? undefined : 'not a number';
    }
  } catch {
    return 'not a number';
  }
  return undefined;
}

/** A real calendar moment for validity_date ('Enter a real date and time.' otherwise). */
function realMoment(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi, sec] = m.slice(1).map((x) => Number(x ?? 0));
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, sec));
  return y >= 1900 && y <= 9999 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && sec < 60;
}

/** An active box-office user of this promoter, with their name; a validation error on `owner` otherwise. */
async function boxOfficeOwner(db: Queryable, promoterId: number, ownerId: number): Promise<string> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT name FROM users WHERE id = $1 AND type = 'boxoffice' AND promoter_id = $2 AND status = 'active'`,
    [ownerId, promoterId],
  );
  throwIfInvalid({ owner: rows[0] ? undefined : "Choose a box-office user of the event's promoter." });
  return rows[0]!.name;
}

export interface BoxOfficeFields {
  title: string;
  description: string;
  owner: number;
  validity_date: string;
}

/** Checks a create body of type boxoffice (every message at once) and answers the row's fields. */
export async function boxOfficeCreateFields(
  db: Queryable,
  promoterId: number,
  body: { title?: string; description?: string; owner?: number | null; validity_date?: string },
): Promise<BoxOfficeFields> {
  const fee = typedExtraFee(body.description);
  const errors = validateBoxOfficeReservation({ owner: body.owner, extra_fee: fee }, 'create');
  throwIfInvalid({
    ...errors,
    validity_date: !body.validity_date ? FORM_MESSAGES.requiredBang : realMoment(body.validity_date) ? undefined : 'Enter a real date and time.',
  });
  const ownerName = await boxOfficeOwner(db, promoterId, body.owner!);
  return {
    title: body.title?.trim() || ownerName,
    description: boxOfficeDescription(oreFromSek(parseDecimal(fee!)!)),
    owner: body.owner!,
    validity_date: body.validity_date!,
  };
}

/**
 * Checks the details of a PUT on a box-office reservation: a description must hold a valid extra fee (it is
 * normalised to `{"extra_fee": SEK}`), an owner must be a box-office user of the promoter (never cleared), a
 * validity date must be real. Answers the normalised description (undefined when none was sent).
 */
export async function boxOfficeUpdateFields(
  db: Queryable,
  promoterId: number,
  body: { description?: string; owner?: number | null; validity_date?: string },
): Promise<{ description?: string }> {
  const fee = body.description === undefined ? undefined : typedExtraFee(body.description);
  throwIfInvalid({
    extra_fee: body.description === undefined ? undefined : validateBoxOfficeReservation({ extra_fee: fee }, 'edit').extra_fee,
    owner: body.owner === null ? FORM_MESSAGES.userRequired : undefined,
    validity_date: body.validity_date === undefined || realMoment(body.validity_date) ? undefined : 'Enter a real date and time.',
  });
  if (body.owner !== undefined && body.owner !== null) await boxOfficeOwner(db, promoterId, body.owner);
  return { description: fee === undefined ? undefined : boxOfficeDescription(oreFromSek(parseDecimal(fee)!)) };
}
