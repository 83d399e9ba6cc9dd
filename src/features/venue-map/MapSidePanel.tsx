import { Button, Callout, Card, H4, HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { EventSectionsResponse } from '../../contracts/venueMap';
import { sectionPlaces, seatsAndStanding, standingReleased, venuePlaces } from './placeFigures';
import { formatCount } from '../../domain/money';

interface Props {
  map: EventSectionsResponse;
  sectionIndex: number;
  detailsOpen: boolean;
  selectedCount: number;
  /** What the selection holds, in words ("Section 307, row L, seats 1–24"), under its count. */
  selectionText?: string;
  /** Why the last clicked seat could not be selected. */
  seatNotice?: string | null;
  onOpenDetails: () => void;
  onWholeVenue: () => void;
  onClearSelection: () => void;
  children?: ReactNode;
}

const n = (v: number) => formatCount(v);

/** Beside the map: the venue's or the selected section's figures, and the seat selection. */
export function MapSidePanel({ map, sectionIndex, detailsOpen, selectedCount, selectionText, seatNotice, onOpenDetails, onWholeVenue, onClearSelection, children }: Props) {
  const section = sectionIndex >= 0 ? map.sections[sectionIndex] : null;
  const c = section ? section.stats.seats : map.stats.all.seats;
  // Places in the one vocabulary of docs/places.md, as the tooltip and the header say them.
  const p = section ? sectionPlaces(section) : venuePlaces(map);
  const both = seatsAndStanding(map);
  const released = !section && both.standing > 0 ? standingReleased(map) : null;
  const countLabel = section ? (section.general_admission ? 'Standing places' : 'Seats')
    : both.standing > 0 ? 'Seats and standing places' : 'Seats';
  // Row names never start with another row's name: tests and screen readers find rows by their first words.
  const forSaleLabel = section && !section.general_admission ? 'For sale' : 'Places for sale';
  return (
    // Focusable: the panel scrolls when its cards are taller than the screen, and keyboard users must reach it.
    <aside className="venue-map-panel" aria-label="Map details" tabIndex={0}>
      <Card>
        <H4>{section ? section.name : 'Whole venue'}</H4>
        <HTMLTable compact className="venue-map-stats">
          <tbody>
            <tr><th scope="row">{countLabel}</th><td>{n(p.places)}</td></tr>
            <tr><th scope="row">On offer</th><td>{n(p.offered)}</td></tr>
            {released ? <tr><th scope="row">Standing released</th><td>{n(released.released)} of {n(released.standing)}</td></tr> : null}
            <tr><th scope="row">Priced</th><td>{n(c.priced)}</td></tr>
            <tr><th scope="row">With default price</th><td>{n(c.has_default_price)}</td></tr>
            <tr><th scope="row">Hidden</th><td>{n(c.hidden)}</td></tr>
            <tr><th scope="row">Sold</th><td>{n(p.sold)}</td></tr>
            <tr><th scope="row">Reserved</th><td>{n(p.reserved)}</td></tr>
            <tr><th scope="row">{forSaleLabel}</th><td>{n(p.forSale)}</td></tr>
          </tbody>
        </HTMLTable>
        <div className="venue-map-panel-actions">
          {section && !detailsOpen && !section.general_admission ? <Button icon="zoom-in" text="Show seats" onClick={onOpenDetails} /> : null}
          {section && map.sections.length > 1 ? <Button icon="zoom-to-fit" text="Whole venue" onClick={onWholeVenue} /> : null}
        </div>
      </Card>
      <Card className="venue-map-selection">
        <H4>Selection</H4>
        <div aria-live="polite">
          <p>{selectedCount === 0 ? 'No seats selected' : `${n(selectedCount)} seat${selectedCount === 1 ? '' : 's'} selected`}</p>
          {selectedCount > 0 && selectionText ? <p className="venue-map-selection-words">{selectionText}</p> : null}
          {seatNotice ? <Callout intent="warning" compact icon={null} className="venue-map-seat-notice">{seatNotice}</Callout> : null}
        </div>
        {/* Once seats are selected the hint gives its room to the pricing card below. */}
        {selectedCount === 0 ? (
          <p className="venue-map-hint">Click a seat to select it, Shift+click for its row, Ctrl+click to add or remove, Shift+drag for a rectangle, Esc to clear. Arrow keys move along rows; Space selects.</p>
        ) : null}
        {selectedCount > 0 ? <Button icon="cross" text="Clear selection" onClick={onClearSelection} /> : null}
      </Card>
      {children}
    </aside>
  );
}
