import { Button, ButtonGroup, Callout, Card, H4 } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
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
import { hideNotice, pricesNotice } from './pricingNotices';
import { GroupedPricing } from './GroupedPricing';
import { currentPricesText, restorePricesBodies, rowsForPriceSet, sectionSeats, seatRefs, sharedPriceSet, standingPricesBodies } from './pricingTargets';
import type { SeatStates } from './seatStates';
import { formatCount } from '../../domain/money';

interface Props {
  map: EventSectionsResponse;
  model: VenueModel;
  states: SeatStates;
  selected: Uint32Array;
  sectionIndex: number;
  /** Standing areas selected with the seats ("Select all unpriced"), by section index. */
  standing?: number[];
}

/**
 * Prices, releases, hides the selected seats, or the selected section when no seat is selected; undoes the last save.
 * Mount it with a key of the event's ticket-type names so the inputs start afresh when the types change.
 */
export function PricingPanel({ map, model, states, selected, sectionIndex, standing = [] }: Props) {
  const navigate = useNavigate();
  const [savePrices, saving] = useSavePricesMutation();
  const [hideSeats, hiding] = useHideSeatsMutation();
  const [undo, setUndo] = useState<PricesBody[] | null>(null);
  const [grouped, setGrouped] = useState(false);
  // The inputs show the selection's current prices when it has one price list (issue 23), and start afresh whenever
  // the selection (or its prices) changes; what the user types stays until then.
  const wholeSection = selected.length === 0 && standing.length === 0 && sectionIndex >= 0 && !map.sections[sectionIndex].general_admission;
  const targetSeats = useMemo(() => (wholeSection ? sectionSeats(model, sectionIndex) : selected), [wholeSection, model, sectionIndex, selected]);
  const shared = useMemo(() => sharedPriceSet(states, targetSeats), [states, targetSeats]);
  const rowsKey = `${shared}|${targetSeats.length}|${targetSeats[0] ?? -1}|${map.price_sets.length}`;
  const [inputs, setInputs] = useState<{ key: string; rows: PriceInputRow[] }>(() => ({ key: rowsKey, rows: rowsForPriceSet(map, shared) }));
  const rows = inputs.key === rowsKey ? inputs.rows : rowsForPriceSet(map, shared);
  const setRows = (next: PriceInputRow[]) => setInputs({ key: rowsKey, rows: next });

  if (map.ticket_types.length === 0) {
    return (
      <Card>
        <Callout intent="warning" title="You need to add ticket types first">
          <Button intent="primary" text="Add ticket types" onClick={() => navigate(`/events/${map.event.id}/ticket-types`)} />
        </Callout>
      </Card>
    );
  }

  const section = selected.length === 0 && standing.length === 0 && sectionIndex >= 0 ? map.sections[sectionIndex] : null;
  const eventId = map.event.id;
  const busy = saving.isLoading || hiding.isLoading;

  /** Saves one body; answers whether it was saved (a failed save keeps the inputs as typed). */
  const run = async (body: PricesBody, restore: PricesBody[] | null): Promise<boolean> => {
    const res = await savePrices({ eventId, body });
    if ('error' in res) {
      notifyDanger(errorMessage(res.error));
      return false;
    }
    notifySuccess(pricesNotice(res.data));
    setUndo(restore);
    return true;
  };
  const hide = async (body: HideSeatsBody) => {
    const res = await hideSeats({ eventId, body });
    if ('error' in res) return notifyDanger(errorMessage(res.error));
    notifySuccess(hideNotice(res.data));
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

  const standingPlaces = standing.reduce((n, i) => n + map.sections[i].places, 0);
  const standingPlan = standing.length ? standingPricesBodies(map, standing, rows) : null;
  const priceSelection = async (prices: Record<string, number>) => {
    if (selected.length > 0) {
      const refs = seatRefs(model, selected);
      const res = await savePrices({ eventId, body: { seats: refs.map((r) => ({ ...r, prices })) } });
      if ('error' in res) return notifyDanger(errorMessage(res.error));
      notifySuccess(`${res.data.message}: ${formatCount(res.data.changed)} ${res.data.changed === 1 ? 'place' : 'places'}`);
      setUndo(standing.length ? null : restorePricesBodies(map, model, states, selected));
    }
    // The standing areas selected with the seats: priced with the same types (a zero leaves a type out, 000 §5), or
    // released with the seats.
    for (const i of standing) {
      const body = Object.keys(prices).length === 0 ? { section: map.sections[i].name, seats_count: 0, prices: {} } : standingPlan?.bodies.find((b) => b.section === map.sections[i].name);
      if (!body) continue;
      const res = await savePrices({ eventId, body });
      if ('error' in res) return notifyDanger(`${map.sections[i].name}: ${errorMessage(res.error)}`);
      notifySuccess(`${res.data.message}: ${map.sections[i].name}, ${formatCount(body.seats_count)} places`);
    }
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
      ) : selected.length === 0 && !section && standing.length === 0 ? (
        <p className="venue-map-hint">Select seats, or click a section to price it whole.</p>
      ) : grouped && !section && selected.length > 0 ? (
        <GroupedPricing map={map} model={model} selected={selected} busy={busy}
          onSave={(body) => {
            // Closed once saved: a failed save leaves the groups' prices as typed.
            void run(body, restorePricesBodies(map, model, states, selected)).then((saved) => saved && setGrouped(false));
          }} onClose={() => setGrouped(false)} />
      ) : (
        <>
          <p>
            {section ? `Whole section: ${section.name} (${formatCount(section.places)} seats)` : `${formatCount(selected.length)} selected seat${selected.length === 1 ? '' : 's'}`}
            {standing.length ? ` and ${standing.length} standing area${standing.length === 1 ? '' : 's'} (${formatCount(standingPlaces)} places)` : ''}
          </p>
          {targetSeats.length ? <p className="venue-map-hint">{currentPricesText(map, states, targetSeats)}</p> : null}
          <PriceInputs rows={rows} onChange={setRows} idPrefix="seat-price" />
          {standingPlan?.error && canSavePrices(rows) ? <Callout intent="warning" compact icon={null}>{standingPlan.error}</Callout> : null}
          <div className="venue-map-panel-actions">
            <Button intent="primary" text="Save prices" loading={saving.isLoading} disabled={busy || !canSavePrices(rows) || !!standingPlan?.error}
              onClick={() => (section ? priceWholeSection(pricesPayload(rows)) : void priceSelection(pricesPayload(rows)))} />
            <Button text="Release" disabled={busy} onClick={() => (section ? priceWholeSection({}) : void priceSelection({}))} />
            {!section && selected.length > 0 ? <Button icon="th-list" text="Price by group" disabled={busy} onClick={() => setGrouped(true)} /> : null}
          </div>
          <ButtonGroup className="venue-map-panel-actions">
            <Button icon="eye-off" text={section ? 'Hide all' : 'Hide'} disabled={busy || (!section && selected.length === 0)}
              onClick={() => void hide(section ? { action: 'hide', section: section.name } : { action: 'hide', seats: seatRefs(model, selected) })} />
            <Button icon="eye-open" text="Unhide" disabled={busy || (!section && selected.length === 0)}
              onClick={() => void hide(section ? { action: 'unhide', section: section.name } : { action: 'unhide', seats: seatRefs(model, selected) })} />
          </ButtonGroup>
        </>
      )}
      {undo ? <Button className="pricing-undo" icon="undo" text="Undo last pricing change" disabled={busy} onClick={() => void undoLast()} /> : null}
    </Card>
  );
}
