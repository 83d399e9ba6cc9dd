import { Button, Callout, Card, H4, HTMLTable } from '@blueprintjs/core';
import { Form } from 'react-final-form';
import { useGetVatCategoriesQuery, useSaveVatCategoryMutation } from '../../api/platformSettingsApi';
import type { VatCategory } from '../../contracts/platformSettings';
import { FORM_MESSAGES } from '../../domain/forms';
import { parseDecimal } from '../../domain/numericInput';
import { VAT_EFFECT } from '../../domain/settingEffects';
import { submitErrors } from '../../ui/form/submitErrors';
import { NumericField } from '../../ui/form/NumericField';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { RetryPanel } from '../../ui/RetryPanel';

const KINDS = { ticket: 'Tickets', merchandise: 'Merchandise', fee: 'Fees' } as const;

/** Settings → VAT: a percentage per VAT category (002 §2); these are the rates every VAT dropdown offers. */
export function VatTab() {
  const vats = useGetVatCategoriesQuery();
  if (vats.isLoading) return <LoadingSpinner />;
  if (!vats.data) return <RetryPanel onRetry={vats.refetch} detail="Something went wrong" />;
  return (
    <>
      {(Object.keys(KINDS) as (keyof typeof KINDS)[]).map((kind) => (
        <Card key={kind} className="settings-card">
          <H4>VAT of {KINDS[kind].toLowerCase()}</H4>
          <Callout intent={kind === 'ticket' ? 'none' : 'primary'} icon="info-sign" className="form-callout">{VAT_EFFECT[kind]}</Callout>
          <HTMLTable aria-label={`VAT of ${KINDS[kind].toLowerCase()}`} className="vat-rows">
            <thead>
              <tr>
                <th>Category</th>
                <th>VAT (%)</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {vats.data!.collection.filter((v) => v.item_type === kind).map((v) => <VatRow key={v.id} vat={v} kind={KINDS[kind]} />)}
            </tbody>
          </HTMLTable>
        </Card>
      ))}
    </>
  );
}

function VatRow({ vat, kind }: { vat: VatCategory; kind: string }) {
  const [save] = useSaveVatCategoryMutation();
  const label = `${kind}: ${vat.category || vat.name}`;
  // One form per row: the field's name carries the row's id, so every input has its own id and label.
  const name = `vat_${vat.id}`;
  return (
    <Form<Record<string, string>>
      initialValues={{ [name]: String(vat.vat).replace('.', ',') }}
      validate={(v) => {
        const n = parseDecimal(v[name] ?? null);
        return { [name]: !v[name]?.trim() ? FORM_MESSAGES.required : n === null || n < 0 || n > 100 ? 'Enter a percentage from 0 to 100' : undefined };
      }}
      onSubmit={async (v) => {
        const res = await save({ id: vat.id, vat: parseDecimal(v[name]) ?? 0 });
        if ('error' in res) {
          notifyDanger('Something went wrong');
          const errors = submitErrors(res.error, 'Something went wrong');
          return errors.vat ? { [name]: errors.vat } : errors;
        }
        notifySuccess(`${label} is now ${res.data.name}`);
      }}
    >
      {({ handleSubmit, submitting, pristine }) => (
        <tr>
          <td>{vat.category || vat.name}</td>
          <td><NumericField name={name} label={`VAT % of ${label}`} min={0} max={100} /></td>
          <td><Button intent="primary" text="Save" aria-label={`Save ${label}`} onClick={() => void handleSubmit()} loading={submitting} disabled={pristine} /></td>
        </tr>
      )}
    </Form>
  );
}
