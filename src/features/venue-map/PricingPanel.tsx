import { Button, ButtonGroup, Callout, Card, H4 } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/errorMessage';
import { useHideSeatsMutation, useSavePricesMutation } from '../../api/pricingApi';
import type { HideSeatsBody, PricesBody } from '../../contracts/pricing';
import type { EventSectionsResponse } from '../../contracts/venueMap';
import { canSavePrices, pricesPayload, type PriceInputRow } from '../../domain/pricing';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import type { VenueModel } from '../../../workers/venue-map/venueModel';
import { GaPricingForm } from './GaPricingForm';
import { PriceInputs } from './PriceInputs';
import { currentPricesText, restorePricesBodies, sectionSeats, seatRefs } from './pricingTargets';
import type { SeatStates } from './seatStates';

interface Props {
  map: EventSectionsResponse;
  model: VenueModel;
  states: SeatStates;
  selected: Uint32Array;
  sectionIndex: number;
}

const emptyRows = (map: EventSectionsResponse): PriceInputRow[] => map.ticket_types.map((t) => ({ name: t.name, checked: false, price: '' }));

/**
 * Prices, releases, hides the selected seats, or the selected section when no seat is selected; undoes the last save.
 * Mount it with a key of the event's ticket-type names so the inputs start afresh when the types change.
 */
export function PricingPanel({ map, model, states, selected, sectionIndex }: Props) {
  const navigate = useNavigate();
  const [savePrices, saving] = useSavePricesMutation();
  const [hideSeats, hiding] = useHideSeatsMutation();
  const [rows, setRows] = useState<PriceInputRow[]>(() => emptyRows(map));
  const [undo, setUndo] = useState<PricesBody[] | null>(null);

  if (map.ticket_types.length === 0) {
    return (
      <Card>
        <Callout intent="warning" title="You need to add ticket types first">
          <Button intent="primary" text="Add ticket types" onClick={() => navigate(`/events/${map.event.id}/ticket-types`)} />
        </Callout>
      </Card>
    );
  }

  const section = selected.length === 0 && sectionIndex >= 0 ? map.sections[sectionIndex] : null;
  const eventId = map.event.id;
  const busy = saving.isLoading || hiding.isLoading;

  const run = async (body: PricesBody, restore: PricesBody[] | null) => {
    const res = await savePrices({ eventId, body });
    if ('error' in res) return notifyDanger(errorMessage(res.error));
    notifySuccess(`${res.data.message}: ${res.data.changed.toLocaleString('sv-SE')} ${res.data.changed === 1 ? 'place' : 'places'}`);
    setUndo(restore);
  };
  const hide = async (body: HideSeatsBody) => {
    const res = await hideSeats({ eventId, body });
    if ('error' in res) return notifyDanger(errorMessage(res.error));
    notifySuccess(`${res.data.message}: ${res.data.changed.toLocaleString('sv-SE')}`);
  };
  const undoLast = async () => {
    if (!undo) return;
    for (const body of undo) {
      const res = await savePrices({ eventId, body });
      if ('error' in res) return notifyDanger(errorMessage(res.error));
    }
    notifySuccess('The last pricing change was undone');
    setUndo(null);
  };

  const priceSelection = (prices: Record<string, number>) => {
    const refs = seatRefs(model, selected);
    void run({ seats: refs.map((r) => ({ ...r, prices })) }, restorePricesBodies(map, model, states, selected));
  };
  const priceWholeSection = (prices: Record<string, number>) => {
    const before = section!.price_set === null ? {} : map.price_sets[section!.price_set].prices;
    void run({ section: section!.name, prices }, [{ section: section!.name, prices: before }, ...restorePricesBodies(map, model, states, sectionSeats(model, sectionIndex))]);
  };

  return (
    <Card className="pricing-panel">
      <H4>Pricing</H4>
      {section?.general_admission ? (
        <GaPricingForm
          key={`${section.id}-${section.seats_count}-${section.price_set}`}
          section={section}
          ticketTypes={map.ticket_types}
          current={section.price_set === null ? {} : map.price_sets[section.price_set].prices}
          saving={busy}
          onSave={(body) => void run(body, null)}
        />
      ) : selected.length === 0 && !section ? (
        <p className="venue-map-hint">Select seats, or click a section to price it whole.</p>
      ) : (
        <>
          <p>{section ? `Whole section: ${section.name} (${section.places.toLocaleString('sv-SE')} seats)` : `${selected.length.toLocaleString('sv-SE')} selected seat${selected.length === 1 ? '' : 's'}`}</p>
          <p className="venue-map-hint">{currentPricesText(map, states, section ? sectionSeats(model, sectionIndex) : selected)}</p>
          <PriceInputs rows={rows} onChange={setRows} idPrefix="seat-price" />
          <div className="venue-map-panel-actions">
            <Button intent="primary" text="Save prices" loading={saving.isLoading} disabled={busy || !canSavePrices(rows)}
              onClick={() => (section ? priceWholeSection(pricesPayload(rows)) : priceSelection(pricesPayload(rows)))} />
            <Button text="Release" disabled={busy} onClick={() => (section ? priceWholeSection({}) : priceSelection({}))} />
          </div>
          <ButtonGroup className="venue-map-panel-actions">
            <Button icon="eye-off" text={section ? 'Hide all' : 'Hide'} disabled={busy}
              onClick={() => void hide(section ? { action: 'hide', section: section.name } : { action: 'hide', seats: seatRefs(model, selected) })} />
            <Button icon="eye-open" text="Unhide" disabled={busy}
              onClick={() => void hide(section ? { action: 'unhide', section: section.name } : { action: 'unhide', seats: seatRefs(model, selected) })} />
          </ButtonGroup>
        </>
      )}
      {undo ? <Button className="pricing-undo" icon="undo" text="Undo last pricing change" disabled={busy} onClick={() => void undoLast()} /> : null}
    </Card>
  );
}
