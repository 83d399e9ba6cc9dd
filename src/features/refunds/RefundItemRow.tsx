import { Checkbox } from '@blueprintjs/core';
import type { OrderItem } from '../../contracts/orders';
import { formatSek } from '../../domain/money';
import { feeName, proposedRefundOre } from '../../domain/orders';
import { parseSekToOre } from '../../domain/pricing';
import { NumberInput } from '../../ui/NumberInput';

/** One item's choices on the refund screen. `back` undefined: the proposal (the amount minus the refund fee). */
export interface RefundRowState {
  selected: boolean;
  amount: string;
  back?: string;
  keepValid: boolean;
}

const TYPE_WORDS: Record<string, string> = { ticket: 'Ticket', merchandise: 'Merchandise', fee: 'Fee' };
const ore = (sek: number) => Math.round(sek * 100);
const sekText = (o: number) => (o / 100).toFixed(2).replace('.', ',');
/** An amount field's number as the refund screen shows it: two decimals ("98,50"). */
const amountText = (sek: number) => sekText(ore(sek));
const sekOf = (text: string) => {
  const o = parseSekToOre(text);
  return o === null ? null : o / 100;
};
const describe = (i: OrderItem) =>
  i.type === 'ticket' ? [i.ticket_type?.name, i.section, i.row && `row ${i.row}`, i.seat && `seat ${i.seat}`].filter(Boolean).join(', ')
    : i.type === 'merchandise' ? [i.merchandise?.name, i.merchandise_option?.name].filter(Boolean).join(' – ')
      : feeName(i.fee_type);

/** The amount back as shown: what the admin typed, or the proposal after the refund fee. */
export function backText(row: RefundRowState, feePercent: number): string {
  if (row.back !== undefined) return row.back;
  const amountOre = parseSekToOre(row.amount);
  return amountOre === null ? '' : sekText(proposedRefundOre(amountOre, feePercent));
}

/** The refund fee kept for a row (amount − amount back), öre; null while either is unreadable. */
export function keptOre(row: RefundRowState, feePercent: number): number | null {
  const amountOre = parseSekToOre(row.amount);
  const backOre = parseSekToOre(backText(row, feePercent));
  return amountOre === null || backOre === null ? null : amountOre - backOre;
}

export function RefundItemRow({ item: i, row: r, feePercent, amountError, backError, onChange }: {
  item: OrderItem;
  row: RefundRowState;
  feePercent: number;
  amountError?: string;
  backError?: string;
  onChange: (patch: Partial<RefundRowState>) => void;
}) {
  const kept = keptOre(r, feePercent);
  return (
    <tr aria-label={`Item ${i.id}`}>
      <td><Checkbox aria-label={`Refund item ${i.id}`} checked={r.selected} disabled={i.refundable <= 0} onChange={(e) => onChange({ selected: e.currentTarget.checked })} /></td>
      <td>{i.id} · {TYPE_WORDS[i.type] ?? i.type}: {describe(i)}{i.valid ? '' : ' (invalid)'}</td>
      {/* All that was paid for it: its price, and the differences paid when it moved to a dearer seat (issue 38). */}
      <td className="num">{formatSek(ore(i.refunded) + ore(i.refundable))}</td>
      <td className="num">{formatSek(ore(i.refunded))}</td>
      <td>
        {/* 0,01 kr up to what is still refundable (001 §5): typing is filtered, leaving the field clamps (decision 007). */}
        <NumberInput
          aria-label={`Amount for item ${i.id}`} value={sekOf(r.amount)} format={amountText} min={0.01} max={i.refundable} decimals={2}
          showRange={false} disabled={!r.selected} intent={amountError ? 'danger' : 'none'}
          onValueChange={(sek) => onChange({ amount: amountText(sek) })}
        />
        {amountError ? <div className="field-error">{amountError}</div> : null}
      </td>
      {/* Like the amount and the amount back beside it, what the refund would keep, before the item is chosen too. */}
      <td className="num" aria-label={`Refund fee kept for item ${i.id}`}>{kept !== null ? formatSek(kept) : '–'}</td>
      <td>
        {/* 0,01 kr up to the amount refunded: the rest is the refund fee kept. */}
        <NumberInput
          aria-label={`Back to customer for item ${i.id}`} value={sekOf(backText(r, feePercent))} format={amountText} min={0.01}
          max={sekOf(r.amount) ?? i.refundable} decimals={2} showRange={false} disabled={!r.selected} intent={backError ? 'danger' : 'none'}
          onValueChange={(sek) => onChange({ back: amountText(sek) })}
        />
        {backError ? <div className="field-error">{backError}</div> : null}
      </td>
      <td>
        {i.type === 'ticket' ? (
          <Checkbox aria-label={`Item ${i.id} stays valid`} checked={r.keepValid} disabled={!r.selected} onChange={(e) => onChange({ keepValid: e.currentTarget.checked })} />
        ) : null}
      </td>
    </tr>
  );
}
