import { HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import { formatAmount } from '../../domain/money';
import { formatVatPercent, vatChoices } from '../../domain/vat';
import type { FinanceReport } from './reportTypes';
import { EmptyState } from '../../ui/EmptyState';

export const FEES_FOOTNOTE = '* This quantity does not include fees';
/**
 * Quantities grouped in the Swedish way ("44 784"), as report.pdf prints them: the amount formatter without ",00"
 * (toLocaleString with a locale builds a formatter per call, tens of ms over a tab's rows).
 */
const count = (n: number) => formatAmount(n * 100).slice(0, -3);

interface FinanceTableProps {
  title: string;
  report: FinanceReport;
  onRateChange: (row: number, rate: number) => void;
  /** The rates of Settings → VAT (empty while they load: a row's dropdown then offers its own rate). */
  rates: readonly number[];
  footnote?: boolean;
}

/**
 * A finance table (002 §3, §5): item, quantity, price incl VAT, an editable VAT % per row, VAT and price excl VAT,
 * and the totals row (quantity without fees, total VAT % derived from the sums). Numbers come worked out by the
 * reports worker; this only draws them.
 */
export function FinanceTable({ title, report, onRateChange, rates, footnote }: FinanceTableProps) {
  const { table, totals } = report;
  const n = table.itemName.length;
  if (n === 0) return <EmptyState text="No data" />;
  const rows = [];
  for (let i = 0; i < n; i++) {
    const rate = table.vatPercent[i]!;
    rows.push(
      <tr key={i}>
        <td>{table.itemName[i]}</td>
        <td className="numeric">{count(table.quantity[i]!)}</td>
        <td className="numeric">{formatAmount(table.priceInclOre[i]!)}</td>
        <td className="numeric">
          <VatSelect label={`VAT % of ${table.itemName[i]}`} rate={rate} rates={rates} onChange={(r) => onRateChange(i, r)} />
        </td>
        <td className="numeric">{formatAmount(table.vatOre[i]!)}</td>
        <td className="numeric">{formatAmount(table.exclOre[i]!)}</td>
      </tr>,
    );
  }
  return (
    <div className="data-table-wrap">
      <HTMLTable className="data-table finance-table" striped compact aria-label={title}>
        <thead>
          <tr>
            <th scope="col">Item name</th>
            <th scope="col" className="numeric">Quantity</th>
            <th scope="col" className="numeric">Price incl VAT</th>
            <th scope="col" className="numeric">VAT %</th>
            <th scope="col" className="numeric">VAT</th>
            <th scope="col" className="numeric">Price excl VAT</th>
          </tr>
        </thead>
        <tbody>{rows}</tbody>
        <tfoot>
          <tr className="finance-total">
            <th scope="row">Total</th>
            <td className="numeric">{count(totals.quantity)}{footnote ? '*' : ''}</td>
            <td className="numeric">{formatAmount(totals.priceInclOre)}</td>
            <td className="numeric">{formatVatPercent(totals.vatPercent)} %</td>
            <td className="numeric">{formatAmount(totals.vatOre)}</td>
            <td className="numeric">{formatAmount(totals.exclOre)}</td>
          </tr>
        </tfoot>
      </HTMLTable>
      {footnote ? <p className="finance-footnote">{FEES_FOOTNOTE}</p> : null}
    </div>
  );
}

/**
 * The VAT % of one row (002 §9: chosen from a dropdown of Settings → VAT's rates). A plain select, whose other rates are added when it is
 * first touched: a Blueprint HTMLSelect with every option on hundreds of rows made the tables' first render a long
 * task (style and layout of thousands of elements).
 */
function VatSelect({ label, rate, rates, onChange }: { label: string; rate: number; rates: readonly number[]; onChange: (rate: number) => void }) {
  const [open, setOpen] = useState(false);
  const offered = open ? vatChoices(rates, rate) : [rate];
  const show = () => setOpen(true);
  return (
    <select className="vat-select" value={String(rate)} aria-label={label} onChange={(e) => onChange(Number(e.target.value))}
      onPointerDown={show} onFocus={show} onKeyDown={show}>
      {offered.map((r) => (
        <option key={r} value={String(r)}>
          {formatVatPercent(r)} %
        </option>
      ))}
    </select>
  );
}
