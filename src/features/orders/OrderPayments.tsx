import { Card, HTMLTable } from '@blueprintjs/core';
import type { OrderPayment, PaymentSummary } from '../../contracts/orders';
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

/** The payments tab (001 §2): each payment's valid, status, date, discount and its summary by kind. */
export function OrderPayments({ payments }: { payments: OrderPayment[] }) {
  if (payments.length === 0) return <EmptyState text="No payments" />;
  return (
    <div className="order-payments">
      {payments.map((p) => (
        <Card key={p.id} className="order-payment" aria-label={`Payment ${p.id}`}>
          <h3>Payment #{p.id} <span className="bp6-text-muted">{p.provider}{p.provider_order_id ? ` · ${p.provider_order_id}` : ''}</span></h3>
          <dl className="order-facts">
            <dt>Valid</dt><dd>{p.valid ? 'Yes' : 'No'}</dd>
            <dt>Status</dt><dd>{p.status}</dd>
            <dt>Date</dt><dd>{(p.paid_at ?? p.created_at).slice(0, 16)}</dd>
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
            </tbody>
          </HTMLTable>
        </Card>
      ))}
    </div>
  );
}
