import { Button, Card, Checkbox, FormGroup, HTMLTable, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { useUpdateReservationMutation } from '../../api/reservationsApi';
import type { Reservation, TicketItem } from '../../contracts/reservations';
import { notifyDanger, notifySuccess } from '../../ui/notify';

const place = (t: TicketItem) => (t.general_admission ? `${t.section}, standing` : `${t.section}, row ${t.row ?? '–'}, seat ${t.seat ?? '–'}`);

/**
 * Sub-reservations under the reservation (001 §3, §7 `sub_reservation {id, items}`): tickets split off, e.g. for one
 * person. Lists each with its tickets and Delete (the tickets go back); "Split tickets" makes a new one of the ticked
 * tickets of the reservation itself.
 */
export function SubReservationsCard({ reservation: r, eventId }: { reservation: Reservation; eventId: number }) {
  const [update, updating] = useUpdateReservationMutation();
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [title, setTitle] = useState('');
  if (r.items.length === 0 && r.sub_reservations.length === 0) return null;

  const send = async (sub_reservation: { id?: number; title?: string; items: { id: number }[] }, done: string) => {
    const res = await update({ id: r.id, eventId, body: { sub_reservation } });
    if ('error' in res) {
      notifyDanger(errorMessage(res.error, 'error updating reservation'));
      return false;
    }
    notifySuccess(done);
    return true;
  };
  const split = async () => {
    if (await send({ title: title.trim() || undefined, items: [...picked].map((id) => ({ id })) }, 'Sub-reservation created.')) {
      setPicked(new Set());
      setTitle('');
    }
  };

  return (
    <Card className="reservation-tickets" aria-label="Sub-reservations">
      <h3>Sub-reservations</h3>
      {r.sub_reservations.length === 0 ? <p>There are no sub-reservations yet.</p> : null}
      {r.sub_reservations.map((s) => (
        <section key={s.id} className="sub-reservation" aria-label={`Sub-reservation ${s.title}`}>
          <div className="page-head">
            <h4>{s.title}{s.owner ? ` · ${s.owner.name}` : ''} ({s.items.length} ticket(s))</h4>
            <Button
              variant="minimal" intent="danger" icon="trash" text="Delete sub-reservation" disabled={updating.isLoading}
              onClick={() => send({ id: s.id, items: [] }, 'Sub-reservation deleted, its tickets are back in the reservation.')}
            />
          </div>
          <ul>{s.items.map((t) => <li key={t.id}>{place(t)}{t.user ? ` → ${t.user.name}` : ''}</li>)}</ul>
        </section>
      ))}
      {r.items.length > 0 ? (
        <details className="sub-reservation-split">
          <summary>Split tickets into a sub-reservation</summary>
          <HTMLTable aria-label="Tickets to split" compact>
            <tbody>
              {r.items.map((t) => (
                <tr key={t.id}>
                  <td>
                    <Checkbox
                      label={place(t)} checked={picked.has(t.id)}
                      onChange={() => setPicked((prev) => {
                        const next = new Set(prev);
                        if (next.has(t.id)) next.delete(t.id);
                        else next.add(t.id);
                        return next;
                      })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <FormGroup label="Title of the sub-reservation" labelFor="sub-reservation-title">
            <InputGroup id="sub-reservation-title" value={title} maxLength={255} onValueChange={setTitle} placeholder={r.title} />
          </FormGroup>
          <Button intent="primary" icon="split-columns" text="Create sub-reservation" disabled={picked.size === 0 || updating.isLoading} onClick={split} />
        </details>
      ) : null}
    </Card>
  );
}
