/**
 * The React shell on a generated venue (`react.html?seats=N`): SeatMap with a tooltip, the legend, the
 * rectangle tool and a selection read-out, the way a feature screen would use it. For browser tests of
 * the shell (window.__seatMap is exposed) and for looking at it.
 */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { SeatMap } from '../../../src/seatmap/SeatMap';
import { seatLocation, sectionLabel } from '../../../src/seatmap/seatDescription';
import type { SelectionMode } from '../../../src/seatmap/selectionGesture';
import type { TooltipTarget } from '../../../src/seatmap/SeatMapTooltip';
import { demoColors, type DemoColors } from './demoColors';
import { loadVenue, type LoadedVenue } from './loadVenue';

function App({ seats }: { seats: number }) {
  const [venue, setVenue] = useState<LoadedVenue | null>(null);
  const [colors, setColors] = useState<DemoColors | null>(null);
  const [selected, setSelected] = useState<Uint32Array>(new Uint32Array(0));
  const [mode, setMode] = useState<SelectionMode>('pan');
  const [clicked, setClicked] = useState('');

  useEffect(() => {
    let live = true;
    void loadVenue(seats).then((v) => {
      if (!live) return;
      setVenue(v);
      setColors(demoColors(v.model));
    });
    return () => {
      live = false;
    };
  }, [seats]);

  const model = venue?.model ?? null;
  const tooltip = (t: TooltipTarget) => {
    if (!model) return null;
    if (t.kind === 'section') return <><strong>{sectionLabel(model, t.section)}</strong><div>{model.sectionSeatCount[t.section]} seats</div></>;
    const loc = seatLocation(model, t.seat);
    const free = colors?.selectable[t.seat] === 1;
    return <><strong>{loc.section}</strong><div>Row {loc.row}, seat {loc.seat}</div><div>{free ? 'Available' : 'Not available'}</div></>;
  };

  return (
    <div className="page">
      <SeatMap
        model={model}
        index={venue?.index ?? null}
        seatColors={colors?.seatColors}
        sectionColors={colors?.sectionColors}
        selectable={colors?.selectable}
        selectionMode={mode}
        onSelectionModeChange={setMode}
        selected={selected}
        onSelectionChange={setSelected}
        onSectionClick={({ section: s }) => setClicked(`Section ${model ? sectionLabel(model, s) : s}`)}
        onSeatClick={({ seat, selectable }) => !selectable && setClicked(`Seat ${seat} cannot be reserved`)}
        renderTooltip={tooltip}
        describeSeatState={(seat) => (colors?.selectable[seat] === 1 ? 'available' : 'not available')}
        ariaLabel="Venue seat map"
      />
      <div className="bar" data-testid="selection-readout">
        {selected.length} selected {clicked && `· ${clicked}`}
      </div>
    </div>
  );
}

const seats = Number(new URLSearchParams(location.search).get('seats') ?? 20000);
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App seats={Number.isFinite(seats) && seats > 0 ? Math.floor(seats) : 20000} />
  </StrictMode>,
);
