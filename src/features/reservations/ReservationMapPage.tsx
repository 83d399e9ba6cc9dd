import { Button, Dialog, DialogBody, DialogFooter, NonIdealState } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useOutletContext, useParams, useSearchParams } from 'react-router-dom';
import { errorCode, errorMessage } from '../../api/errorMessage';
import { useGetReservationQuery, useGetServiceFeesQuery, useReseatTicketMutation, useReserveOnMapMutation } from '../../api/reservationsApi';
import { useGetEventSectionsQuery, venueMapApi } from '../../api/venueMapApi';
import type { EventDetail } from '../../contracts/events';
import { RESERVATION_MESSAGES, type SeatLabel } from '../../contracts/reservations';
import { extraFeeFromDescription, serviceFeeBandToOre } from '../../domain/serviceFees';
import { canAddSeats, countFreeGaPlaces, PAID_NO_ADD_SEATS, standingAreaPlaces } from '../../domain/reservations';
import { SeatMap } from '../../seatmap/SeatMap';
import { useEventVenue, mapLoadFailedText } from '../../seatmap/useEventVenue';
import { useAppDispatch } from '../../app/hooks';
import type { SeatMapEngine } from '../../seatmap/SeatMapEngine';
import { seatLocation } from '../../seatmap/seatDescription';
import type { SeatMapEvents } from '../../seatmap/types';
import { BackLink } from '../../ui/BackLink';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { RetryPanel } from '../../ui/RetryPanel';
import { seatPrices } from './reservationSeats';
import { buildPickableSeats, seasonTakenReason, takenBySeason, whyNotPickable } from '../../seatmap/pickableSeats';
import { ReservePanel, StandingPanel, type SelectedSeat } from './ReservePanel';
import { ReseatPanel } from './ReseatPanel';
import { sessionHeaders } from '../../api/sessionHeaders';
import { useLiveSeatStates } from '../../api/useLiveSeatStates';
import { useGetSeatLeasesQuery } from '../../api/seatLeasesApi';
import { leaseOverlay, standingLeasedToOthers } from '../../seatmap/leaseOverlay';
import { defaultTooltipText, type TooltipTarget } from '../../seatmap/SeatMapTooltip';
import { LEASE_LEGEND, pickLegend } from '../../seatmap/SeatMapLegend';
import './reservations.css';

type Notice = { title: string; body: string; who?: string; key?: string } | null;

const can = (yes: boolean) => (yes ? 'can' : "can't");

const describe = (s: { section: string; row: string | null; seat: string | null }) => `${s.section}, row ${s.row}, seat ${s.seat}`;

/**
 * /events/{id}/reservation/{reservId}/map: the event's seat map in reservation mode (001 §2, §4). Only seats an
 * admin may reserve can be selected; a ticket type per seat, the calculator, Reserve. Other operators' reserves
 * (and voids, refunds, holds that end) are pushed to the map and re-colour the seats they touched, which flash once.
 */
export function ReservationMapPage() {
  const event = useOutletContext<EventDetail>();
  const reservId = Number(useParams().reservId);
  const sections = useGetEventSectionsQuery(event.id);
  const reservation = useGetReservationQuery(reservId);
  const fees = useGetServiceFeesQuery(event.promoter?.id);
  const [attempt, setAttempt] = useState(0);
  const dispatch = useAppDispatch();
  const venueHeaders = useCallback(() => sessionHeaders(dispatch), [dispatch]);
  const venue = useEventVenue(event.id, venueHeaders, attempt);
  const live = useLiveSeatStates(event.id, sections.data, sections.refetch);
  const { taken, placesTaken, markOwn } = live;
  const [selected, setSelected] = useState<Uint32Array>(new Uint32Array());
  const [types, setTypes] = useState<ReadonlyMap<number, string>>(new Map());
  const [sectionIndex, setSectionIndex] = useState(-1);
  const [standing, setStanding] = useState({ count: 1, type: '' });
  const [notice, setNotice] = useState<Notice>(null);
  const [reserveOnMap, reserving] = useReserveOnMapMutation();
  const [reseatTicket, reseating] = useReseatTicketMutation();
  const navigate = useNavigate();
  // ?reseat={item}: the map chooses a new seat for that ticket instead of reserving (issue 38).
  const [search] = useSearchParams();
  const moving = reservation.data?.items.find((i) => i.id === Number(search.get('reseat')) && !i.general_admission);
  const [fetchSection] = venueMapApi.useLazyGetEventSectionQuery();
  const map = sections.data;
  const engineRef = useRef<SeatMapEngine | null>(null);

  // Seats in a counter's running lease (issue 35) are drawn leased and cannot be picked; the list is read again when
  // the pushed seat states say something changed (a lease taken, widened, shrunk, handed back or ended).
  const leases = useGetSeatLeasesQuery(event.id);
  const refetchLeases = leases.refetch;
  useEffect(() => {
    if (live.changed.n > 0) void refetchLeases();
  }, [live.changed.n, refetchLeases]);
  const overlay = useMemo(() => leaseOverlay(leases.data?.collection ?? []), [leases.data]);
  const standingLeased = useMemo(() => standingLeasedToOthers(leases.data?.collection ?? []), [leases.data]);
  const seats = useMemo(() => (map && venue.model ? buildPickableSeats(map, venue.model, taken, overlay) : null), [map, venue.model, taken, overlay]);
  // A seat the season family holds says so (a season ticket holds it, or an included event has it).
  const seasonHeld = useCallback((seat: number) => !!map && !!seats?.taken[seat] && takenBySeason(map, seat, live.season), [map, seats, live.season]);
  const tooltip = useCallback((target: TooltipTarget) => {
    const text = defaultTooltipText(target, { section: (s) => map?.sections[s]?.name ?? '', seat: (s) => seatLocation(venue.model!, s) });
    const line = target.kind !== 'seat' ? undefined : overlay.others.get(target.seat) ?? (map && seasonHeld(target.seat) ? seasonTakenReason(map) : undefined);
    return line ? <>{text}<div className="seat-leased-line">{line}</div></> : text;
  }, [map, venue.model, overlay, seasonHeld]);
  const bands = useMemo(() => (fees.data?.collection ?? []).map(serviceFeeBandToOre), [fees.data]);
  const selectedSeats: SelectedSeat[] = useMemo(
    () => (venue.model && seats ? [...selected].map((seat) => ({ seat, at: seatLocation(venue.model!, seat), priceSet: seats.priceSet[seat] })) : []),
    [selected, venue.model, seats],
  );

  // Another operator took a seat this one has selected: say so (the spec's message) and let it go.
  useEffect(() => {
    if (!venue.model) return;
    const lost = [...selected].filter((seat) => taken.get(seat) === true);
    if (lost.length === 0) return;
    setSelected(new Uint32Array([...selected].filter((seat) => !lost.includes(seat))));
    setNotice({ title: RESERVATION_MESSAGES.seatTaken, body: lost.map((seat) => describe(seatLocation(venue.model!, seat))).join('; ') });
    // Only a pushed change can take a selected seat (taken seats cannot be selected).
  }, [taken, venue.model]);

  const onSeatClick = useCallback(({ seat, selectable }: SeatMapEvents['seatClick']) => {
    if (selectable || !venue.model || !seats) return;
    const at = seatLocation(venue.model, seat);
    const why = whyNotPickable(seat, seats);
    const reason = why === 'taken' ? (map && seasonHeld(seat) ? seasonTakenReason(map) : 'It is reserved or bought.') : why === 'leased' ? `${overlay.others.get(seat) ?? 'Leased to a counter'}.` : why === 'hidden' ? 'It is hidden.' : why === 'unpriced' ? 'It has no price.' : 'It is a standing place.';
    const key = `${at.section}|${at.row}|${at.seat}`;
    if (why === 'leased') return setNotice({ title: RESERVATION_MESSAGES.cannotReserve, body: `Row ${at.row}, seat ${at.seat}. ${reason}`, key });
    setNotice({ title: RESERVATION_MESSAGES.cannotReserve, body: `Row ${at.row}, seat ${at.seat}. ${reason}`, who: 'Checking who could reserve it…', key });
    // Who could reserve it comes from the section's seats (can_reserve_admin, can_reserve_user; 001 §2).
    void fetchSection({ eventId: event.id, section: at.section }).then((res) => {
      const s = res.data?.rows.find((r) => r.name === at.row)?.seats.find((x) => x.name === at.seat);
      const who = s ? `An admin: ${can(s.can_reserve_admin)} reserve it. A user: ${can(s.can_reserve_user)} reserve it.` : "An admin: can't reserve it. A user: can't reserve it.";
      setNotice((n) => (n?.key === key ? { ...n, who } : n));
    });
  }, [venue.model, seats, fetchSection, event.id, overlay, map, seasonHeld]);

  const markTaken = (labels: SeatLabel[]) => {
    if (!venue.model) return;
    const wanted = new Set(labels.map((l) => `${l.section}|${l.row}|${l.seat}`));
    const hit = [...selected].filter((s) => {
      const at = seatLocation(venue.model!, s);
      return wanted.has(`${at.section}|${at.row}|${at.seat}`);
    });
    markOwn(hit, true);
    setSelected(new Uint32Array([...selected].filter((s) => !hit.includes(s))));
  };

  const reserve = async (tickets: { section: string; row?: string; seat?: string; count?: number; ticket_type?: string }[]) => {
    const res = await reserveOnMap({ id: reservId, eventId: event.id, body: { tickets: tickets.map((t) => ({ ...t, event: event.id })) } });
    if ('error' in res) {
      const code = errorCode(res.error);
      const data = (res.error as { data?: { error?: { seats?: SeatLabel[] } } }).data;
      if (code === 'seat_taken') {
        markTaken(data?.error?.seats ?? []);
        setNotice({ title: RESERVATION_MESSAGES.seatTaken, body: (data?.error?.seats ?? []).map(describe).join('; ') });
      } else notifyDanger(errorMessage(res.error, 'Error reserve seats'));
      return;
    }
    notifySuccess(`${tickets.reduce((n, t) => n + (t.count ?? 1), 0)} ticket(s) reserved.`);
    markOwn([...selected], true);
    setSelected(new Uint32Array());
    setTypes(new Map());
  };

  const moveTicket = async () => {
    const to = selectedSeats[0];
    if (!moving || !to) return;
    const res = await reseatTicket({ id: reservId, eventId: event.id, itemId: moving.id, body: { section: to.at.section, row: to.at.row, seat: to.at.seat } });
    if ('error' in res) return notifyDanger(errorMessage(res.error, 'The ticket could not be moved.'));
    notifySuccess(`Ticket moved to ${describe(to.at)}.`);
    navigate(`/events/${event.id}/reservation/${reservId}/edit`);
  };

  if (sections.error) return <RetryPanel onRetry={sections.refetch} />;
  if (reservation.error) return <NonIdealState icon="search" title="Reservation unknown" action={<BackLink to={`/events/${event.id}/reservations`} label="Reserved Seats" />} />;
  if (!map || !reservation.data) return <LoadingSpinner label="Loading the venue map" />;
  // A paid reservation takes no seats (the server refuses them); the map still moves its tickets (?reseat).
  if (!moving && !canAddSeats(reservation.data)) {
    return <NonIdealState icon="lock" title="No seats can be added" description={PAID_NO_ADD_SEATS} action={<BackLink to={`/events/${event.id}/reservation/${reservId}/edit`} label={reservation.data.title} />} />;
  }
  if (venue.error) return <RetryPanel onRetry={() => setAttempt((a) => a + 1)} detail={mapLoadFailedText(venue.error)} />;
  if (map.ticket_types.length === 0) {
    // 001 §8: the message comes with a way to the ticket types page.
    return <NonIdealState icon="tag" title="You need to add ticket types first" action={<Button intent="primary" text="Add ticket types" onClick={() => navigate(`/events/${event.id}/ticket-types`)} />} />;
  }

  const section = sectionIndex >= 0 ? map.sections[sectionIndex] : null;
  // The server reserves a standing area's first free places by the same rule (001 §4).
  // Places a counter has leased (issue 35) are not free for this reservation either: the server refuses them.
  const free = section?.general_admission
    ? Math.max(0, countFreeGaPlaces(standingAreaPlaces(section.seats_count, placesTaken.get(section.id) ?? section.stats.seats.taken)) - (standingLeased.get(section.name) ?? 0))
    : 0;
  const standingPrices = section?.price_set != null && !section.hidden ? seatPrices(map, section.price_set) : [];
  const standingType = standing.type || standingPrices[0]?.name || '';

  return (
    <div className="reservation-map-page">
      <header className="reservation-map-header">
        <BackLink to={`/events/${event.id}/reservation/${reservId}/edit`} label={reservation.data.title} />
        <h2 className="page-title">{moving ? 'Move a ticket' : 'Reserve tickets'}: {reservation.data.title}</h2>
        <p>{reservation.data.items.length} ticket(s) in this reservation</p>
      </header>
      <div className="reservation-map-body">
        {venue.model && seats ? (
          <SeatMap
            className="reservation-map-canvas"
            legendBelow
            model={venue.model}
            index={venue.index}
            seatColors={seats.seatColors}
            sectionColors={seats.sectionColors}
            flash={live.changed}
            selectable={seats.selectable}
            selected={selected}
            onSelectionChange={(next) => setSelected(moving ? next.slice(-1) : next)}
            onSeatClick={onSeatClick}
            renderTooltip={tooltip}
            legendMore={LEASE_LEGEND.others}
            onSectionClick={({ section: s }) => {
              setSectionIndex(s);
              if (!map.sections[s].general_admission) engineRef.current?.zoomToSection(s);
            }}
            onReady={(engine) => {
              engineRef.current = engine;
            }}
            selectedSection={sectionIndex}
            {...pickLegend('Can be reserved')}
            ariaLabel={`Reservation seat map of ${map.event.name}`}
          />
        ) : (
          <LoadingSpinner label="Reading the venue map" />
        )}
        <aside className="reservation-map-side">
          {moving ? (
            <ReseatPanel
              map={map} ticket={moving} to={selectedSeats[0]} busy={reseating.isLoading}
              onCancel={() => navigate(`/events/${event.id}/reservation/${reservId}/edit`)}
              onMove={() => void moveTicket()}
            />
          ) : section?.general_admission ? (
            <StandingPanel
              name={section.name} free={free} prices={standingPrices} count={Math.min(standing.count, Math.max(free, 1))} type={standingType} busy={reserving.isLoading}
              onCount={(count) => setStanding((s) => ({ ...s, count }))} onType={(type) => setStanding((s) => ({ ...s, type }))}
              onReserve={() => reserve([{ section: section.name, count: Math.min(standing.count, free), ticket_type: standingType }])}
            />
          ) : null}
          {moving ? null : <ReservePanel
            map={map} seats={selectedSeats} types={types} bands={bands} busy={reserving.isLoading}
            extraFeeOre={extraFeeFromDescription(reservation.data.description)}
            onType={(seat, type) => setTypes((prev) => new Map(prev).set(seat, type))}
            onAllTypes={(type) => setTypes((prev) => {
              const next = new Map(prev);
              for (const s of selectedSeats) if (seatPrices(map, s.priceSet).some((p) => p.name === type)) next.set(s.seat, type);
              return next;
            })}
            onReserve={() => reserve(selectedSeats.map((s) => ({ section: s.at.section, row: s.at.row, seat: s.at.seat, ticket_type: types.get(s.seat) })))}
            onClear={() => setSelected(new Uint32Array())}
          />}
        </aside>
      </div>
      <Dialog isOpen={notice !== null} onClose={() => setNotice(null)} title={notice?.title}>
        <DialogBody>
          <p>{notice?.body}</p>
          {notice?.who ? <p className="reservation-notice-who">{notice.who}</p> : null}
        </DialogBody>
        <DialogFooter actions={<Button intent="primary" text="OK" onClick={() => setNotice(null)} />} />
      </Dialog>
    </div>
  );
}
