/**
 * The seat map in React: mounts the SeatMapEngine (outside React, see useSeatMapEngine), passes props in
 * as engine commands and engine events out as callbacks, and draws the zoom buttons, the debounced
 * tooltip, the legend and an aria-live region for the engine's announcements.
 */
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { VenueModel } from '../../workers/venue-map/venueModel';
import { seatLocation, sectionLabel } from './seatDescription';
import { SeatMapLegend, type LegendEntry } from './SeatMapLegend';
import { defaultTooltipText, SeatMapTooltip, type TooltipTarget } from './SeatMapTooltip';
import type { SelectionMode } from './selectionGesture';
import type { SeatHover, SeatMapEvents, SeatMapIndex, SectionHover } from './types';
import type { SeatMapEngine } from './SeatMapEngine';
import { useHoverTooltip } from './useHoverTooltip';
import { useSeatMapEngine, type EngineCreateOptions } from './useSeatMapEngine';
import './SeatMap.css';

export interface SeatMapProps {
  model: VenueModel | null;
  index: SeatMapIndex | null;
  /** One colour a seat (0xRRGGBBAA words or R, G, B, A bytes); a new array re-colours in place. */
  seatColors?: Uint32Array | Uint8Array;
  /** One colour a section (pricing state), same forms. */
  sectionColors?: Uint32Array | Uint8Array;
  /** 1 = selectable, 0 = hidden or unselectable. */
  selectable?: Uint8Array | null;
  /** 'pan' (drag pans, shift-drag selects a rectangle) or 'select' (drag selects a rectangle). */
  selectionMode?: SelectionMode;
  /** Offer a button that switches the selection mode. */
  onSelectionModeChange?: (mode: SelectionMode) => void;
  /** The selection, when the caller holds it; user changes still arrive through onSelectionChange. */
  selected?: ArrayLike<number>;
  onSelectionChange?: (selected: Uint32Array) => void;
  onSectionClick?: (click: SeatMapEvents['sectionClick']) => void;
  /** The section the caller has selected (marked with a thick edge); -1 or undefined for none. */
  selectedSection?: number;
  onSeatClick?: (click: SeatMapEvents['seatClick']) => void;
  /** Debounced 300 ms (spec §9); null when the pointer leaves the seat. */
  onSeatHover?: (hover: SeatHover | null) => void;
  /** Debounced 100 ms (spec §9). */
  onSectionHover?: (hover: SectionHover | null) => void;
  /** Tooltip content: section name and stats, or a seat's row, seat, state and prices. */
  renderTooltip?: (target: TooltipTarget) => ReactNode;
  /** The caller's words for a standing area's state, drawn on the area when it is large on screen. */
  describeArea?: (section: number) => string | undefined;
  /** The caller's words for a seat's state, for screen-reader announcements. */
  describeSeatState?: (seat: number) => string | undefined;
  /** Show the legend (default true); `priceLabels` names the price levels in use. */
  legend?: boolean;
  /** The legend as a strip under the map instead of over its bottom-left corner, so it never covers seats. */
  legendBelow?: boolean;
  priceLabels?: readonly (string | null)[];
  /** The legend's entries when the caller colours the map its own way (replaces price levels and states). */
  legendEntries?: readonly LegendEntry[];
  /** The legend while only sections are drawn (level of detail), e.g. what the section colours mean. */
  sectionLegendEntries?: readonly LegendEntry[];
  /** States of the caller's own added after the seat states (a counter's leases: LEASE_LEGEND). */
  legendMore?: readonly LegendEntry[];
  ariaLabel?: string;
  /** An id for the focusable map element (a skip link's target). */
  canvasId?: string;
  className?: string;
  style?: CSSProperties;
  /** Engine tuning (resolution, background, level of detail ...), read when the engine is created. */
  engineOptions?: Partial<EngineCreateOptions>;
  onReady?: (engine: SeatMapEngine) => void;
  /** Seats that others just changed: drawn in a flash colour once, briefly; a new `n` flashes again. */
  flash?: { seats: readonly number[]; n: number };
}

/** How long a changed seat shows the flash colour (long enough to be seen, short enough not to linger). */
const FLASH_MS = 700;
const FLASH_RGBA = 0xffd400ff;

/** The colours with the given seats in the flash colour (words or bytes, as the colours are). */
function flashed(colors: Uint32Array | Uint8Array, seats: readonly number[]): Uint32Array | Uint8Array {
  const copy = colors.slice();
  for (const seat of seats) {
    if (copy instanceof Uint32Array) {
      if (seat < copy.length) copy[seat] = FLASH_RGBA;
    } else if (seat * 4 + 3 < copy.length) copy.set([0xff, 0xd4, 0x00, 0xff], seat * 4);
  }
  return copy;
}

export function SeatMap(props: SeatMapProps) {
  const { model, index, seatColors, sectionColors, selectable, selectionMode = 'pan', selected } = props;
  const canvasRef = useRef<HTMLDivElement>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  const [announcement, setAnnouncement] = useState('');
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [seatsShown, setSeatsShown] = useState(false);
  const legendRef = useRef<HTMLElement>(null);
  const controlsRef = useRef<HTMLDivElement>(null);

  const { engine, error } = useSeatMapEngine(canvasRef, model, index, {
    ...props.engineOptions,
    seatColors,
    sectionColors,
    selectable,
    selected,
    selectionMode,
    ariaLabel: props.ariaLabel ?? 'Seat map',
    // The legend sits over the map's bottom left: the whole venue is fitted above it (a strip below needs no room).
    fitBottomInsetPx: () => (legendRef.current && !propsRef.current.legendBelow ? legendRef.current.offsetHeight + 8 : 0),
    // The zoom buttons sit along the right edge: fits leave them a free strip.
    fitRightInsetPx: () => (controlsRef.current ? controlsRef.current.offsetWidth + 8 : 0),
    describeArea: (section) => propsRef.current.describeArea?.(section),
    describeSeatState: (seat) => propsRef.current.describeSeatState?.(seat),
  });

  useEffect(() => {
    if (!engine) return;
    const offs = [
      engine.on('selectionChange', ({ selected: s }) => propsRef.current.onSelectionChange?.(s)),
      engine.on('sectionClick', (click) => propsRef.current.onSectionClick?.(click)),
      engine.on('seatClick', (click) => propsRef.current.onSeatClick?.(click)),
      engine.on('announce', ({ text }) => setAnnouncement(text)),
      engine.on('camera', ({ seatsVisible }) => setSeatsShown(seatsVisible)),
    ];
    setSeatsShown(engine.seatsVisible);
    propsRef.current.onReady?.(engine);
    return () => offs.forEach((off) => off());
  }, [engine]);

  // Props after the engine exists become commands; the first values went in at creation. The states are handed over
  // before the browser paints (layout effects), so a change reaches the canvas in the frame that paints the rest of the
  // same update, not one frame (and the page's layout and paint) later: the counter's sale → drawn taken (PERFORMANCE.md).
  useLayoutEffect(() => void (engine && seatColors && engine.setSeatColors(seatColors)), [engine, seatColors]);
  useLayoutEffect(() => void (engine && sectionColors && engine.setSectionColors(sectionColors)), [engine, sectionColors]);
  useLayoutEffect(() => void engine?.setSelectable(selectable ?? null), [engine, selectable]);
  useEffect(() => void engine?.setSelectionMode(selectionMode), [engine, selectionMode]);
  useLayoutEffect(() => void (engine && selected && engine.setSelection(selected)), [engine, selected]);
  useEffect(() => void engine?.setSelectedSection(props.selectedSection ?? -1), [engine, props.selectedSection]);
  // Test builds: the colours the map was last given (the seats' states, without a flash), for browser tests.
  useEffect(() => {
    if (typeof __EXPOSE_TEST_STATE__ === 'undefined' || !__EXPOSE_TEST_STATE__ || !seatColors) return;
    (window as unknown as { __seatColors?: Uint32Array | Uint8Array }).__seatColors = seatColors;
  }, [seatColors]);
  // A change by someone else flashes once, then the seats take their colours (seatColors) again. In the same commit's
  // layout effects as the colours, so no frame draws the changed seats in their new colour before the flash.
  const flash = props.flash;
  useLayoutEffect(() => {
    if (!engine || !seatColors || !flash || flash.seats.length === 0) return;
    engine.setSeatColors(flashed(seatColors, flash.seats));
    const timer = setTimeout(() => propsRef.current.seatColors && engine.setSeatColors(propsRef.current.seatColors), FLASH_MS);
    return () => clearTimeout(timer);
    // Only a new change flashes: not a new colour array for the same change.
  }, [engine, flash?.n]);
  // The words drawn on standing areas depend on the caller's data (e.g. the colours' pricing state).
  useEffect(() => void engine?.refreshLabels(), [engine, sectionColors, props.describeArea]);

  useEffect(() => {
    const el = canvasRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setSize({ width: el.clientWidth, height: el.clientHeight }));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const tooltip = useHoverTooltip(engine, { onSeatHover: props.onSeatHover, onSectionHover: props.onSectionHover });
  const tooltipContent =
    tooltip && model
      ? (props.renderTooltip ?? ((t: TooltipTarget) => defaultTooltipText(t, { section: (s) => sectionLabel(model, s), seat: (s) => seatLocation(model, s) })))(tooltip.target)
      : null;

  return (
    <div className={['seatmap', props.legendBelow ? 'seatmap--legend-below' : '', props.className ?? ''].filter(Boolean).join(' ')} style={props.style} data-changes-seen={flash?.n ?? 0}>
      <div ref={canvasRef} id={props.canvasId} className="seatmap__canvas" tabIndex={0} role="application" aria-label={props.ariaLabel ?? 'Seat map'} />
      {error && <div className="seatmap__error">The seat map could not start: {error.message}</div>}
      <div className="seatmap__controls" ref={controlsRef}>
        <button type="button" aria-label="Zoom in" title="Zoom in" onClick={() => engine?.zoomIn()}>
          +
        </button>
        <button type="button" aria-label="Zoom out" title="Zoom out" onClick={() => engine?.zoomOut()}>
          −
        </button>
        <button type="button" aria-label="Fit the whole venue" title="Fit the whole venue" onClick={() => engine?.fitToVenue()}>
          ⤢
        </button>
        {props.onSelectionModeChange && (
          <button
            type="button"
            aria-label="Select seats with a rectangle"
            title="Select seats with a rectangle (or hold Shift while dragging)"
            aria-pressed={selectionMode === 'select'}
            onClick={() => props.onSelectionModeChange?.(selectionMode === 'select' ? 'pan' : 'select')}
          >
            ⬚
          </button>
        )}
      </div>
      {(props.legend ?? true) && (
        <SeatMapLegend
          ref={legendRef}
          priceLabels={props.priceLabels}
          entries={!seatsShown && props.sectionLegendEntries ? props.sectionLegendEntries : props.legendEntries}
          more={props.legendMore}
        />
      )}
      {tooltip && tooltipContent !== null && (
        <SeatMapTooltip x={tooltip.x} y={tooltip.y} width={size.width} height={size.height}>
          {tooltipContent}
        </SeatMapTooltip>
      )}
      <div className="seatmap__live" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </div>
  );
}
