import './refunds.css';
import { Button, Callout, ControlGroup, FormGroup, HTMLTable, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { useLazyGetOrderQuery, useRefundMutation } from '../../api/ordersApi';
import { useGetPlatformSettingsQuery } from '../../api/platformSettingsApi';
import { REFUND_FAILED, REFUND_SUCCESS, type OrderItem, type RefundBody } from '../../contracts/orders';
import { sekFromOre, formatCount } from '../../domain/money';
import { REFUND_MESSAGES, isRefundValid, validateRefund, type RefundErrors } from '../../domain/orders';
import { parseSekToOre } from '../../domain/pricing';
import { exclFromIncl } from '../../domain/vat';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { RefundConfirmDialog } from './RefundConfirmDialog';
import { RefundItemRow, backText, type RefundRowState as Row } from './RefundItemRow';

const newKey = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${performance.now()}`);
const ore = (sek: number) => Math.round(sek * 100);

/**
 * /settings/refund, the panel of Platform Settings' Refund tab (001 §2 "Refund", §5, §8): find an order by id, choose items, an amount each (0 to what was paid
 * minus what was already refunded), whether tickets stay valid, 'Process Refund'. The amount back to the customer is
 * proposed after the platform's refund fee (Settings → Fees) and the admin may change it; the rest is the fee kept
 * (docs/refunds.md). One Idempotency-Key per intended refund: a double click or a retry after a timeout refunds once.
 */
export function RefundPage() {
  const [orderText, setOrderText] = useState('');
  const [loadOrder, order] = useLazyGetOrderQuery();
  const [refund, refunding] = useRefundMutation();
  const [rows, setRows] = useState<Record<number, Row>>({});
  const [errors, setErrors] = useState<RefundErrors | null>(null);
  const [key, setKey] = useState(newKey);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const settings = useGetPlatformSettingsQuery();
  const feePercent = settings.data?.refund_fee ?? 0;
  const items = (order.data?.items ?? []).concat(order.data?.sub_reservations.flatMap((s) => s.items) ?? [])
    .filter((i) => i.payment_id !== null && i.confirmation === 'confirmed');
  const row = (i: OrderItem): Row => rows[i.id] ?? { selected: false, amount: i.refundable.toFixed(2).replace('.', ','), keepValid: false };
  const change = (i: OrderItem, patch: Partial<Row>) => {
    // A new amount brings a new proposal unless the admin typed the amount back themselves.
    setRows((r) => ({ ...r, [i.id]: { ...row(i), ...patch } }));
    setKey(newKey());
  };

  const search = (e: FormEvent) => {
    e.preventDefault();
    const id = orderText.trim();
    if (!/^\d{1,10}$/.test(id)) {
      setErrors({ orderId: id ? 'Enter the order ID as digits' : REFUND_MESSAGES.orderIdRequired, form: [], amounts: {}, backs: {} });
      return;
    }
    setErrors(null);
    setRows({});
    setKey(newKey());
    void loadOrder(Number(id));
  };

  const chosen = items.filter((i) => row(i).selected);
  /** Checks the form; when it is right, asks for confirmation first (issue 38). */
  const review = () => {
    const inputs = items.map((i) => ({
      id: i.id, selected: row(i).selected, priceOre: ore(i.refundable), amount: row(i).amount, back: backText(row(i), feePercent), paymentId: i.payment_id,
    }));
    const found = validateRefund(order.data?.id, inputs);
    setErrors(found);
    if (isRefundValid(found) && order.data) setConfirming(true);
  };

  const process = async () => {
    if (!order.data) return;
    const body: RefundBody = {
      order_id: order.data.id,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
      items: items.filter((i) => row(i).selected).map((i) => {
        const amountOre = parseSekToOre(row(i).amount) ?? 0;
        const backOre = parseSekToOre(backText(row(i), feePercent)) ?? 0;
        return {
          id: i.id,
          keep_valid: row(i).keepValid,
          item_payments: [{
            id: i.payment_id, original_price_decrease: sekFromOre(amountOre),
            net_price_decrease: sekFromOre(exclFromIncl(amountOre, i.vat_percent)), refund_amount: sekFromOre(backOre),
          }],
        };
      }),
    };
    try {
      await refund({ body, key }).unwrap();
      notifySuccess(REFUND_SUCCESS);
      setRows({});
      setReason('');
      setKey(newKey());
    } catch (err) {
      notifyDanger(errorMessage(err as never, REFUND_FAILED));
    }
    setConfirming(false);
  };

  return (
    <div>
      <h2 className="refund-title">Refund</h2>
      <form onSubmit={search} role="search" aria-label="Find an order">
        <FormGroup label="Order ID" labelFor="refund-order-id" intent={errors?.orderId ? 'danger' : 'none'} helperText={errors?.orderId}>
          <ControlGroup>
            <InputGroup id="refund-order-id" value={orderText} onChange={(e) => setOrderText(e.target.value)} inputMode="numeric" />
            <Button type="submit" text="Search" loading={order.isFetching} />
          </ControlGroup>
        </FormGroup>
      </form>
      {order.isError ? <Callout intent="danger">{errorMessage(order.error, 'Order not found')}</Callout> : null}
      {order.data && !order.isFetching ? (
        <section aria-label="Items to refund">
          <h2>Order #{order.data.id} · {order.data.event.name}</h2>
          {items.length === 0 ? <Callout>No paid items in this order.</Callout> : (
            <div className="refund-table-wrap">
            <HTMLTable className="data-table" aria-label="Paid items" striped>
              <thead>
                <tr>
                  <th>Refund</th><th>Item</th><th>Paid</th><th>Refunded</th><th>Amount (kr)</th>
                  <th>Refund fee ({formatCount(feePercent)} %)</th><th>Back to customer (kr)</th><th>Ticket stays valid</th>
                </tr>
              </thead>
              <tbody>
                {items.map((i) => (
                  <RefundItemRow
                    key={i.id} item={i} row={row(i)} feePercent={feePercent} onChange={(patch) => change(i, patch)}
                    amountError={errors?.amounts[String(i.id)]} backError={errors?.backs[String(i.id)]}
                  />
                ))}
              </tbody>
            </HTMLTable>
            </div>
          )}
          {errors?.form.length ? <Callout intent="danger">{errors.form.map((m) => <div key={m}>{m}</div>)}</Callout> : null}
          <FormGroup label="Reason (optional)" labelFor="refund-reason" helperText="Shown with the refund on the order's payments.">
            <InputGroup id="refund-reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
          </FormGroup>
          <Button intent="primary" text="Process Refund" loading={refunding.isLoading} onClick={review} disabled={items.length === 0} />
          <RefundConfirmDialog
            orderId={order.data.id} isOpen={confirming} loading={refunding.isLoading} onConfirm={() => void process()} onClose={() => setConfirming(false)}
            lines={chosen.map((i) => ({
              item: i, amountOre: parseSekToOre(row(i).amount) ?? 0, backOre: parseSekToOre(backText(row(i), feePercent)) ?? 0, keepValid: row(i).keepValid,
            }))}
          />
        </section>
      ) : null}
    </div>
  );
}
