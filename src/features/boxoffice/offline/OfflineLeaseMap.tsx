import { Callout } from '@blueprintjs/core';
import { useCallback, useMemo } from 'react';
import { PLATFORM_ADMIN, PLATFORM_HEADER } from '../../../contracts/common';
import { useAppSelector } from '../../../app/hooks';
import { buildLeaseOnlySeats } from '../../../seatmap/pickableSeats';
import { SeatMap } from '../../../seatmap/SeatMap';
import { LEASE_LEGEND } from '../../../seatmap/SeatMapLegend';
import { seatLocation, sectionLabel } from '../../../seatmap/seatDescription';
import { defaultTooltipText, type TooltipTarget } from '../../../seatmap/SeatMapTooltip';
import { useEventVenue } from '../../../seatmap/useEventVenue';
import { LoadingSpinner } from '../../../ui/LoadingSpinner';
import type { KitSeat } from './counterStore';

interface OfflineLeaseMapProps {
  event: { id: number; name: string };
  /** Every seat of the lease the kit holds (sold offline since or not). */
  leaseSeats: readonly KitSeat[];
  /** The lease's seats still for sale. */
  unsold: readonly KitSeat[];
  /** The selection, as seat indexes of the map. */
  selected: readonly number[];
  onSelect(seats: KitSeat[]): void;
}

/**
 * The counter's map with no server (issue 35; docs/boxoffice.md "Selling offline"): the venue model the venue-map
 * worker stored when the map was last opened (workers/venue-map/venueModelCache.ts), coloured from the lease and the
 * local sale log alone: the lease's unsold seats "yours" and the only ones a click, a rectangle or the map's keys
 * select; its seats sold offline taken; the rest of the venue dimmed. Without a stored model the seat list beside it
 * still sells.
 */
export function OfflineLeaseMap({ event, leaseSeats, unsold, selected, onSelect }: OfflineLeaseMapProps) {
  // The token as it is: a refresh needs the server, and the worker's download fails over to the stored model anyway.
  const token = useAppSelector((s) => s.session.token);
  const headers = useCallback(async (): Promise<Record<string, string>> => ({ [PLATFORM_HEADER]: PLATFORM_ADMIN, ...(token ? { authorization: `Bearer ${token}` } : {}) }), [token]);
  const venue = useEventVenue(event.id, headers);
  const model = venue.model;
  const byIndex = useMemo(() => new Map(leaseSeats.map((s) => [s.seat_index, s])), [leaseSeats]);
  const seats = useMemo(() => {
    if (!model) return null;
    const own = new Set(unsold.map((s) => s.seat_index));
    return buildLeaseOnlySeats(model, { others: new Map(), own }, new Set(leaseSeats.filter((s) => !own.has(s.seat_index)).map((s) => s.seat_index)));
  }, [model, leaseSeats, unsold]);
  const selection = useMemo(() => new Uint32Array([...selected].sort((a, b) => a - b)), [selected]);
  const onSelectionChange = useCallback((next: Uint32Array) => {
    const forSale = new Set(unsold.map((s) => s.seat_index));
    onSelect([...next].filter((i) => forSale.has(i)).map((i) => byIndex.get(i)!));
  }, [unsold, byIndex, onSelect]);
  const tooltip = (target: TooltipTarget) => {
    if (!model) return null;
    const text = defaultTooltipText(target, { section: (s) => sectionLabel(model, s), seat: (s) => seatLocation(model, s) });
    if (target.kind !== 'seat') return text;
    const mine = byIndex.get(target.seat);
    const line = !mine ? 'Not for sale offline: outside your lease' : unsold.some((s) => s.seat_index === target.seat) ? 'Yours: leased to this counter' : 'Sold offline';
    return <>{text}<div className="seat-leased-line">{line}</div></>;
  };

  if (venue.error) {
    return (
      <Callout intent="primary" icon="map" title="The map is not stored on this computer">
        It is kept once the counter has shown it online. Sell from the seat list below.
      </Callout>
    );
  }
  if (!model || !seats) return <LoadingSpinner label="Reading the stored venue map" />;
  const first = unsold[0] ?? leaseSeats[0];
  return (
    <SeatMap
      className="sale-map"
      legendBelow
      model={model}
      index={venue.index}
      seatColors={seats.seatColors}
      sectionColors={seats.sectionColors}
      selectable={seats.selectable}
      selected={selection}
      onSelectionChange={onSelectionChange}
      renderTooltip={tooltip}
      legendEntries={LEASE_LEGEND.offline}
      onReady={(engine) => {
        // Open on the lease: it is all this counter can sell.
        if (first && first.seat_index < model.seatCount) engine.zoomToSection(model.rowSection[model.seatRow[first.seat_index]]);
      }}
      ariaLabel={`Seat map of ${event.name}, offline: only your lease is for sale`}
    />
  );
}

