import { Tag } from '@blueprintjs/core';
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

/** An order's items (001 §2 "General tab"): tickets, merchandise and fees; the merchandise order fee is not shown. */
export function OrderItemsTables({ items, label }: { items: OrderItem[]; label: string }) {
  const shown = visibleOrderItems(items);
  const of = (type: OrderItem['type']) => shown.filter((i) => i.type === type);
  return (
    <>
      <h3>Tickets</h3>
      <DataTable label={`${label}: tickets`} columns={ticketColumns} rows={of('ticket')} rowKey={(i) => i.id} />
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
