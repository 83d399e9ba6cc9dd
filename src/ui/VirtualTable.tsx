import { useCallback, useEffect, useRef, useState, type ReactNode, type UIEvent } from 'react';
import { EmptyState } from './EmptyState';

export interface VirtualColumn {
  key: string;
  header: string;
  /** Pixels. */
  width: number;
  align?: 'left' | 'right';
  /** The cell of row `index` (plain text keeps scrolling cheap). */
  cell: (index: number) => ReactNode;
}

interface VirtualTableProps {
  label: string;
  columns: readonly VirtualColumn[];
  rowCount: number;
  rowHeight?: number;
  /** Height of the scrolling body, px. */
  height?: number;
  emptyText?: string;
}

/** Rows drawn above and below the visible ones, so a fast flick does not show blank space. */
const OVERSCAN = 8;

/**
 * A table that stays smooth at 100,000 rows: only the rows in view (plus a few) are in the DOM, positioned inside a
 * spacer as tall as all rows. The header scrolls sideways with the body. ARIA table roles with aria-rowcount and
 * aria-rowindex tell assistive technology how big the table really is.
 */
export function VirtualTable({ label, columns, rowCount, rowHeight = 32, height = 520, emptyText }: VirtualTableProps) {
  const body = useRef<HTMLDivElement>(null);
  const header = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const frame = useRef(0);
  const width = columns.reduce((s, c) => s + c.width, 0);

  // One state update per animation frame, however many scroll events arrive in it.
  const onScroll = useCallback((e: UIEvent<HTMLDivElement>) => {
    const target = e.currentTarget;
    if (header.current) header.current.scrollLeft = target.scrollLeft;
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      setScrollTop(target.scrollTop);
    });
  }, []);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  if (rowCount === 0) return <EmptyState text={emptyText} />;
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(rowCount, Math.ceil((scrollTop + height) / rowHeight) + OVERSCAN);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    rows.push(
      <div key={i} role="row" aria-rowindex={i + 2} className={`vt-row${i % 2 ? ' vt-odd' : ''}`} style={{ top: i * rowHeight, height: rowHeight, width }}>
        {columns.map((c) => (
          <div key={c.key} role="cell" className={`vt-cell${c.align === 'right' ? ' vt-right' : ''}`} style={{ width: c.width }}>
            {c.cell(i)}
          </div>
        ))}
      </div>,
    );
  }
  return (
    <div className="vt" role="table" aria-label={label} aria-rowcount={rowCount + 1} aria-colcount={columns.length}>
      <div className="vt-header" ref={header} role="rowgroup">
        <div role="row" aria-rowindex={1} className="vt-row vt-head" style={{ width }}>
          {columns.map((c) => (
            <div key={c.key} role="columnheader" className={`vt-cell${c.align === 'right' ? ' vt-right' : ''}`} style={{ width: c.width }}>
              {c.header}
            </div>
          ))}
        </div>
      </div>
      {/* Never taller than the window (below the console's header), so its sideways scrollbar can always be reached. */}
      <div className="vt-body" ref={body} role="rowgroup" style={{ height, maxHeight: 'calc(100vh - 120px)' }} onScroll={onScroll} tabIndex={0} aria-label={`${label}, rows`}>
        <div className="vt-spacer" style={{ height: rowCount * rowHeight, width }}>
          {rows}
        </div>
      </div>
    </div>
  );
}
