import { Card, HTMLTable, Tag } from '@blueprintjs/core';
import type { OrderPayment, OrderRefund, PaymentSummary } from '../../contracts/orders';
import { displayDateTime } from '../../domain/displayDates';
import { EmptyState } from '../../ui/EmptyState';
import { sek } from './orderCells';

const SUMMARY_ROWS: [keyof PaymentSummary, string][] = [
  ['merchandise', 'Merchandise'],
  ['merchandise_admin_fee', 'Merchandise admin fee'],
  ['merchandise_order_fee', 'Merchandise order fee'],
  ['ticket', 'Ticket'],
  ['ticket_admin_fee', 'Ticket admin fee'],
  ['ticket_service_fee', 'Ticket service fee'],
  ['total', 'Total'],
];

/** The payment's refunds (issue 38): when, who, why, what the sale lost, what went back and the fee kept. */
function PaymentRefunds({ payment }: { payment: OrderPayment }) {
  if (payment.refunds.length === 0) return null;
  return (
    <div className="order-refunds-wrap" tabIndex={0} role="region" aria-label={`Refunds of payment ${payment.id} (scrolls sideways)`}>
      <HTMLTable compact aria-label={`Refunds of payment ${payment.id}`} className="order-refunds">
        <thead>
          <tr><th>Refunded</th><th>By</th><th>Why</th><th>Items</th><th className="num">Amount</th><th className="num">Fee kept</th></tr>
        </thead>
        <tbody>
          {payment.refunds.map((r: OrderRefund) => (
            <tr key={r.id} aria-label={`Refund ${r.id}`}>
              <td>{displayDateTime(r.created_at)}</td>
              <td>{r.by?.name ?? '–'}</td>
              <td>{r.reason ?? '–'}</td>
              <td>{r.items.join('; ')}</td>
              <td className="num">− {sek(r.amount)}</td>
              <td className="num">{sek(r.fee_kept)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="order-summary-total">
            <th scope="row" colSpan={4}>Refunded in all (price decrease)</th>
            <td className="num" colSpan={2}>− {sek(payment.refunded)}</td>
          </tr>
        </tfoot>
      </HTMLTable>
    </div>
  );
}

/** What the payment paid on tickets sold before it (a re-seat to a dearer seat, issue 38): when, who, why, how much. */
function PaymentIncreases({ payment }: { payment: OrderPayment }) {
  if (payment.increases.length === 0) return null;
  return (
    <div className="order-refunds-wrap" tabIndex={0} role="region" aria-label={`Differences paid with payment ${payment.id} (scrolls sideways)`}>
      <HTMLTable compact aria-label={`Differences paid with payment ${payment.id}`} className="order-refunds">
        <thead>
          <tr><th>Paid</th><th>By</th><th>Why</th><th>Items</th><th className="num">Amount</th></tr>
        </thead>
        <tbody>
          {payment.increases.map((x, i) => (
            <tr key={i}>
              <td>{displayDateTime(x.created_at)}</td>
              <td>{x.by?.name ?? '–'}</td>
              <td>{x.reason ?? '–'}</td>
              <td>{x.items.join('; ')}</td>
              <td className="num">+ {sek(x.amount)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

/** The payments tab (001 §2): each payment's valid, status, date, discount, its summary by kind and its refunds. */
export function OrderPayments({ payments }: { payments: OrderPayment[] }) {
  if (payments.length === 0) return <EmptyState text="No payments" />;
  return (
    <div className="order-payments">
      {payments.map((p) => (
        <Card key={p.id} className="order-payment" role="region" aria-label={`Payment ${p.id}`}>
          <h3>Payment #{p.id} <span className="bp6-text-muted">{p.provider}{p.provider_order_id ? ` · ${p.provider_order_id}` : ''}</span></h3>
          <dl className="order-facts">
            <dt>Valid</dt><dd>{p.valid ? 'Yes' : 'No'}</dd>
            <dt>Status</dt>
            <dd>{p.state === p.status ? p.status : <Tag minimal intent="warning">{p.state}</Tag>}</dd>
            <dt>Date</dt><dd>{displayDateTime(p.paid_at ?? p.created_at)}</dd>
            <dt>Discount</dt><dd>{sek(p.discount)}</dd>
          </dl>
          <HTMLTable compact aria-label={`Summary of payment ${p.id}`} className="order-summary">
            <tbody>
              {SUMMARY_ROWS.map(([key, label]) => (
                <tr key={key} className={key === 'total' ? 'order-summary-total' : undefined}>
                  <th scope="row">{label}</th>
                  <td className="num">{sek(p.summary[key])}</td>
                </tr>
              ))}
              {p.refunded > 0 ? (
                <>
                  <tr><th scope="row">Refunded</th><td className="num">− {sek(p.refunded)}</td></tr>
                  <tr className="order-summary-total"><th scope="row">Total after refunds</th><td className="num">{sek(p.summary.total - p.refunded)}</td></tr>
                </>
              ) : null}
            </tbody>
          </HTMLTable>
          <PaymentIncreases payment={p} />
          <PaymentRefunds payment={p} />
        </Card>
      ))}
    </div>
  );
}
