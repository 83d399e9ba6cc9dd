import './corporateApp.css';
import { Button, Callout, Tab, Tabs, Tag, type Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useGetMyReservationQuery } from '../../api/corporatesApi';
import type { CorporateReservationDetail, TicketItem } from '../../contracts/corporates';
import { ticketMessageMoving, ticketMessageState, type TicketMessage } from '../../domain/outboxTruth';
import { RESERVATION_TYPE_LABELS } from '../../domain/reservations';
import { BackLink } from '../../ui/BackLink';
import { DataTable, type Column } from '../../ui/DataTable';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';
import { KidTicketDialog } from './KidTicketDialog';
import { SendTicketDialog } from './SendTicketDialog';
import { TicketCountTags } from './TicketCountTags';
import { placeLabel } from './placeLabel';
import { DetailsCard } from '../../ui/DetailsCard';
import { displayDateTime } from '../../domain/displayDates';

/** /corporate-app/event/{eventId}/reservation/{id} (001 §2): Tickets and Reservation Details, no Add Seats (limited mode). */
export function CorporateReservationPage() {
  const { id } = useParams();
  // Read again every 3 s while a sent ticket's message is still on its way, so its row says when it left or failed.
  const [moving, setMoving] = useState(false);
  const reservation = useGetMyReservationQuery(Number(id), { pollingInterval: moving ? 3000 : 0 });
  const nowMoving = reservation.data?.items.some((t) => ticketMessageMoving(t.message)) ?? false;
  useEffect(() => setMoving(nowMoving), [nowMoving]);
  const [tab, setTab] = useState<'tickets' | 'details'>('tickets');
  if (reservation.isLoading) return <LoadingSpinner label="Loading the reservation" />;
  if (!reservation.data) return <RetryPanel onRetry={reservation.refetch} />;
  const r = reservation.data;
  return (
    <div className="page">
      <BackLink to="/corporate-app/reservations" label="Reservations" />
      <div className="page-head">
        <h1 className="page-title">{r.title || `Reservation ${r.id}`}</h1>
        <TicketCountTags counts={r.tickets} />
      </div>
      <p className="reservation-event">{r.event.name} · {displayDateTime(r.event.start_date)}</p>
      {r.hold_ended ? (
        <Callout intent="warning" className="hold-ended" title="This reservation's hold has ended">
          It was held until {displayDateTime(r.reserved_until)}: its seats are free again, so its tickets can no longer be sent. Ask the promoter to extend it.
        </Callout>
      ) : null}
      <Tabs id="corporate-reservation" selectedTabId={tab} onChange={(t) => setTab(t as 'tickets' | 'details')}>
        <Tab id="tickets" title="Tickets" panel={<Tickets reservation={r} />} />
        <Tab id="details" title="Reservation Details" panel={<ReservationDetails reservation={r} />} />
      </Tabs>
    </div>
  );
}

function Tickets({ reservation: r }: { reservation: CorporateReservationDetail }) {
  const [sending, setSending] = useState<TicketItem | null>(null);
  const [kidFor, setKidFor] = useState<TicketItem | null>(null);
  const free = r.items.filter((t) => !t.user);
  // 001 §5: a kid's ticket only when the event allows kids, the ticket is sent and not a child's, and free tickets remain.
  const canAddKid = (t: TicketItem) => r.kids_allowed && t.user !== null && !t.is_child && free.length > 0;
  const ticketType = (t: TicketItem) => `${t.ticket_type ?? '–'}${t.is_child ? ' (child)' : ''}`;
  // Below 720 px (corporateApp.css) section, row, seat and type are one Place column, so the list reads at 600 px.
  const columns: Column<TicketItem>[] = [
    { key: 'place', header: 'Place', className: 'narrow-only', render: (t) => <>{placeLabel(t)}<div className="ticket-type-under">{ticketType(t)}</div></> },
    { key: 'section', header: 'Section', className: 'narrow-hide', render: (t) => t.section },
    { key: 'row', header: 'Row', className: 'narrow-hide', render: (t) => (t.general_admission ? 'Standing' : t.row ?? '–') },
    { key: 'seat', header: 'Seat', className: 'narrow-hide', render: (t) => (t.general_admission ? '–' : t.seat ?? '–') },
    { key: 'type', header: 'Ticket type', className: 'narrow-hide', render: ticketType },
    {
      key: 'holder', header: 'Sent to', render: (t) => (t.user
        ? <>{`${t.user.name || t.user.phone} · ${t.user.phone}`}{t.message ? <TicketMessageState message={t.message} /> : null}</>
        : 'Not sent'),
    },
    {
      key: 'send', header: '', className: 'cell-menu',
      render: (t) => (t.user
        ? (canAddKid(t) ? <Button size="small" icon="people" text="Add kids' tickets" onClick={() => setKidFor(t)} /> : <NoKidsReason ticket={t} kidsAllowed={r.kids_allowed} freeLeft={free.length} />)
        : r.hold_ended ? 'Hold ended' : <Button size="small" icon="send-message" text="Send ticket" onClick={() => setSending(t)} />),
    },
  ];
  return (
    <>
      <div className="corporate-tickets">
        <DataTable label="Tickets" columns={columns} rows={r.items} rowKey={(t) => t.id} rowLabel={(t) => `${t.section} ${t.row ?? ''} ${t.seat ?? ''}`.trim()} emptyText="There are no tickets in this reservation" />
      </div>
      {sending ? <SendTicketDialog reservationId={r.id} eventId={r.event.id} ticket={sending} onClose={() => setSending(null)} /> : null}
      {kidFor ? <KidTicketDialog reservationId={r.id} ticket={kidFor} free={free} onClose={() => setKidFor(null)} /> : null}
    </>
  );
}

const TONE: Record<ReturnType<typeof ticketMessageState>['tone'], Intent> = { success: 'success', waiting: 'primary', warning: 'warning', danger: 'danger' };

/** Whether the message that carries a sent ticket to its holder left the server (docs/outbox.md). */
function TicketMessageState({ message }: { message: TicketMessage }) {
  const state = ticketMessageState(message);
  return (
    <div className="ticket-message">
      <Tag minimal intent={TONE[state.tone]}>{state.label}</Tag>
      {state.detail ? <div className="ticket-message__detail">{state.detail}</div> : null}
    </div>
  );
}

/** Why "Add kids' tickets" is not offered on a sent ticket, where the button would be (issue 38). */
function NoKidsReason({ ticket, kidsAllowed, freeLeft }: { ticket: TicketItem; kidsAllowed: boolean; freeLeft: number }) {
  if (ticket.is_child) return null;
  const text = !kidsAllowed ? "No kids' tickets: this event does not allow kids" : freeLeft === 0 ? "No kids' tickets: no free tickets left" : null;
  return text ? <span className="no-kids-reason">{text}</span> : null;
}

function ReservationDetails({ reservation: r }: { reservation: CorporateReservationDetail }) {
  const rows: [string, string][] = [
    ['Title', r.title],
    ['Description', r.description],
    ['Type', RESERVATION_TYPE_LABELS[r.type as keyof typeof RESERVATION_TYPE_LABELS] ?? r.type],
  ];
  return <DetailsCard rows={rows} />;
}
