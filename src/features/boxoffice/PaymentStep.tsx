import { Button, Card, FormGroup, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { formatSek } from '../../domain/money';
import { changeDue, isTenderError, parseGiven, tenderRow, TENDER_LABELS, TENDER_METHODS, type TenderInput, type TenderMethod, type TenderRow } from '../../domain/tenders';

/** Keys that choose the tender while the amount field has the focus (it takes digits, a comma and a dot only). */
const METHOD_KEYS: Record<string, TenderMethod> = { c: 'cash', k: 'card', o: 'other' };

/**
 * The till step of a counter sale (issue 35; docs/boxoffice.md "Paying at the counter"): cash with the amount given and
 * the change due, card with the terminal's reference, or other. It opens on cash with the amount field focused and
 * empty, which means the exact amount, so Enter takes exact cash: 4, Enter, Enter, p sells and prints four seats.
 * In the amount field c, k and o switch the tender; Escape goes back to the seats. What was typed stays on an error.
 */
export function PaymentStep({ totalOre, count, busy, sellLabel = 'Take payment and sell', onPay, onCancel }: {
  totalOre: number; count: number; busy: boolean; sellLabel?: string;
  onPay: (tender: TenderInput, row: TenderRow) => void; onCancel: () => void;
}) {
  const [method, setMethod] = useState<TenderMethod>('cash');
  const [given, setGiven] = useState('');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<{ field: 'given' | 'reference'; text: string } | null>(null);
  const givenRef = useRef<HTMLInputElement>(null);
  const referenceRef = useRef<HTMLInputElement>(null);
  useEffect(() => (method === 'cash' ? givenRef : referenceRef).current?.focus(), [method]);
  const parsed = parseGiven(given, totalOre);
  const change = 'ore' in parsed ? changeDue(totalOre, parsed.ore) : null;

  const submit = () => {
    if (busy) return;
    if (method === 'cash' && 'error' in parsed) return setError({ field: 'given', text: parsed.error });
    const input: TenderInput = method === 'cash' ? { method, given_ore: 'ore' in parsed ? parsed.ore : null } : { method, reference: reference.trim() || null };
    const row = tenderRow(input, totalOre);
    if (isTenderError(row)) return setError({ field: row.field, text: row.error });
    setError(null);
    onPay(input, row);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onCancel();
    } else if (e.target === givenRef.current && METHOD_KEYS[e.key.toLowerCase()] && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      setMethod(METHOD_KEYS[e.key.toLowerCase()]!);
    }
  };
  const fieldError = (f: 'given' | 'reference') => (error?.field === f ? error.text : undefined);
  // The refusal stands once, under the field it is about, and is announced (before, an alert box said it again).
  const fieldAlert = (f: 'given' | 'reference') => (error?.field === f ? <span role="alert">{error.text}</span> : undefined);

  return (
    <Card aria-label="Payment" className="payment-step">
      <form onSubmit={(e) => { e.preventDefault(); submit(); }} onKeyDown={onKeyDown}>
        <h3>Payment: {count} ticket(s)</h3>
        <dl className="sale-summary"><dt>To pay</dt><dd><strong aria-label="To pay">{formatSek(totalOre)}</strong></dd></dl>
        <RadioGroup inline label="Tender" selectedValue={method} onChange={(e) => { setMethod(e.currentTarget.value as TenderMethod); setError(null); }}>
          {TENDER_METHODS.map((m) => <Radio key={m} value={m} label={`${TENDER_LABELS[m]} (${m === 'card' ? 'k' : m[0]})`} />)}
        </RadioGroup>
        {method === 'cash' ? (
          <>
            <FormGroup label="Amount given (SEK)" labelFor="tender-given" helperText={fieldAlert('given') ?? 'Empty: the exact amount. Keys here: k card, o other.'} intent={fieldError('given') ? 'danger' : 'none'}>
              <InputGroup id="tender-given" inputRef={givenRef} inputMode="decimal" autoComplete="off" value={given} placeholder={formatSek(totalOre)}
                intent={fieldError('given') ? 'danger' : 'none'} onChange={(e) => { setGiven(e.currentTarget.value); setError(null); }} />
            </FormGroup>
            <dl className="sale-summary" aria-label="Change">
              {change !== null && change < 0 ? (
                <><dt>Short by</dt><dd><strong aria-label="Short by" className="payment-short">{formatSek(-change)}</strong></dd></>
              ) : (
                <><dt>Change due</dt><dd><strong aria-label="Change due">{change !== null ? formatSek(change) : '–'}</strong></dd></>
              )}
            </dl>
          </>
        ) : (
          <FormGroup label={method === 'card' ? 'Terminal reference' : 'Note (optional)'} labelFor="tender-reference" helperText={fieldAlert('reference')} intent={fieldError('reference') ? 'danger' : 'none'}>
            <InputGroup id="tender-reference" inputRef={referenceRef} autoComplete="off" value={reference} maxLength={60}
              intent={fieldError('reference') ? 'danger' : 'none'} onChange={(e) => { setReference(e.currentTarget.value); setError(null); }} />
          </FormGroup>
        )}
        <div className="payment-actions">
          <Button type="submit" intent="primary" text={sellLabel} loading={busy} />
          <Button text="Back (Esc)" onClick={onCancel} />
        </div>
      </form>
    </Card>
  );
}
