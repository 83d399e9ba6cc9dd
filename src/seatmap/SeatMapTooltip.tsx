/**
 * The hover tooltip: a small box near the pointer, kept inside the map. The caller decides what it says
 * (SeatMap's `renderTooltip`); without one it names the seat or section.
 */
import type { ReactNode } from 'react';

export type TooltipTarget = { kind: 'seat'; seat: number } | { kind: 'section'; section: number };

export interface SeatMapTooltipProps {
  /** Pointer position, CSS pixels within the map. */
  x: number;
  y: number;
  /** The map's size, to flip the box to the other side near the right and bottom edges. */
  width: number;
  height: number;
  children: ReactNode;
}

const OFFSET = 14;

export function SeatMapTooltip({ x, y, width, height, children }: SeatMapTooltipProps) {
  const flipX = x > width * 0.66;
  const flipY = y > height * 0.66;
  const style = {
    left: flipX ? undefined : x + OFFSET,
    right: flipX ? width - x + OFFSET : undefined,
    top: flipY ? undefined : y + OFFSET,
    bottom: flipY ? height - y + OFFSET : undefined,
  };
  return (
    <div className="seatmap-tooltip" role="tooltip" style={style}>
      {children}
    </div>
  );
}

/** Default tooltip text when the caller gives none. */
export function defaultTooltipText(
  target: TooltipTarget,
  words: { section: (s: number) => string; seat: (seat: number) => { section: string; row: string; seat: string } },
): ReactNode {
  if (target.kind === 'section') return <strong>{words.section(target.section)}</strong>;
  const loc = words.seat(target.seat);
  return (
    <>
      <strong>{loc.section}</strong>
      <div>
        Row {loc.row}, seat {loc.seat}
      </div>
    </>
  );
}
