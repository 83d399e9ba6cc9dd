import { Button, Tag } from '@blueprintjs/core';
import type { OrderItem } from '../../contracts/orders';
import { visibleOrderItems } from '../../domain/orders';
import { DataTable, type Column } from '../../ui/DataTable';
import { sek } from './orderCells';

const validCell = (i: OrderItem) => (i.valid ? 'Yes' : <Tag minimal intent="danger">No</Tag>);

const ticketColumns: Column<OrderItem>[] = [
  { key: 'id', header: 'Item', render: (i) => i.id },
  { key: 'type', header: 'Type', render: (i) => (i.is_child ? 'ticket (child)' : i.type) },
  { key: 'ticket_type', header: 'Ticket type', render: (i) => i.ticket_type?.name ?? '–' },
  { key: 'section', header: 'Section', render: (i) => i.section ?? '–' },
  { key: 'row', header: 'Row', render: (i) => (i.general_admission ? 'Standing' : (i.row ?? '–')) },
  { key: 'seat', header: 'Seat', render: (i) => i.seat ?? '–' },
  { key: 'price', header: 'Price', render: (i) => sek(i.price), className: 'num' },
  { key: 'valid', header: 'Valid', render: validCell },
];
const feeColumns: Column<OrderItem>[] = [
  { key: 'id', header: 'Item', render: (i) => i.id },
  { key: 'fee_type', header: 'Fee type', render: (i) => i.fee_type },
  { key: 'price', header: 'Price', render: (i) => sek(i.price), className: 'num' },
  { key: 'valid', header: 'Valid', render: validCell },
];
const merchandiseColumns: Column<OrderItem>[] = [
  { key: 'id', header: 'Item', render: (i) => i.id },
  { key: 'name', header: 'Merchandise', render: (i) => [i.merchandise?.name, i.merchandise_option?.name].filter(Boolean).join(' – ') },
  { key: 'sku', header: 'SKU', render: (i) => i.sku ?? '–' },
  { key: 'quantity', header: 'Quantity', render: (i) => i.quantity, className: 'num' },
  { key: 'price', header: 'Price', render: (i) => sek(i.price), className: 'num' },
  { key: 'confirmation', header: 'Confirmation', render: (i) => i.confirmation },
  { key: 'valid', header: 'Valid', render: validCell },
];

/** The Move button of a ticket re-seat can move (issue 38); other rows have none. */
const moveColumn = (canMove: (i: OrderItem) => boolean, onMove: (i: OrderItem) => void): Column<OrderItem> => ({
  key: 'move', header: 'Seat change', render: (i) => (canMove(i)
    ? <Button small icon="swap-horizontal" text="Move" aria-label={`Move ticket ${i.id} to another seat`} onClick={() => onMove(i)} />
    : null),
});

/**
 * An order's items (001 §2 "General tab"): tickets, merchandise and fees; the merchandise order fee is not shown.
 * With `onMove`, tickets that can change seat get a Move button (re-seat).
 */
export function OrderItemsTables({ items, label, canMove, onMove }: {
  items: OrderItem[]; label: string; canMove?: (i: OrderItem) => boolean; onMove?: (i: OrderItem) => void;
}) {
  const shown = visibleOrderItems(items);
  const of = (type: OrderItem['type']) => shown.filter((i) => i.type === type);
  const columns = canMove && onMove ? [...ticketColumns, moveColumn(canMove, onMove)] : ticketColumns;
  return (
    <>
      <h3>Tickets</h3>
      <DataTable label={`${label}: tickets`} columns={columns} rows={of('ticket')} rowKey={(i) => i.id} />
      {of('merchandise').length ? (
        <>
          <h3>Merchandise</h3>
          <DataTable label={`${label}: merchandise`} columns={merchandiseColumns} rows={of('merchandise')} rowKey={(i) => i.id} />
        </>
      ) : null}
      {of('fee').length ? (
        <>
          <h3>Fees</h3>
          <DataTable label={`${label}: fees`} columns={feeColumns} rows={of('fee')} rowKey={(i) => i.id} />
        </>
      ) : null}
    </>
  );
}
