import { NonIdealState } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { errorMessage, errorStatus } from '../../api/errorMessage';
import { useGetOrderQuery, useReseatOrderTicketMutation } from '../../api/ordersApi';
import { useGetPlatformSettingsQuery } from '../../api/platformSettingsApi';
import { useGetSeatLeasesQuery } from '../../api/seatLeasesApi';
import { sessionHeaders } from '../../api/sessionHeaders';
import { useLiveSeatStates } from '../../api/useLiveSeatStates';
import { useGetEventSectionsQuery } from '../../api/venueMapApi';
import { formatReservationSek, oreFromSek } from '../../domain/money';
import { movableTickets, RESEAT_PAYMENT_LABELS, reseatQuote, reseatQuoteText, type ReseatPaymentMethod } from '../../domain/reseat';
import { serviceFeeBandToOre } from '../../domain/serviceFees';
import { useGetServiceFeesQuery } from '../../api/reservationsApi';
import { leaseOverlay } from '../../seatmap/leaseOverlay';
import { buildPickableSeats } from '../../seatmap/pickableSeats';
import { SeatMap } from '../../seatmap/SeatMap';
import type { SeatMapEngine } from '../../seatmap/SeatMapEngine';
import { LEASE_LEGEND, pickLegend } from '../../seatmap/SeatMapLegend';
import { seatLocation } from '../../seatmap/seatDescription';
import { useEventVenue, mapLoadFailedText } from '../../seatmap/useEventVenue';
import { BackLink } from '../../ui/BackLink';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { RetryPanel } from '../../ui/RetryPanel';
import { OrderReseatPanel, type ReseatTarget } from './OrderReseatPanel';
import './orders.css';

const where = (s: { section: string | null; row: string | null; seat: string | null }) => `${s.section ?? ''}, row ${s.row}, seat ${s.seat}`;

/**
 * /orders/{id}/reseat/{itemId} (issue 38; docs/orders.md "Re-seat"): the order's event map in picking mode for one
 * ticket. A free seat is picked, the panel says what the move costs or gives back, Move asks to confirm, and the
 * ticket moves. Other operators' changes are pushed to the map, and this move reaches theirs the same way.
 */
export function OrderReseatPage() {
  const { id, itemId } = useParams();
  const orderId = Number(id);
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const order = useGetOrderQuery(orderId, { skip: !Number.isInteger(orderId) || orderId < 1 });
  const eventId = order.data?.event.id ?? 0;
  const sections = useGetEventSectionsQuery(eventId, { skip: !eventId });
  const settings = useGetPlatformSettingsQuery();
  // A box-office sale wrote its service fees per ticket: they follow the new price's band (src/domain/reseat.ts).
  const perTicketFees = order.data?.type === 'boxoffice';
  const fees = useGetServiceFeesQuery(order.data?.event.promoter.id, { skip: !perTicketFees });
  const bands = useMemo(() => (perTicketFees ? (fees.data?.collection ?? []).map(serviceFeeBandToOre) : null), [perTicketFees, fees.data]);
  const [method, setMethod] = useState<ReseatPaymentMethod>('card');
  const [attempt, setAttempt] = useState(0);
  const venueHeaders = useCallback(() => sessionHeaders(dispatch), [dispatch]);
  const venue = useEventVenue(eventId, venueHeaders, attempt);
  const live = useLiveSeatStates(eventId, sections.data, sections.refetch);
  const leases = useGetSeatLeasesQuery(eventId, { skip: !eventId });
  const refetchLeases = leases.refetch;
  useEffect(() => {
    if (eventId && live.changed.n > 0) void refetchLeases();
  }, [eventId, live.changed.n, refetchLeases]);
  const [selected, setSelected] = useState<Uint32Array>(new Uint32Array());
  const [confirming, setConfirming] = useState(false);
  const [sectionIndex, setSectionIndex] = useState(-1);
  const engineRef = useRef<SeatMapEngine | null>(null);
  const [reseat, reseating] = useReseatOrderTicketMutation();
  const map = sections.data;
  const overlay = useMemo(() => leaseOverlay(leases.data?.collection ?? []), [leases.data]);
  const seats = useMemo(() => (map && venue.model ? buildPickableSeats(map, venue.model, live.taken, overlay) : null), [map, venue.model, live.taken, overlay]);
  const ticket = order.data ? movableTickets(order.data).find((i) => i.id === Number(itemId)) : undefined;

  // The picked seat, if another operator has not taken it meanwhile (a pushed change drops it).
  const seat = selected.length ? selected[0] : undefined;
  useEffect(() => {
    if (seat !== undefined && live.taken.get(seat) === true) setSelected(new Uint32Array());
  }, [seat, live.taken]);
  const to: ReseatTarget | undefined = useMemo(() => {
    if (seat === undefined || !venue.model || !seats || !map || !ticket) return undefined;
    const at = seatLocation(venue.model, seat);
    const price = map.price_sets[seats.priceSet[seat]]?.prices[ticket.ticket_type?.name ?? ''];
    return { ...at, priceOre: price === undefined ? undefined : oreFromSek(price) };
  }, [seat, venue.model, seats, map, ticket]);
  const quote = to?.priceOre !== undefined && ticket && settings.data && (!perTicketFees || fees.data)
    ? reseatQuote({
      paid: ticket.confirmation === 'confirmed' && ticket.payment_id !== null, priceOre: oreFromSek(ticket.paid ?? ticket.price), newPriceOre: to.priceOre,
      channel: 'order', refundFeePercent: settings.data.refund_fee, serviceFeeBands: bands,
    })
    : undefined;

  const back = `/orders/${orderId}/general`;
  if (!Number.isInteger(orderId) || orderId < 1) return <Navigate to="/404" replace />;
  if (errorStatus(order.error) === 404) return <Navigate to="/404" replace />;
  if (order.error) return <RetryPanel onRetry={order.refetch} />;
  if (!order.data) return <LoadingSpinner label="Loading the order" />;
  if (!ticket) {
    return <NonIdealState icon="search" title="No ticket to move" description="This ticket is not a valid seated ticket of the order." action={<BackLink to={back} label={`Reservation #${orderId}`} />} />;
  }
  if (sections.error || settings.error || fees.error) return <RetryPanel onRetry={() => { void sections.refetch(); void settings.refetch(); if (perTicketFees) void fees.refetch(); }} />;
  if (venue.error) return <RetryPanel onRetry={() => setAttempt((a) => a + 1)} detail={mapLoadFailedText(venue.error)} />;

  const move = async () => {
    if (!to) return;
    const payment = quote?.kind === 'charge' ? { method, amount_ore: quote.amountOre } : undefined;
    const res = await reseat({ id: orderId, eventId, itemId: ticket.id, body: { section: to.section, row: to.row ?? '', seat: to.seat ?? '', ...(payment ? { payment } : {}) } });
    setConfirming(false);
    if ('error' in res) return notifyDanger(errorMessage(res.error, 'The ticket could not be moved.'));
    if (seat !== undefined) live.markOwn([seat], true);
    notifySuccess(payment
      ? `Ticket ${ticket.id} moved to ${where(to)}; ${formatReservationSek(payment.amount_ore)} recorded as a payment by ${RESEAT_PAYMENT_LABELS[method]}.`
      : `Ticket ${ticket.id} moved to ${where(to)}.`);
    navigate(back);
  };

  return (
    <div className="order-reseat-page">
      <BackLink to={back} label={`Reservation #${orderId}`} />
      <h1 className="page-title">Move a ticket: reservation #{orderId}</h1>
      <p>{order.data.event.name}</p>
      <div className="order-reseat-body">
        {map && venue.model && seats ? (
          <SeatMap
            className="order-reseat-canvas"
            legendBelow
            model={venue.model}
            index={venue.index}
            seatColors={seats.seatColors}
            sectionColors={seats.sectionColors}
            flash={live.changed}
            selectable={seats.selectable}
            selected={selected}
            onSelectionChange={(next) => setSelected(next.slice(-1))}
            legendMore={LEASE_LEGEND.others}
            onSectionClick={({ section: i }) => {
              setSectionIndex(i);
              if (!map.sections[i]?.general_admission) engineRef.current?.zoomToSection(i);
            }}
            onReady={(engine) => {
              engineRef.current = engine;
              // Open on the ticket's own section: the seats around it are where a move usually goes.
              const own = map.sections.findIndex((x) => x.name === ticket.section);
              if (own >= 0) {
                setSectionIndex(own);
                engine.zoomToSection(own);
              }
            }}
            selectedSection={sectionIndex}
            {...pickLegend('Free')}
            ariaLabel={`Re-seat map of ${map.event.name}`}
          />
        ) : (
          <LoadingSpinner label="Reading the venue map" />
        )}
        <aside className="order-reseat-side">
          <OrderReseatPanel ticket={ticket} to={to} quote={quote} method={method} onMethod={setMethod} busy={reseating.isLoading} onCancel={() => navigate(back)} onMove={() => setConfirming(true)} />
        </aside>
      </div>
      <ConfirmDialog
        isOpen={confirming && to !== undefined && quote !== undefined} title="Move the ticket" confirmText={quote?.kind === 'charge' ? `Record ${formatReservationSek(quote.amountOre)} and move` : 'Move ticket'} loading={reseating.isLoading}
        onConfirm={() => void move()} onClose={() => setConfirming(false)}
      >
        <p>Move ticket {ticket.id} from {where(ticket)} to {to ? where(to) : ''}?</p>
        {quote ? <p>{reseatQuoteText(quote)}</p> : null}
        {quote?.kind === 'charge' ? (
          <p><strong>Collect {formatReservationSek(quote.amountOre)}</strong>: it is recorded as a payment of the order by {RESEAT_PAYMENT_LABELS[method]}.</p>
        ) : null}
        <p>Both seats change at once on every open map, and the move is written to the audit log.</p>
      </ConfirmDialog>
    </div>
  );
}
