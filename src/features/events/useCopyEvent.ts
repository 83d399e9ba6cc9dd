import { useCallback, useState } from 'react';
import { errorCode, errorMessage } from '../../api/errorMessage';
import { failureNotice } from '../../domain/failureNotice';
import {
  useCopyHiddenSeatsMutation, useCopyMerchandiseMutation, useCopyPricesMutation, useCopyReservationsMutation, useDuplicateEventMutation,
  useLazyGetEventMerchandisesQuery, useLazyGetEventQuery, useLazyGetRestrictionsQuery, useLazyGetTicketTypesQuery,
  useSaveRestrictionsMutation, useSaveTicketTypeMutation,
} from '../../api/eventsApi';
import type { RestrictionsBody } from '../../contracts/restrictions';
import { conflictLine, initialProgress, reservationsNote, type CopyProgress, type ShopRowState } from './copySteps';

type Failure = Parameters<typeof errorMessage>[0];
class StepFailed extends Error {}

/**
 * Runs the copy wizard's effects in order on the server, stopping at the first failure (000 §4): duplicate the
 * event; its ticket types one at a time, then prices and hidden seats when the map has sections; restrictions;
 * corporate reservations (places the copy could not hold are listed, the copy goes on); the shop's products one at a time, each row showing "...", "copied" or "Error!".
 */
export function useCopyEvent(sourceId: number, isAdmin: boolean) {
  const [progress, setProgress] = useState<CopyProgress>(initialProgress);
  const [duplicate] = useDuplicateEventMutation();
  const [readTypes] = useLazyGetTicketTypesQuery();
  const [saveType] = useSaveTicketTypeMutation();
  const [readEvent] = useLazyGetEventQuery();
  const [copyPrices] = useCopyPricesMutation();
  const [copyHidden] = useCopyHiddenSeatsMutation();
  const [readRestrictions] = useLazyGetRestrictionsQuery();
  const [saveRestrictions] = useSaveRestrictionsMutation();
  const [copyReservations] = useCopyReservationsMutation();
  const [readMerchandises] = useLazyGetEventMerchandisesQuery();
  const [copyMerchandise] = useCopyMerchandiseMutation();

  const run = useCallback(
    async (startDate: string, name?: string): Promise<number | null> => {
      let p = initialProgress();
      const update = (change: Partial<CopyProgress>) => setProgress((p = { ...p, ...change }));
      const stepIs = (i: number, status: CopyProgress['steps'][number], note?: string) =>
        update({ steps: p.steps.map((s, j) => (j === i ? status : s)), notes: note === undefined ? p.notes : p.notes.map((n, j) => (j === i ? note : n)) });
      const check = <T,>(res: { data?: T; error?: Failure }, message = 'Error copying the event...'): T => {
        if (res.error !== undefined || res.data === undefined) {
          update({ error: failureNotice(message, errorMessage(res.error)) });
          throw new StepFailed();
        }
        return res.data;
      };
      let current = 0;
      try {
        stepIs(0, 'running');
        const copy = check(await duplicate({ id: sourceId, startDate, ...(name?.trim() ? { name: name.trim() } : {}) }));
        const newId = copy.id;
        update({ newId });
        stepIs(0, 'done', `Draft created: ${copy.name || `event ${newId}`}`);

        current = 1;
        stepIs(1, 'running');
        update({ priceSubStep: 0 });
        update({ priceSubStep: 1 });
        const types = check(await readTypes(sourceId)).collection;
        update({ priceSubStep: 2 });
        const existing = check(await readTypes(newId)).collection;
        for (const t of [...types].sort((a, b) => Number(b.default) - Number(a.default))) {
          const same = existing.find((e) => e.name.toLowerCase() === t.name.toLowerCase());
          const body = { name: t.name, default: t.default, kids: t.kids, age_from: t.age_from, age_to: t.age_to, min: t.min, max: t.max };
          check(await saveType({ id: newId, typeId: same?.id, body }));
        }
        update({ priceSubStep: 3 });
        const target = check(await readEvent(newId));
        let note = `${types.length} ticket types`;
        if (target.map.sections_count > 0) {
          update({ priceSubStep: 4 });
          const prices = check(await copyPrices({ id: newId, sourceId }));
          update({ priceSubStep: 5 });
          const hidden = check(await copyHidden({ id: newId, sourceId }));
          const n = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
          note += `, prices of ${n(prices.sections, 'section')} and ${n(prices.seats, 'single seat')}, ${n(hidden.seats, 'hidden seat')}`;
        }
        update({ priceSubStep: 6 });
        stepIs(1, 'done', note);

        current = 2;
        stepIs(2, 'running');
        const r = check(await readRestrictions(sourceId));
        const body: RestrictionsBody = {
          max_number_tickets: r.max_number_tickets, sell_on_market: r.sell_on_market, sell_to_friend: r.sell_to_friend,
          resell_in_group: r.resell_in_group, resell_max_percent: r.resell_max_percent, age_restriction: r.age_restriction,
          kids_allowed: r.kids_allowed, reservation_time: r.reservation_time, restrictions_confirmed: true,
          ...(isAdmin ? { qr_first_generation_time: r.qr_first_generation_time, qr_inevent_showing_time: r.qr_inevent_showing_time } : {}),
        };
        check(await saveRestrictions({ id: newId, body }));
        stepIs(2, 'done', 'Restrictions copied');

        current = 3;
        stepIs(3, 'running');
        const res = await copyReservations({ copy: [{ source_event_id: sourceId, destination_event_id: newId, reservations: [{ type: 'corporate' }] }] });
        if ('error' in res) {
          update({ error: `Error ${errorCode(res.error)}: ${errorMessage(res.error)}` });
          stepIs(3, 'failed', 'Error!');
          return null;
        }
        const copied = res.data.copied[0] ?? { reservations: 0, seats: 0, already_copied: 0, conflicts: [] };
        update({ reservationConflicts: copied.conflicts.map(conflictLine) });
        stepIs(3, 'done', reservationsNote(copied));

        current = 4;
        stepIs(4, 'running');
        const products = check(await readMerchandises({ id: sourceId, per_page: 500 })).collection;
        update({ shopRows: products.map((m) => ({ name: m.name || m.sku || `Product ${m.id}`, state: 'waiting' as ShopRowState })) });
        const rowIs = (i: number, state: ShopRowState) => update({ shopRows: p.shopRows.map((r, j) => (j === i ? { ...r, state } : r)) });
        for (const [i, m] of products.entries()) {
          rowIs(i, 'running');
          const copied = await copyMerchandise({ id: newId, sourceId, merchandiseId: m.id });
          if ('error' in copied) {
            rowIs(i, 'failed');
            check(copied);
          }
          rowIs(i, 'copied');
        }
        stepIs(4, 'done', products.length === 1 ? '1 item' : `${products.length} items`);
        return newId;
      } catch (err) {
        if (!(err instanceof StepFailed)) update({ error: failureNotice('Error copying the event...', String(err)) });
        stepIs(current, 'failed');
        return null;
      }
    },
    [copyHidden, copyMerchandise, copyPrices, copyReservations, duplicate, isAdmin, readEvent, readMerchandises, readRestrictions, readTypes, saveRestrictions, saveType, sourceId],
  );

  return { progress, run };
}
