import { HTMLTable } from '@blueprintjs/core';
import { formatAmount } from '../../domain/money';
import { formatVatPercent } from '../../domain/vat';
import type { DiscountColumns } from './reportTypes';
import { EmptyState } from '../../ui/EmptyState';

/** A discount table (002 §3): original price, what the promo code took off, its share, and what was paid. */
export function DiscountTable({ title, columns }: { title: string; columns: DiscountColumns }) {
  const n = columns.itemName.length;
  if (n === 0) return <EmptyState text="No data" />;
  let original = 0;
  let discount = 0;
  let paid = 0;
  const rows = [];
  for (let i = 0; i < n; i++) {
    original += columns.originalPriceOre[i]!;
    discount += columns.discountAmountOre[i]!;
    paid += columns.priceInclOre[i]!;
    rows.push(
      <tr key={i}>
        <td>{columns.itemName[i]}</td>
        <td className="numeric">{formatAmount(columns.originalPriceOre[i]!)}</td>
        <td className="numeric">{formatAmount(columns.discountAmountOre[i]!)}</td>
        <td className="numeric">{formatVatPercent(columns.discountPercent[i]!)} %</td>
        <td className="numeric">{formatAmount(columns.priceInclOre[i]!)}</td>
      </tr>,
    );
  }
  return (
    <div className="data-table-wrap">
      <HTMLTable className="data-table finance-table" striped compact aria-label={title}>
        <thead>
          <tr>
            <th scope="col">Item name</th>
            <th scope="col" className="numeric">Original price</th>
            <th scope="col" className="numeric">Discount amount</th>
            <th scope="col" className="numeric">Discount %</th>
            <th scope="col" className="numeric">Price incl VAT</th>
          </tr>
        </thead>
        <tbody>{rows}</tbody>
        <tfoot>
          <tr className="finance-total">
            <th scope="row">Total</th>
            <td className="numeric">{formatAmount(original)}</td>
            <td className="numeric">{formatAmount(discount)}</td>
            <td className="numeric">{original ? formatVatPercent(Math.round((discount / original) * 10000) / 100) : '0,00'} %</td>
            <td className="numeric">{formatAmount(paid)}</td>
          </tr>
        </tfoot>
      </HTMLTable>
    </div>
  );
}
