import { Card } from '@blueprintjs/core';
import { useNavigate, useOutletContext, useParams } from 'react-router-dom';
import { useCreateReservationMutation, useGetReservationQuery, useUpdateReservationMutation } from '../../api/reservationsApi';
import type { EventDetail } from '../../contracts/events';
import { formatFormDate, formatFormTime, parseApiDate, parseApiDateTime } from '../../domain/dates';
import { formatAmount } from '../../domain/money';
import { reservedUntilPayload } from '../../domain/reservations';
import { extraFeeFromDescription } from '../../domain/serviceFees';
import { BackLink } from '../../ui/BackLink';
import { submitErrors } from '../../ui/form/submitErrors';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { RetryPanel } from '../../ui/RetryPanel';
import { errorStatus } from '../../api/errorMessage';
import { NotFoundPanel } from '../../ui/NotFoundPanel';
import { BoxOfficeForm, type BoxOfficeFormState } from './BoxOfficeForm';

/** Server field names → form field names; a server message without a field also goes to a danger notification. */
function formErrors(errors: Record<string, string>, fallback: string): Record<string, string> {
  const { validity_date, ...rest } = errors;
  const fields = { ...rest, ...(validity_date ? { date: validity_date } : {}) };
  if (!['owner', 'extra_fee', 'date'].some((f) => f in fields)) notifyDanger(Object.values(fields)[0] ?? fallback);
  return fields;
}

/** The description of a box-office reservation: its extra fee as JSON (001 §3), sent as typed (the server reads commas). */
const description = (v: BoxOfficeFormState) => JSON.stringify({ extra_fee: v.extra_fee.trim() });

/** /events/{id}/boxoffice/add. */
export function AddBoxOfficePage() {
  const event = useOutletContext<EventDetail>();
  const navigate = useNavigate();
  const [create] = useCreateReservationMutation();
  const start = parseApiDate(event.start_date);
  return (
    <div className="page page-narrow">
      <BackLink to={`/events/${event.id}/boxoffice`} label="Box Office" />
      <h2 className="page-title">Add box-office reservation</h2>
      <Card>
        <BoxOfficeForm
          promoterId={event.promoter.id}
          mode="create"
          initialValues={{ extra_fee: '', date: start ? formatFormDate(start) : '', time: start ? formatFormTime(start) : '' }}
          submitText="Save"
          onSubmit={async (v) => {
            const res = await create({
              event: event.id, type: 'boxoffice', owner: v.owner ? Number(v.owner) : null, description: description(v),
              validity_date: reservedUntilPayload(v.date, v.time)!,
            });
            if ('error' in res) return formErrors(submitErrors(res.error, 'Error create reservation'), 'Error create reservation');
            notifySuccess('Box-office reservation saved');
            navigate(`/events/${event.id}/boxoffice`);
            return undefined;
          }}
        />
      </Card>
    </div>
  );
}

/** /events/{id}/boxoffice/{reservId}: edit the user, the extra fee and the validity date. */
export function EditBoxOfficePage() {
  const event = useOutletContext<EventDetail>();
  const id = Number(useParams().reservId);
  const navigate = useNavigate();
  const reservation = useGetReservationQuery(id);
  const [update] = useUpdateReservationMutation();
  if (reservation.isLoading) return <LoadingSpinner label="Loading reservation" />;
  if (errorStatus(reservation.error) === 404) return <NotFoundPanel title="Reservation not found" back={{ to: `/events/${event.id}/boxoffice`, list: 'box office' }} />;
  if (!reservation.data) return <RetryPanel onRetry={reservation.refetch} />;
  const r = reservation.data;
  const valid = parseApiDateTime(r.validity_date ?? null);
  return (
    <div className="page page-narrow">
      <BackLink to={`/events/${event.id}/boxoffice`} label="Box Office" />
      <h2 className="page-title">Edit box-office reservation</h2>
      <Card>
        <BoxOfficeForm
          promoterId={event.promoter.id}
          mode="edit"
          seller={r.owner}
          initialValues={{
            owner: r.owner ? String(r.owner.id) : '', extra_fee: formatAmount(extraFeeFromDescription(r.description)).replace(/\s/g, ''),
            date: valid ? formatFormDate(valid) : '', time: valid ? formatFormTime(valid) : '',
          }}
          submitText="Save"
          onSubmit={async (v) => {
            const res = await update({
              id, eventId: event.id,
              // The user only when changed: a seller no longer active stays the reservation's (the server takes a new
              // user only among the active ones).
              body: { description: description(v), validity_date: reservedUntilPayload(v.date, v.time)!, ...(v.owner && v.owner !== String(r.owner?.id) ? { owner: Number(v.owner) } : {}) },
            });
            if ('error' in res) return formErrors(submitErrors(res.error, 'Error saving reservation'), 'Error saving reservation');
            notifySuccess('Box-office reservation saved');
            navigate(`/events/${event.id}/boxoffice`);
            return undefined;
          }}
        />
      </Card>
    </div>
  );
}
