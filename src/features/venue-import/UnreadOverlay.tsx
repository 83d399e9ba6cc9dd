import { useEffect, useState } from 'react';
import type { SeatMapEngine } from '../../seatmap/SeatMapEngine';

/** At least this many pixels across, so a miss is seen at any zoom. */
const MIN_RADIUS_PX = 5;

/**
 * The seat-like elements the importer did not read, drawn over the preview as dashed red rings (the engine draws
 * what was read), so an admin sees a miss at a glance. Follows the engine's camera; ignores the pointer.
 */
export function UnreadOverlay({ engine, marks }: { engine: SeatMapEngine | null; marks: number[] }) {
  const [, setFrame] = useState(0);
  useEffect(() => engine?.on('camera', () => setFrame((f) => f + 1)), [engine]);
  if (!engine || marks.length === 0) return null;
  const rings = [];
  for (let k = 0; k + 2 < marks.length; k += 3) {
    const x = marks[k]!, y = marks[k + 1]!, r = marks[k + 2]!;
    const c = engine.worldToScreen(x, y);
    const edge = engine.worldToScreen(x + r, y);
    const radius = Math.max(MIN_RADIUS_PX, Math.hypot(edge.x - c.x, edge.y - c.y) + 2);
    rings.push(<circle key={k} cx={c.x} cy={c.y} r={radius} />);
  }
  const count = marks.length / 3;
  return (
    <svg className="venue-import-unread" role="img" aria-label={`${count} seat-like ${count === 1 ? 'element' : 'elements'} not read, ringed in red`}>
      {rings}
    </svg>
  );
}
