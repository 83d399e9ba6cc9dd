import { Button, Callout, Card, H4, HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import { Form } from 'react-final-form';
import {
  useDeleteDefaultServiceFeeMutation, useGetDefaultServiceFeesQuery, useGetPlatformSettingsQuery, useSaveDefaultServiceFeeMutation,
  useSavePlatformSettingsMutation,
} from '../../api/platformSettingsApi';
import type { DefaultServiceFee } from '../../contracts/platformSettings';
import { FORM_MESSAGES, NUMBER_MESSAGES } from '../../domain/forms';
import { parseDecimal } from '../../domain/numericInput';
import { ADMIN_FEE_EFFECT } from '../../domain/settingEffects';
import { submitErrors } from '../../ui/form/submitErrors';
import { NumericField } from '../../ui/form/NumericField';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { RetryPanel } from '../../ui/RetryPanel';

const FAILED = 'Something went wrong';

/** A required number of at least 0 (and at most `max`), typed with a decimal comma or point. */
const numberError = (text: string | undefined, max?: number) => {
  if (!text?.trim()) return FORM_MESSAGES.required;
  const n = parseDecimal(text);
  if (n === null) return FORM_MESSAGES.mustBeNumber;
  if (n < 0) return NUMBER_MESSAGES.notNegative;
  return max !== undefined && n > max ? `Must be ${max} or less` : undefined;
};
const num = (text: string | undefined | null) => parseDecimal(text ?? null) ?? 0;
const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n).replace('.', ','));

/** Settings → Fees: the admin fee, the refund fee (%) and the default service-fee bands (002 §2). */
export function FeesTab() {
  return (
    <>
      <PlatformFees />
      <DefaultFees />
    </>
  );
}

function PlatformFees() {
  const settings = useGetPlatformSettingsQuery();
  const [save] = useSavePlatformSettingsMutation();
  if (settings.isLoading) return <LoadingSpinner />;
  if (!settings.data) return <RetryPanel onRetry={settings.refetch} detail={FAILED} />;
  return (
    <Card className="settings-card">
      <H4>Fees</H4>
      <Form<{ admin_fee: string; refund_fee: string }>
        initialValues={{ admin_fee: text(settings.data.admin_fee), refund_fee: text(settings.data.refund_fee) }}
        validate={(v) => ({ admin_fee: numberError(v.admin_fee), refund_fee: numberError(v.refund_fee, 100) })}
        onSubmit={async (v) => {
          const res = await save({ admin_fee: num(v.admin_fee), refund_fee: num(v.refund_fee) });
          if ('error' in res) {
            notifyDanger(FAILED);
            return submitErrors(res.error, FAILED);
          }
          notifySuccess('Fees saved');
        }}
      >
        {({ handleSubmit, submitting, pristine, submitError }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Fees">
            {submitError ? <Callout intent="danger" role="alert">{submitError}</Callout> : null}
            <div className="form-row">
              <NumericField name="admin_fee" label="Admin fee (kr)" min={0} />
              <NumericField name="refund_fee" label="Refund fee (%)" min={0} max={100} />
            </div>
            <Callout intent="primary" icon="info-sign" className="form-callout" title="Admin fee">{ADMIN_FEE_EFFECT}</Callout>
            <Button type="submit" intent="primary" text="Save fees" loading={submitting} disabled={pristine} />
          </form>
        )}
      </Form>
    </Card>
  );
}

function DefaultFees() {
  const fees = useGetDefaultServiceFeesQuery();
  const [adding, setAdding] = useState(false);
  if (fees.isLoading) return <LoadingSpinner />;
  if (!fees.data) return <RetryPanel onRetry={fees.refetch} detail={FAILED} />;
  return (
    <Card className="settings-card">
      <H4>Default service fees</H4>
      <HTMLTable className="fee-rows" aria-label="Default service fees">
        <thead>
          <tr>
            <th>Ticket price min (kr)</th>
            <th>Ticket price max (kr)</th>
            <th>Fee (kr)</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {fees.data.collection.map((f) => <FeeRow key={f.id} fee={f} />)}
          {adding ? <FeeRow fee={null} onDone={() => setAdding(false)} /> : null}
        </tbody>
      </HTMLTable>
      <Button icon="plus" text="Add Fee" onClick={() => setAdding(true)} disabled={adding} />
    </Card>
  );
}

const FEE_FIELDS = ['ticketPriceMin', 'ticketPriceMax', 'fee'] as const;

function FeeRow({ fee, onDone }: { fee: DefaultServiceFee | null; onDone?: () => void }) {
  const [save] = useSaveDefaultServiceFeeMutation();
  const [remove, removal] = useDeleteDefaultServiceFeeMutation();
  const name = fee ? `fee ${text(fee.ticketPriceMin)}` : 'new fee';
  // One form per row: field names carry the row's key, so every input has its own id and label.
  const key = fee?.id ?? 'new';
  const f = Object.fromEntries(FEE_FIELDS.map((field) => [field, `${field}_${key}`])) as Record<(typeof FEE_FIELDS)[number], string>;
  return (
    <Form<Record<string, string>>
      initialValues={{ [f.ticketPriceMin]: text(fee?.ticketPriceMin ?? null), [f.ticketPriceMax]: text(fee?.ticketPriceMax), [f.fee]: text(fee?.fee ?? null) }}
      validate={(v) => ({
        [f.ticketPriceMin]: numberError(v[f.ticketPriceMin]),
        [f.ticketPriceMax]: v[f.ticketPriceMax]?.trim() ? numberError(v[f.ticketPriceMax]) : undefined,
        [f.fee]: numberError(v[f.fee]),
      })}
      onSubmit={async (v) => {
        const max = v[f.ticketPriceMax]?.trim();
        const body = { ticketPriceMin: num(v[f.ticketPriceMin]), ticketPriceMax: max ? num(max) : null, fee: num(v[f.fee]) };
        const res = await save({ id: fee?.id, body });
        if ('error' in res) {
          notifyDanger(FAILED);
          const errors = submitErrors(res.error, FAILED);
          return Object.fromEntries(Object.entries(errors).map(([k, m]) => [k in f ? f[k as keyof typeof f] : k, m]));
        }
        notifySuccess('Service fee saved');
        onDone?.();
      }}
    >
      {({ handleSubmit, submitting, pristine }) => (
        <tr>
          <td><NumericField name={f.ticketPriceMin} label={`Ticket price min of ${name}`} min={0} /></td>
          <td><NumericField name={f.ticketPriceMax} label={`Ticket price max of ${name}`} placeholder="No maximum" min={0} /></td>
          <td><NumericField name={f.fee} label={`Fee of ${name}`} min={0} /></td>
          <td className="fee-actions">
            <Button intent="primary" text="Save" onClick={() => void handleSubmit()} loading={submitting} disabled={Boolean(fee) && pristine} />
            <Button
              variant="minimal"
              icon="trash"
              aria-label={`Remove ${name}`}
              loading={removal.isLoading}
              onClick={async () => {
                if (!fee) return onDone?.();
                const res = await remove(fee.id);
                if ('error' in res) notifyDanger(FAILED);
              }}
            />
          </td>
        </tr>
      )}
    </Form>
  );
}
