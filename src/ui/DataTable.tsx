import './ui.css';
import { HTMLTable } from '@blueprintjs/core';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { EmptyState } from './EmptyState';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  className?: string;
}

interface DataTableProps<T> {
  /** Names the table for assistive technology ("Events"). */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** A clickable row also opens with Enter. */
  onRowClick?: (row: T) => void;
  rowLabel?: (row: T) => string;
  emptyText?: string;
  /** The rows are being replaced (a new search or filter is loading): announced as busy (aria-busy). */
  busy?: boolean;
}

/** The console's tables: a Blueprint HTMLTable with optional row click and the shared empty state. */
export function DataTable<T>({ label, columns, rows, rowKey, onRowClick, rowLabel, emptyText, busy }: DataTableProps<T>) {
  if (rows.length === 0) return <EmptyState text={emptyText} />;
  const onKey = (row: T) => (e: KeyboardEvent) => {
    if (e.key === 'Enter' && e.target === e.currentTarget) onRowClick?.(row);
  };
  // React bubbles events from portals (a row's menus and dialogs) through the row: only clicks in the row count.
  const onClick = (row: T) => (e: MouseEvent) => {
    if (e.currentTarget.contains(e.target as Node)) onRowClick?.(row);
  };
  return (
    <div className="data-table-wrap">
      <HTMLTable className="data-table" interactive={Boolean(onRowClick)} striped aria-label={label} aria-busy={busy || undefined}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} className={c.className} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              onClick={onRowClick ? onClick(row) : undefined}
              onKeyDown={onRowClick ? onKey(row) : undefined}
              tabIndex={onRowClick ? 0 : undefined}
              aria-label={rowLabel?.(row)}
            >
              {columns.map((c) => (
                <td key={c.key} className={c.className}>
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
