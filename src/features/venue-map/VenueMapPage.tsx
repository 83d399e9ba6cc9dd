import { Button, ButtonGroup, Callout, NonIdealState } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { errorStatus } from '../../api/errorMessage';
import { useGetEventSectionsQuery } from '../../api/venueMapApi';
import { useLiveSeatStates } from '../../api/useLiveSeatStates';
import { useGetSeatLeasesQuery } from '../../api/seatLeasesApi';
import { leaseOverlay } from '../../seatmap/leaseOverlay';
import { seasonTakenReason } from '../../seatmap/pickableSeats';
import { prepareRendererAhead } from '../../seatmap/rendererAhead';
import { SeatMap } from '../../seatmap/SeatMap';
import type { SeatMapEngine } from '../../seatmap/SeatMapEngine';
import { describeSelection, seatLocation } from '../../seatmap/seatDescription';
import { LEASE_LEGEND, SECTION_PRICING_LEGEND } from '../../seatmap/SeatMapLegend';
import { mapLoadFailedText } from '../../seatmap/useEventVenue';
import type { SeatMapEvents } from '../../seatmap/types';
import { BackLink } from '../../ui/BackLink';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';
import { buildSeatStates, checkSameMap, MAP_CHANGED, pricingLegendMore, SEAT_SEASON, withLeases } from './seatStates';
import { MapSidePanel } from './MapSidePanel';
import { MapTooltipContent, seatStateWords } from './MapTooltipContent';
import { venueHeadline } from './placeFigures';
import { PricingPanel } from './PricingPanel';
import { PriceSummaryCard } from './PriceSummaryCard';
import { unpricedSeats } from './pricingTargets';
import { SALES_LEGEND, SALES_SECTION_LEGEND, salesColors } from './salesView';
import { SellThroughCard } from './SellThroughCard';
import { useAfterFrame } from './useAfterFrame';
import { useVenueModel } from './useVenueModel';
import { noteMapPageShown } from './mapPageShown';
import './VenueMapPage.css';
import { formatCount } from '../../domain/money';

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * /events/{id}/venue-map/{section?}/{mode?}: the event's map. The URL follows the selected section; mode "details"
 * zooms to the section's seats; an event with one section opens it at once. `?view=sales` colours it by sales
 * (sell-through, opened from the Financial report) instead of prices, and sets pricing aside.
 *
 * A click on a section selects it (marked on the map) and lets go of the seats selected elsewhere, so the pricing
 * panel prices what it names; with Shift, Ctrl or Cmd held the seats stay. In the seat view a click between seats
 * moves to that section without moving the map. Leaving the seat view (Back, "Whole venue") fits the venue again.
 */
export function VenueMapPage() {
  const { id = '', section: sectionParam, mode } = useParams();
  const eventId = Number(id);
  const navigate = useNavigate();
  const validId = Number.isInteger(eventId) && eventId > 0;
  const sections = useGetEventSectionsQuery(eventId, { skip: !validId });
  const map = sections.data;
  const [attempt, setAttempt] = useState(0);
  // The SVG by event id, so its download and parse run while the sections are being fetched (checkSameMap below
  // catches a map that changed in between).
  const venue = useVenueModel(validId ? eventId : undefined, attempt);
  // Prices changed by someone else reload the sections; others' sales, voids and holds that end change the sections'
  // counts, read again at most every 1.5 s (one sections answer, however many changes).
  const live = useLiveSeatStates(validId ? eventId : 0, sections.data, sections.refetch);
  const countsDue = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (!live.changed.n || countsDue.current) return;
    countsDue.current = setTimeout(() => {
      countsDue.current = null;
      void sections.refetch();
    }, 1500);
  }, [live.changed.n, sections]);
  useEffect(() => () => void (countsDue.current && clearTimeout(countsDue.current)), []);
  // Seats in a counter's running lease (issue 35; the season family's included) are drawn leased, with whose and until
  // when in the tooltip; they may still be priced. Read again when the pushed seat states say something changed.
  const leases = useGetSeatLeasesQuery(eventId, { skip: !validId });
  const refetchLeases = leases.refetch;
  useEffect(() => {
    if (live.changed.n > 0 && validId) void refetchLeases();
  }, [live.changed.n, refetchLeases, validId]);
  const overlay = useMemo(() => leaseOverlay(leases.data?.collection ?? []), [leases.data]);
  const engineRef = useRef<SeatMapEngine | null>(null);
  const [engineReady, setEngineReady] = useState(false);
  const [selected, setSelected] = useState<Uint32Array>(new Uint32Array());
  /** Standing areas selected with the seats by "Select all unpriced" (section indexes); any other selection drops them. */
  const [standingSelected, setStandingSelected] = useState<number[]>([]);
  /** Why the last clicked seat could not be selected, until the selection changes. */
  const [seatNotice, setSeatNotice] = useState<string | null>(null);
  /** The section the user clicked on the map while in the seat view: already in sight, the map stays put. */
  const clickedInDetails = useRef(-1);
  const wasDetails = useRef(false);
  const [search, setSearch] = useSearchParams();
  const salesView = search.get('view') === 'sales';

  const mismatch = map && venue.model ? checkSameMap(map, venue.model, venue.url) : null;
  // A model loaded early (the event's pages warmed it, or the browser kept it) of a file the event no longer has
  // (its map was changed or re-imported meanwhile): load both again, once, before saying so.
  const reloadedChanged = useRef(false);
  useEffect(() => {
    if (mismatch !== MAP_CHANGED || reloadedChanged.current) return;
    reloadedChanged.current = true;
    void sections.refetch();
    setAttempt((a) => a + 1);
  }, [mismatch, sections]);
  const states = useMemo(() => (map && venue.model && !mismatch ? buildSeatStates(map, venue.model) : null), [map, venue.model, mismatch]);
  // The page's mount on the probes' timeline (venue-map:*): on a reload, how long its commit waited after its code.
  useEffect(() => {
    performance.mark('venue-map:page-mounted');
    return noteMapPageShown();
  }, []);
  const sales = useMemo(() => (salesView && map && venue.model && states ? salesColors(map, venue.model, states) : null), [salesView, map, venue.model, states]);
  // The map and its tooltip draw the leases; the pricing panel reads the states without them (a lease changes no price).
  const drawn = useMemo(() => (states ? withLeases(states, overlay) : null), [states, overlay]);
  const legendMore = useMemo(() => (map && states ? pricingLegendMore(map, states, LEASE_LEGEND.others) : LEASE_LEGEND.others), [map, states]);
  // The pricing cards (its inputs and the price summary's pass over every seat, cold code on a reload) render after
  // the frame that first shows the map, not in the commit that starts its engine.
  const cardsShown = useAfterFrame(drawn !== null);
  useEffect(() => void (cardsShown && performance.mark('venue-map:side-cards')), [cardsShown]);
  const sectionIndex = map && sectionParam !== undefined ? map.sections.findIndex((s) => s.name === sectionParam) : -1;
  const base = `/events/${eventId}/venue-map`;
  // Moving between sections keeps the view.
  const query = salesView ? '?view=sales' : '';

  // One of the venue and the sections is here, the other still on its way: the renderer's WebGL context and shader
  // compiles run during that wait rather than after it (rendererAhead.ts; docs/venue-map-journal.md "Opening the map page").
  // The map opening at the whole venue (no section asked for, and not a one-section map, which opens its section): the
  // venue's seat count, from the model or the sections' answer (whichever came first), tells the renderer whether that
  // first frame can draw seats at all (prepareSeatMapRenderer's `seats`).
  const wholeVenueSeats = sectionParam === undefined && map?.sections.length !== 1 ? (venue.model?.seatCount ?? map?.seat_count) : undefined;
  useEffect(() => {
    if ((venue.model || map) && !states) prepareRendererAhead(wholeVenueSeats === undefined ? {} : { seats: wholeVenueSeats });
  }, [venue.model, map, states, wholeVenueSeats]);

  // One section means a theatre-type event: open its seats at once.
  useEffect(() => {
    if (map && map.sections.length === 1 && sectionParam === undefined) {
      navigate(`${base}/${encodeURIComponent(map.sections[0].name)}/details${query}`, { replace: true });
    }
  }, [map, sectionParam, base, query, navigate]);

  useEffect(() => {
    if (!engineReady) return;
    const clicked = clickedInDetails.current === sectionIndex;
    clickedInDetails.current = -1;
    if (mode === 'details' && sectionIndex >= 0 && !clicked) engineRef.current?.zoomToSection(sectionIndex);
    else if (mode !== 'details' && wasDetails.current) engineRef.current?.fitToVenue();
    wasDetails.current = mode === 'details';
  }, [engineReady, sectionIndex, mode]);

  const onSectionClick = useCallback(
    ({ section: s, additive }: SeatMapEvents['sectionClick']) => {
      if (!map || s === sectionIndex) return;
      if (!additive) {
        setSelected(new Uint32Array());
        setStandingSelected([]);
      }
      if (mode === 'details') clickedInDetails.current = s;
      navigate(`${base}/${encodeURIComponent(map.sections[s].name)}${mode === 'details' ? '/details' : ''}${query}`);
    },
    [map, sectionIndex, mode, base, query, navigate],
  );

  const onSeatClick = useCallback(
    ({ seat, selectable }: SeatMapEvents['seatClick']) => {
      if (selectable || !venue.model) return setSeatNotice(null);
      const at = seatLocation(venue.model, seat);
      const where = `${at.section}, row ${at.row}, seat ${at.seat}`;
      // A seat the season family holds says why (server/reservations/seasonSeats.ts).
      setSeatNotice(map && states && states.flags[seat] & SEAT_SEASON
        ? `${where} is taken for the season: ${seasonTakenReason(map)} It cannot be selected for pricing.`
        : `${where} is sold or reserved: it cannot be selected for pricing.`);
    },
    [venue.model, map, states],
  );
  const selectionText = useMemo(() => (venue.model && selected.length > 0 ? describeSelection(venue.model, selected) : undefined), [venue.model, selected]);
  // Drawn on a standing area when it is large on screen (with its name and capacity): its state.
  const describeArea = useCallback(
    (s: number) => {
      const section = map?.sections[s];
      if (!section?.general_admission) return undefined;
      const c = section.stats.seats;
      const parts = [`${formatCount(section.seats_count)} for sale`];
      if (c.taken > 0) parts.push(`${formatCount(c.taken)} sold or reserved`);
      if (c.priced === 0 && section.seats_count > 0) parts.push('not priced');
      return parts.join(' · ');
    },
    [map],
  );
  const onSelectionChange = useCallback((next: Uint32Array) => {
    setSelected(next);
    setStandingSelected([]);
    setSeatNotice(null);
  }, []);

  if (!validId || errorStatus(sections.error) === 404) {
    return (
      <NonIdealState
        icon="search"
        title="Event unknown"
        description="There is no event with this number, or it is not yours."
        action={<BackLink to="/events" label="Events" />}
      />
    );
  }
  if (sections.error) return <RetryPanel onRetry={sections.refetch} />;
  // After the sections: an unknown event fails both calls and must read "Event unknown".
  if (!map) return <LoadingSpinner label="Loading the venue map" />;
  if (venue.error) return <RetryPanel onRetry={() => setAttempt((a) => a + 1)} detail={mapLoadFailedText(venue.error)} />;
  if (mode !== undefined && mode !== 'details') {
    return (
      <NonIdealState
        icon="error"
        title="Unknown view"
        description={`The venue map has no view "${mode}".`}
        action={<BackLink to={`${base}/${encodeURIComponent(sectionParam ?? '')}${query}`} label="The section on the map" />}
      />
    );
  }
  if (sectionParam !== undefined && sectionIndex < 0) {
    return (
      <NonIdealState
        icon="error"
        title="Unknown section"
        description={`The map of this event has no section "${sectionParam}".`}
        action={<BackLink to={`${base}${query}`} label="Whole venue" />}
      />
    );
  }
  if (mismatch) {
    const retry = () => {
      void sections.refetch();
      setAttempt((a) => a + 1);
    };
    return <RetryPanel onRetry={retry} detail={mismatch} />;
  }

  return (
    <div className="venue-map-page">
      {/* Keyboard users reach the map without tabbing through the header and the view switch. */}
      <a
        className="venue-map-skip"
        href="#seat-map"
        onClick={(e) => {
          e.preventDefault();
          (document.querySelector('.venue-map-canvas .seatmap__canvas') as HTMLElement | null)?.focus();
        }}
      >
        Skip to the seat map
      </a>
      <header className="venue-map-header">
        <h1 className="page-title">{map.event.name}: venue map</h1>
        <p className="venue-map-subtitle">
          {map.venue.name} · {map.name} · {venueHeadline(map)} · {plural(map.sections.length, 'section', 'sections')}
        </p>
        <ButtonGroup className="venue-map-view" aria-label="Colour the map by">
          <Button text="Prices" active={!salesView} aria-pressed={!salesView} onClick={() => setSearch({}, { replace: true })} />
          <Button text="Sales" active={salesView} aria-pressed={salesView} onClick={() => setSearch({ view: 'sales' }, { replace: true })} />
        </ButtonGroup>
        {map.unpriced_child_events?.length ? (
          <Callout intent="danger" className="venue-map-season-error" title="Events included in seasonal tickets must be priced first">
            Not fully priced yet: {map.unpriced_child_events.map((e) => e.name).join(', ')}.
          </Callout>
        ) : null}
      </header>
      <div className="venue-map-body">
        {/* Mounted once the venue is read, not while the page's first render waits for it: measured on 2 cores with
            software WebGL, preparing the renderer from the page's mount made the 104k stadium 300-400 ms later, the
            worker's download and parse competing with the shader compiles. It is prepared ahead later, above. */}
        {venue.model && states && drawn ? (
          <SeatMap
            className="venue-map-canvas"
            model={venue.model}
            index={venue.index}
            seatColors={sales?.seatColors ?? drawn.seatColors}
            sectionColors={sales?.sectionColors ?? states.sectionColors}
            selectable={states.selectable}
            selected={selected}
            onSelectionChange={onSelectionChange}
            onSectionClick={onSectionClick}
            onSeatClick={onSeatClick}
            selectedSection={sectionIndex}
            priceLabels={states.priceLabels}
            legendEntries={sales ? SALES_LEGEND : undefined}
            legendMore={legendMore}
            sectionLegendEntries={sales ? SALES_SECTION_LEGEND : SECTION_PRICING_LEGEND}
            ariaLabel={`Seat map of ${map.event.name}`}
            describeSeatState={(seat) => seatStateWords(map, drawn, seat)}
            describeArea={describeArea}
            canvasId="seat-map"
            renderTooltip={(target) => <MapTooltipContent target={target} map={map} model={venue.model!} states={drawn} />}
            onReady={(engine) => {
              engineRef.current = engine;
              setEngineReady(true);
            }}
          />
        ) : (
          <LoadingSpinner label="Reading the venue map" />
        )}
        <MapSidePanel
          map={map}
          sectionIndex={sectionIndex}
          detailsOpen={mode === 'details'}
          selectedCount={selected.length}
          selectionText={selectionText}
          seatNotice={seatNotice}
          onOpenDetails={() => sectionIndex >= 0 && navigate(`${base}/${encodeURIComponent(map.sections[sectionIndex].name)}/details${query}`)}
          onWholeVenue={() => {
            engineRef.current?.fitToVenue();
            navigate(`${base}${query}`);
          }}
          onClearSelection={() => onSelectionChange(new Uint32Array())}
        >
          {!cardsShown ? null : venue.model && states && salesView ? (
            <SellThroughCard map={map} sectionIndex={sectionIndex} />
          ) : venue.model && states ? (
            <>
              <PricingPanel
                key={map.ticket_types.map((t) => t.name).join('|')}
                map={map}
                model={venue.model}
                states={states}
                selected={selected}
                sectionIndex={sectionIndex}
                standing={standingSelected}
              />
              <PriceSummaryCard map={map} states={states} onSelectUnpriced={(standing) => {
                setSelected(unpricedSeats(states));
                setStandingSelected(standing);
              }} />
            </>
          ) : null}
        </MapSidePanel>
      </div>
    </div>
  );
}
