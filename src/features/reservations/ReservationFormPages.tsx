import { Button, Callout, Card, HTMLTable } from '@blueprintjs/core';
import { useNavigate, useOutletContext, useParams } from 'react-router-dom';
import { errorMessage, errorStatus } from '../../api/errorMessage';
import { useSignedInProfile } from '../../api/useSessionProfile';
import {
  useCreateReservationMutation, useGetReservationQuery, useUpdateReservationMutation,
} from '../../api/reservationsApi';
import type { EventDetail } from '../../contracts/events';
import type { TicketItem } from '../../contracts/reservations';
import { formatFormDate, formatFormTime, parseApiDateTime } from '../../domain/dates';
import { displayDateTime } from '../../domain/displayDates';
import { formatReservationSek, oreFromSek } from '../../domain/money';
import { canAddSeats, isHold, PAID_NO_ADD_SEATS, paidRemoveByRefund, reservedUntilPayload, takenBackByRefund, type ReservationType } from '../../domain/reservations';
import { BackLink } from '../../ui/BackLink';
import { submitErrors } from '../../ui/form/submitErrors';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { RetryPanel } from '../../ui/RetryPanel';
import { NotFoundPanel } from '../../ui/NotFoundPanel';
import { ReservationForm, type ReservationFormState } from './ReservationForm';
import { SubReservationsCard } from './SubReservationsCard';

/** Server field names → form field names. */
function formErrors(errors: Record<string, string>): Record<string, string> {
  const { owner, reserved_until, ...rest } = errors;
  return { ...rest, ...(owner ? { corporate: owner } : {}), ...(reserved_until ? { date: reserved_until } : {}) };
}

/** /events/{id}/reservations/add: 'Add reservation'; saving opens the map to reserve tickets. */
export function AddReservationPage() {
  const event = useOutletContext<EventDetail>();
  const navigate = useNavigate();
  const [create] = useCreateReservationMutation();
  return (
    <div className="page page-narrow">
      <BackLink to={`/events/${event.id}/reservations`} label="Reserved Seats" />
      <h2 className="page-title">Add reservation</h2>
      <Card>
        <ReservationForm
          eventId={event.id}
          mode="create"
          initialValues={{ type: 'guest' }}
          submitText="Save and reserve tickets"
          onSubmit={async (v) => {
            const res = await create({
              event: event.id, title: v.title, description: v.description ?? '', type: v.type as Exclude<ReservationType, 'boxoffice'>,
              reserved_until: reservedUntilPayload(v.date, v.time)!, ...(v.type === 'corporate' ? { owner: Number(v.corporate) } : {}),
            });
            if ('error' in res) return formErrors(submitErrors(res.error, 'Error create reservation'));
            navigate(`/events/${event.id}/reservation/${res.data.id}/map`);
            return undefined;
          }}
        />
      </Card>
    </div>
  );
}

/** /events/{id}/reservation/{reservId}/edit: 'Edit reservation' with its tickets section. */
export function EditReservationPage() {
  const event = useOutletContext<EventDetail>();
  const id = Number(useParams().reservId);
  const navigate = useNavigate();
  const reservation = useGetReservationQuery(id);
  const [update, updating] = useUpdateReservationMutation();
  const byAdmin = useSignedInProfile()?.type === 'admin';
  if (reservation.isLoading) return <LoadingSpinner label="Loading reservation" />;
  if (errorStatus(reservation.error) === 404) return <NotFoundPanel title="Reservation not found" back={{ to: `/events/${event.id}/reservations`, list: 'reserved seats' }} />;
  if (!reservation.data) return <RetryPanel onRetry={reservation.refetch} />;
  const r = reservation.data;
  const until = parseApiDateTime(r.reserved_until);
  const hold = isHold(r.status);
  const removeTicket = async (item: TicketItem) => {
    const res = await update({ id, eventId: event.id, body: { items: [{ id: item.id, valid: false }] } });
    if ('error' in res) notifyDanger(errorMessage(res.error, 'error updating reservation'));
    else notifySuccess('Ticket removed, its seat is free.');
  };
  return (
    <div className="page page-narrow">
      <BackLink to={`/events/${event.id}/reservations`} label="Reserved Seats" />
      <h2 className="page-title">Edit reservation</h2>
      <Card>
        <ReservationForm
          eventId={event.id}
          mode="edit"
          hold={hold}
          initialValues={{
            title: r.title, type: r.type, description: r.description, corporate: r.corporate_id ? String(r.corporate_id) : '',
            date: until ? formatFormDate(until) : '', time: until ? formatFormTime(until) : '',
          }}
          submitText="Save"
          onSubmit={async (v: ReservationFormState) => {
            const res = await update({ id, eventId: event.id, body: { title: v.title, description: v.description ?? '', ...(hold ? { reserved_until: reservedUntilPayload(v.date, v.time)! } : {}) } });
            if ('error' in res) return formErrors(submitErrors(res.error, 'Error saving reservation'));
            notifySuccess('Reservation saved');
            return undefined;
          }}
        />
      </Card>
      <Card className="reservation-tickets">
        {r.expired ? (
          // A hold that ended holds no seat (docs/reservations.md): a move would claim one, so none is offered.
          <Callout intent="warning" title="This hold has ended">
            It ended {displayDateTime(r.reserved_until)}: its seats are free to every other sale. A later Reserved until
            above holds again those not taken since; seats can be added once it holds again.
          </Callout>
        ) : null}
        <div className="page-head">
          <h3>Tickets</h3>
          {canAddSeats(r) ? <Button icon="add" text="Add Seats" intent="primary" disabled={r.expired} onClick={() => navigate(`/events/${event.id}/reservation/${id}/map`)} /> : null}
        </div>
        {/* A paid reservation takes no more seats (the server refuses them too); its tickets can still move. */}
        {canAddSeats(r) ? null : <p className="reservation-paid-note">{PAID_NO_ADD_SEATS}</p>}
        {/* A paid ticket is taken back by a refund, which returns its money (the server refuses its Remove too). */}
        {r.items.some((i) => takenBackByRefund(r, i)) ? <p className="reservation-paid-note">{paidRemoveByRefund(r.id, byAdmin)}</p> : null}
        {r.items.length === 0 ? (
          <p>No tickets reserved yet.</p>
        ) : (
          <HTMLTable aria-label="Tickets" striped compact className="reservation-ticket-table">
            <thead><tr><th>Section</th><th>Row</th><th>Seat</th><th>Ticket type</th><th>Price</th><th>Assigned to</th><th /></tr></thead>
            <tbody>
              {r.items.map((item) => (
                <tr key={item.id}>
                  <td>{item.section}</td>
                  <td>{item.row ?? '–'}</td>
                  <td>{item.general_admission ? 'Standing' : item.seat}</td>
                  <td>{item.ticket_type?.name ?? ''}</td>
                  <td>{formatReservationSek(oreFromSek(item.price))}</td>
                  <td>{item.user?.name ?? ''}</td>
                  <td>
                    {item.general_admission || r.expired ? null : (
                      <Button
                        variant="minimal" icon="swap-horizontal" text="Move"
                        aria-label={`Move ticket ${item.section} ${item.row ?? ''} ${item.seat ?? ''} to another seat`}
                        onClick={() => navigate(`/events/${event.id}/reservation/${id}/map?reseat=${item.id}`)}
                      />
                    )}
                    {takenBackByRefund(r, item) ? null : (
                      <Button
                        variant="minimal" intent="danger" icon="cross" text="Remove"
                        aria-label={`Remove ticket ${item.section} ${item.row ?? ''} ${item.seat ?? ''}`.trim()}
                        disabled={updating.isLoading} onClick={() => removeTicket(item)}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </Card>
      <SubReservationsCard reservation={r} eventId={event.id} />
    </div>
  );
}
