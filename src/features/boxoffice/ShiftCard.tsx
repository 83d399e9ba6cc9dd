import { Button, Callout, FormGroup, HTMLTable, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useCloseShiftMutation } from '../../api/boxOfficeApi';
import { errorMessage } from '../../api/errorMessage';
import type { Shift, ShiftClose } from '../../contracts/boxoffice';
import { formatSek } from '../../domain/money';
import { TENDER_LABELS, TENDER_METHODS, parseGiven, type TenderMethod } from '../../domain/tenders';
import { venueTime } from '../../domain/venueClock';

const differenceText = (ore: number) => (ore === 0 ? 'no difference' : ore < 0 ? `${formatSek(-ore)} short` : `${formatSek(ore)} over`);

/**
 * The operator's shift (issue 35; docs/boxoffice.md "Paying at the counter"): what they took since their last close,
 * per tender, beside what sits on this computer as offline sales not yet sent, the cash the drawer should hold, and
 * the close with the cash counted (expected, counted, difference, kept by the server).
 */
export function ShiftCard({ shift, offline }: { shift: Shift; offline: Record<TenderMethod, { sales: number; ore: number }> }) {
  const [counted, setCounted] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [closed, setClosed] = useState<ShiftClose | undefined>();
  const [close, closing] = useCloseShiftMutation();
  const pendingCash = offline.cash.ore;
  const submit = async () => {
    const parsed = counted.trim() === '' ? { error: 'Enter the cash counted in the drawer.' } : parseGiven(counted, 0);
    if ('error' in parsed) return setError(parsed.error);
    setError(undefined);
    const res = await close({ counted_cash_ore: parsed.ore });
    if ('error' in res) return setError(errorMessage(res.error, 'The shift could not be closed.'));
    setClosed(res.data);
    setCounted('');
  };
  return (
    <section aria-label="Shift" className="shift-card">
      <h4>Shift since {venueTime(shift.opened_at)}, by tender</h4>
      <HTMLTable compact striped aria-label="Sales per tender">
        <thead><tr><th>Tender</th><th>Sales</th><th>Taken</th><th>Given back</th><th>Offline, not yet sent</th></tr></thead>
        <tbody>
          {TENDER_METHODS.map((m) => {
            const t = shift.tenders.find((x) => x.method === m)!;
            return (
              <tr key={m}>
                <td>{TENDER_LABELS[m]}</td><td>{t.sales}</td><td>{formatSek(t.amount_ore)}</td><td>{formatSek(t.refunded_ore)}</td>
                <td>{offline[m].sales ? `${offline[m].sales} sale(s), ${formatSek(offline[m].ore)}` : '–'}</td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
      <dl className="sale-summary" aria-label="Cash">
        <dt>Expected cash (taken − given back)</dt><dd><strong aria-label="Expected cash">{formatSek(shift.expected_cash_ore)}</strong></dd>
      </dl>
      {pendingCash > 0 ? <Callout intent="warning">{formatSek(pendingCash)} in cash was taken offline and is not sent yet: open the counter online to send it before closing, or count it aside.</Callout> : null}
      <form className="shift-close" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <FormGroup label="Cash counted in the drawer (SEK)" labelFor="shift-counted" helperText={error ?? 'Without the float.'} intent={error ? 'danger' : 'none'}>
          <InputGroup id="shift-counted" inputMode="decimal" autoComplete="off" value={counted} intent={error ? 'danger' : 'none'} onChange={(e) => setCounted(e.currentTarget.value)} />
        </FormGroup>
        <Button type="submit" intent="primary" icon="lock" text="Close shift" loading={closing.isLoading} />
      </form>
      {closed ? (
        <Callout role="status" intent={closed.difference_ore === 0 ? 'success' : 'warning'} title="Shift closed">
          Expected {formatSek(closed.expected_cash_ore)}, counted {formatSek(closed.counted_cash_ore)}: {differenceText(closed.difference_ore)}.
        </Callout>
      ) : null}
      {shift.closes.length ? (
        <HTMLTable compact aria-label="Closed shifts today">
          <thead><tr><th>Shift</th><th>Expected cash</th><th>Counted</th><th>Difference</th><th>Card</th><th>Other</th></tr></thead>
          <tbody>
            {shift.closes.map((c) => (
              <tr key={c.id}>
                <td>{venueTime(c.opened_at)}–{venueTime(c.closed_at)}</td><td>{formatSek(c.expected_cash_ore)}</td><td>{formatSek(c.counted_cash_ore)}</td>
                <td>{differenceText(c.difference_ore)}</td><td>{formatSek(c.card_ore)}</td><td>{formatSek(c.other_ore)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : null}
    </section>
  );
}
