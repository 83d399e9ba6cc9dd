import type { AccountingRow } from '../../contracts/reports';
import { formatAmount, oreFromSek } from '../../domain/money';
import { formatVatPercent } from '../../domain/vat';
import type { VirtualColumn } from '../../ui/VirtualTable';

const money = (v: number) => formatAmount(oreFromSek(v));

/** The 18 columns of Accounting Reporting (002 §2), in the spec's order. */
export function accountingColumns(rows: readonly AccountingRow[]): VirtualColumn[] {
  const col = (key: string, header: string, width: number, cell: (r: AccountingRow) => string | number | null, align?: 'right'): VirtualColumn => ({
    key, header, width, align, cell: (i) => cell(rows[i]!) ?? '',
  });
  return [
    col('date', 'Transaction date', 150, (r) => r.transaction_date),
    col('type', 'Type', 80, (r) => r.transaction_type),
    col('reservation', 'Reservation ID', 110, (r) => r.reservation_id, 'right'),
    col('provider', 'Payment provider order ID', 200, (r) => r.provider_order_id),
    col('payment', 'Payment ID', 100, (r) => r.payment_id, 'right'),
    col('customer', 'Customer name', 150, (r) => r.customer_name),
    col('phone', 'Phone', 120, (r) => r.phone),
    col('email', 'Email', 200, (r) => r.email),
    col('event', 'Event', 200, (r) => r.event),
    col('item', 'Item ID', 90, (r) => r.item_id, 'right'),
    col('name', 'Name', 230, (r) => r.item_name),
    col('itemType', 'Type', 100, (r) => r.item_type),
    col('price', 'Price', 100, (r) => money(r.price), 'right'),
    col('quantity', 'Quantity', 80, (r) => r.quantity, 'right'),
    col('vatPercent', 'VAT %', 70, (r) => formatVatPercent(r.vat_percent), 'right'),
    col('vat', 'VAT per item', 100, (r) => money(r.vat_per_item), 'right'),
    col('incl', 'Total incl VAT', 120, (r) => money(r.total_incl_vat), 'right'),
    col('excl', 'Total excl VAT', 120, (r) => money(r.total_excl_vat), 'right'),
  ];
}
