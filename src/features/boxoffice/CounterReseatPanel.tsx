import { Button, Callout, Card, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { useCounterReseatMutation } from '../../api/boxOfficeApi';
import { errorMessage } from '../../api/errorMessage';
import type { TicketItem } from '../../contracts/reservations';
import { formatReservationSek, formatSek, oreFromSek } from '../../domain/money';
import { reseatQuote, reseatQuoteText, type ReseatQuote } from '../../domain/reseat';
import type { ServiceFeeBand } from '../../domain/serviceFees';
import type { TenderInput, TenderRow } from '../../domain/tenders';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { PaymentStep } from './PaymentStep';

export interface CounterSeat { section: string; row: string; seat: string; priceOf: (ticketType: string) => number | undefined }

const where = (s: { section: string; row: string | null; seat: string | null }) => `${s.section}, row ${s.row}, seat ${s.seat}`;

/** A dearer move's payment, for the receipt: the tender and what it paid for. */
export interface ReseatPaid { tender: TenderRow; label: string; increaseOre: number; serviceFeeOre: number }

/**
 * Re-seat at the counter (issue 38; docs/boxoffice.md "Re-seat"): a seated ticket of this counter's reservation moves
 * to the one free seat selected on the map. The counter's tickets are paid at the sale, so a cheaper seat gives the
 * difference back in full (confirmed first) and a dearer one goes through the counter's payment step, which takes the
 * difference as a sale does (src/domain/reseat.ts; the service fee follows the new price's band).
 */
export function CounterReseatPanel({ reservationId, tickets, to, serviceFeeBands, onMoving, onMoved }: {
  reservationId: number;
  tickets: readonly TicketItem[];
  /** The promoter's service-fee bands (the counter's sales write the fee per ticket). */
  serviceFeeBands: readonly ServiceFeeBand[];
  /** The one seat selected on the map, or undefined (none, or more than one). */
  to: CounterSeat | undefined;
  /** Just before the call: the counter lets go of its selection, so the move's own push is not taken for another's sale. */
  onMoving: () => void;
  onMoved: (from: TicketItem, to: TicketItem, paid?: ReseatPaid) => void;
}) {
  const [ticketId, setTicketId] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [paying, setPaying] = useState(false);
  const [reseat, reseating] = useCounterReseatMutation();
  const seated = tickets.filter((t) => !t.general_admission && t.seat !== null);
  if (seated.length === 0) return null;
  const ticket = seated.find((t) => t.id === ticketId);
  const type = ticket?.ticket_type?.name ?? '';
  const newPrice = ticket && to ? to.priceOf(type) : undefined;
  const quote = ticket && newPrice !== undefined
    ? reseatQuote({ paid: true, priceOre: oreFromSek(ticket.paid ?? ticket.price), newPriceOre: newPrice, channel: 'counter', refundFeePercent: 0, serviceFeeBands })
    : undefined;
  const move = async (tender?: { input: TenderInput; row: TenderRow; quote: Extract<ReseatQuote, { kind: 'charge' }> }) => {
    if (!ticket || !to) return;
    onMoving();
    const payment = tender ? { ...tender.input, amount_ore: tender.quote.amountOre } : undefined;
    const res = await reseat({ id: reservationId, itemId: ticket.id, body: { section: to.section, row: to.row, seat: to.seat, ...(payment ? { payment } : {}) } });
    setConfirming(false);
    if ('error' in res) return notifyDanger(errorMessage(res.error, 'The ticket could not be moved.'));
    setPaying(false);
    const moved = res.data.items.find((i) => i.id === ticket.id);
    const change = tender?.row.method === 'cash' && tender.row.change_ore ? `: change ${formatSek(tender.row.change_ore)}` : '';
    notifySuccess(`Ticket moved to ${where(to)}${change}.`);
    setTicketId(0);
    if (moved) {
      onMoved(ticket, moved, tender ? {
        tender: tender.row, label: `Seat change ${where(ticket)} → ${where(to)}`,
        increaseOre: tender.quote.increaseOre, serviceFeeOre: tender.quote.serviceFeeIncreaseOre,
      } : undefined);
    }
  };
  return (
    <Card aria-label="Move a ticket">
      <h3>Move a ticket</h3>
      <HTMLSelect aria-label="Ticket to move" value={ticketId} onChange={(e) => setTicketId(Number(e.currentTarget.value))}
        options={[{ value: 0, label: 'Choose a sold ticket…' }, ...seated.map((t) => ({ value: t.id, label: `${where(t)} · ${t.ticket_type?.name ?? ''}` }))]} />
      {ticket ? (
        to ? (
          <p>To <strong>{where(to)}</strong>{newPrice !== undefined ? <> ({type}, {formatReservationSek(newPrice)})</> : null}.</p>
        ) : <p>Select one free seat on the map.</p>
      ) : null}
      {ticket && to && newPrice === undefined ? <Callout intent="warning">This seat has no {type} price: choose another one.</Callout> : null}
      {quote ? <Callout intent={quote.kind === 'refused' ? 'danger' : quote.kind === 'refund' || quote.kind === 'charge' ? 'warning' : 'primary'}>{reseatQuoteText(quote)}</Callout> : null}
      {quote?.kind === 'charge' && paying ? (
        <PaymentStep totalOre={quote.amountOre} count={1} busy={reseating.isLoading} sellLabel="Take payment and move"
          onPay={(input, row) => void move({ input, row, quote })} onCancel={() => setPaying(false)} />
      ) : (
        <Button text={quote?.kind === 'charge' ? `Take ${formatSek(quote.amountOre)} and move` : 'Move ticket'} icon="swap-horizontal"
          disabled={!quote || quote.kind === 'refused'} loading={reseating.isLoading}
          onClick={() => (quote?.kind === 'charge' ? setPaying(true) : setConfirming(true))} />
      )}
      <ConfirmDialog isOpen={confirming && !!ticket && !!to && !!quote && quote.kind !== 'charge'} title="Move the ticket" confirmText="Move ticket" loading={reseating.isLoading}
        onConfirm={() => void move()} onClose={() => setConfirming(false)}>
        <p>Move the ticket on {ticket ? where(ticket) : ''} to {to ? where(to) : ''}?</p>
        {quote ? <p>{reseatQuoteText(quote)}</p> : null}
        <p>Reprint the ticket afterwards: the old one names the old seat.</p>
      </ConfirmDialog>
    </Card>
  );
}
