/**
 * Hover for the React shell: debounces the engine's hover events (300 ms seats, 100 ms sections, spec §9),
 * passes them to the caller and says what the tooltip shows. A seat wins over its section.
 */
import { useEffect, useRef, useState } from 'react';
import { createHoverDebouncer, SEAT_HOVER_DELAY_MS, SECTION_HOVER_DELAY_MS } from './hoverDebounce';
import type { SeatMapEngine } from './SeatMapEngine';
import type { TooltipTarget } from './SeatMapTooltip';
import type { SeatHover, SectionHover } from './types';

export interface HoverCallbacks {
  onSeatHover?: (hover: SeatHover | null) => void;
  onSectionHover?: (hover: SectionHover | null) => void;
}

export interface TooltipState {
  target: TooltipTarget;
  x: number;
  y: number;
}

export function useHoverTooltip(engine: SeatMapEngine | null, callbacks: HoverCallbacks): TooltipState | null {
  const [seat, setSeat] = useState<SeatHover | null>(null);
  const [section, setSection] = useState<SectionHover | null>(null);
  const callbacksRef = useRef(callbacks);
  callbacksRef.current = callbacks;

  useEffect(() => {
    if (!engine) return;
    const seats = createHoverDebouncer<SeatHover>(SEAT_HOVER_DELAY_MS, (h) => {
      setSeat(h);
      callbacksRef.current.onSeatHover?.(h);
    }, (a, b) => a.seat === b.seat);
    const sections = createHoverDebouncer<SectionHover>(SECTION_HOVER_DELAY_MS, (h) => {
      setSection(h);
      callbacksRef.current.onSectionHover?.(h);
    }, (a, b) => a.section === b.section);
    const offSeat = engine.on('seatHover', (h) => seats.push(h));
    const offSection = engine.on('sectionHover', (h) => sections.push(h));
    // A click answers the question the tooltip asked: it hides until the pointer reaches another seat or section.
    const hide = () => {
      setSeat(null);
      setSection(null);
    };
    const offSeatClick = engine.on('seatClick', hide);
    const offSectionClick = engine.on('sectionClick', hide);
    return () => {
      offSeat();
      offSection();
      offSeatClick();
      offSectionClick();
      seats.cancel();
      sections.cancel();
      setSeat(null);
      setSection(null);
    };
  }, [engine]);

  if (seat) return { target: { kind: 'seat', seat: seat.seat }, x: seat.x, y: seat.y };
  if (section && engine?.hoverSeat === -1) return { target: { kind: 'section', section: section.section }, x: section.x, y: section.y };
  return null;
}
