import './merchandise.css';
import { Button, Callout, H4 } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import { Form, FormSpy } from 'react-final-form';
import type { MerchandiseDetail, MerchandiseType } from '../../contracts/merchandise';
import { FOOD_RETURN_REMINDER, MERCHANDISE_FILE_LIMIT_BYTES, merchandiseTotalQuantity } from '../../domain/merchandise';
import { CheckboxField } from '../../ui/form/CheckboxField';
import { SelectField } from '../../ui/form/SelectField';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { TextField } from '../../ui/form/TextField';
import { NumericField } from '../../ui/form/NumericField';
import { MerchandiseImagesField } from './MerchandiseImagesField';
import { MerchandiseOptionsFields } from './MerchandiseOptionsFields';
import { validateMerchandiseState, type MerchandiseFormState } from './merchandiseFormValues';

export const MERCHANDISE_IMAGE_ADVICE = 'Recommended size 2200x2200px, no larger than 150KB.';
const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'sv', label: 'Swedish' },
] as const;

interface MerchandiseFormProps {
  initialValues: MerchandiseFormState;
  types: MerchandiseType[];
  current?: MerchandiseDetail;
  submitText: string;
  onSubmit: (values: MerchandiseFormState) => Promise<Record<string, unknown> | undefined>;
  onCancel: () => void;
}

/** The Add / Edit Merchandise form (001 §5): texts in both languages, type, price, stock or options, rules, images. */
export function MerchandiseForm({ initialValues, types, current, submitText, onSubmit, onCancel }: MerchandiseFormProps) {
  const typeOptions = types.filter((t) => t.alias !== 'gift_card' || initialValues.type === String(t.id)).map((t) => ({ value: String(t.id), label: t.translations.en.name }));
  const foodId = String(types.find((t) => t.alias === 'food')?.id ?? '');
  return (
    <Form<MerchandiseFormState> initialValues={initialValues} validate={validateMerchandiseState as never} onSubmit={onSubmit} subscription={{ submitting: true, submitError: true }}>
      {({ handleSubmit, submitting, submitError }) => (
        <form className="merch-form" onSubmit={handleSubmit} noValidate aria-label="Merchandise">
          {submitError ? (
            <Callout intent="danger" className="merch-errors" role="alert" title="The item was not saved">
              <ul>{String(submitError).split('\n').map((line) => <li key={line}>{line}</li>)}</ul>
            </Callout>
          ) : null}
          <div className="merch-columns">
            {LANGUAGES.map(({ code, label }) => (
              <section key={code} aria-label={label}>
                <H4>{label}</H4>
                <TextField name={`translations.${code}.name`} label={`Name (${label})`} />
                <TextAreaField name={`translations.${code}.description`} label={`Description (${label})`} />
                <TextAreaField name={`translations.${code}.delivery_description`} label={`Delivery description (${label})`} rows={2} />
                <TextAreaField name={`translations.${code}.size_fit_description`} label={`Size and fit description (${label})`} rows={2} />
              </section>
            ))}
          </div>
          <div className="merch-numbers">
            <SelectField name="type" label="Type" options={typeOptions} />
            <NumericField name="price" label="Price (SEK)" helperText="Including VAT, e.g. 249,50" min={0} />
            <FormSpy subscription={{ values: true }}>
              {({ values }) => {
                const v = values as MerchandiseFormState;
                return v.has_options ? (
                  <div className="bp6-form-group">
                    <label className="bp6-label" htmlFor="field-total-quantity">Quantity</label>
                    <input id="field-total-quantity" className="bp6-input" disabled value={merchandiseTotalQuantity(v.options)} readOnly />
                    <div className="bp6-form-helper-text">The sum of the options' quantities</div>
                  </div>
                ) : (
                  <NumericField name="quantity" label="Quantity" min={0} decimals={0} />
                );
              }}
            </FormSpy>
            <FormSpy subscription={{ values: true }}>
              {({ values }) => ((values as MerchandiseFormState).has_options ? null : <TextField name="sku" label="SKU" />)}
            </FormSpy>
          </div>
          <FormSpy subscription={{ values: true }}>
            {({ values }) =>
              (values as MerchandiseFormState).type === foodId && foodId ? (
                <Callout intent="warning" icon="warning-sign" className="form-note">{FOOD_RETURN_REMINDER}</Callout>
              ) : null
            }
          </FormSpy>
          <div className="merch-numbers">
            <CheckboxField name="refundable" label="Refundable" />
            <CheckboxField name="age_restricted" label="Age restricted" />
            <FormSpy subscription={{ values: true }}>
              {({ values }) => ((values as MerchandiseFormState).age_restricted ? <NumericField name="age_restriction" label="Age restriction" min={1} max={99} decimals={0} /> : null)}
            </FormSpy>
          </div>
          <div className="merch-numbers">
            <NumericField name="max_amount_can_be_sold_in_general" label="Max per sale" helperText="Leave empty for no limit" min={1} decimals={0} />
            <FormSpy subscription={{ values: true }}>
              {({ values }) => ((values as MerchandiseFormState).has_options ? <NumericField name="max_amount_can_be_sold_per_option" label="Max per option" min={1} decimals={0} /> : null)}
            </FormSpy>
          </div>
          <CheckboxField name="has_options" label="This product has options (sizes, colours …)" />
          <FormSpy subscription={{ values: true }}>
            {({ values }) => ((values as MerchandiseFormState).has_options ? <MerchandiseOptionsFields /> : null)}
          </FormSpy>
          <MerchandiseImagesField current={current?.media ?? []} limitBytes={MERCHANDISE_FILE_LIMIT_BYTES} maxImages={10} advice={MERCHANDISE_IMAGE_ADVICE} />
          <div className="form-actions">
            <Button text="Cancel" onClick={onCancel} disabled={submitting} />
            <Button type="submit" intent="primary" text={submitText} loading={submitting} />
          </div>
        </form>
      )}
    </Form>
  );
}

export { FORM_ERROR };
