import './merchandise.css';
import { Button, Callout, H4 } from '@blueprintjs/core';
import { Form, FormSpy, useField, useForm } from 'react-final-form';
import type { FormApi } from 'final-form';
import { GIFT_CARD_IMAGE_MAX_BYTES, GIFT_CARD_MAX_IMAGES } from '../../domain/merchandise';
import { CheckboxField } from '../../ui/form/CheckboxField';
import { SelectField, type SelectOption } from '../../ui/form/SelectField';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { TextField } from '../../ui/form/TextField';
import { NumericField } from '../../ui/form/NumericField';
import { MerchandiseImagesField } from './MerchandiseImagesField';
import { WATCHED_FIELDS, isTwoToOne, validateGiftCard, type GiftCardFormState, type GiftCardSizeState } from './giftCardValues';

export const GIFT_CARD_IMAGE_ADVICE = 'Up to 3 images. Recommended 2160x1080 px (2:1), max 10MB each.';
const TOO_LARGE = 'The file size is larger than 10Mb. Please choose a smaller image.';

/** Reads an image's size in the browser to hold it to 2:1. */
async function checkProportions(file: File): Promise<string | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const ok = isTwoToOne(bitmap.width, bitmap.height);
    bitmap.close();
    return ok ? null : `"${file.name}" is ${bitmap.width}x${bitmap.height}: use an image of 2:1 proportions (recommended 2160x1080).`;
  } catch {
    return `"${file.name}" could not be read as an image.`;
  }
}

export type SaveMode = 'close' | 'more';
interface GiftCardFormProps {
  initialValues: GiftCardFormState;
  promoters: SelectOption[] | null;
  current?: { id: number; url: string }[];
  onSubmit: (values: GiftCardFormState, mode: SaveMode, form: FormApi<GiftCardFormState>) => Promise<Record<string, unknown> | undefined>;
  onCancel: () => void;
}

/** Add Gift Card (001 §5): Save Item, Save&Add more and Cancel; the saves wait for the watched fields and while saving. */
export function GiftCardForm({ initialValues, promoters, current = [], onSubmit, onCancel }: GiftCardFormProps) {
  let mode: SaveMode = 'close';
  return (
    <Form<GiftCardFormState>
      initialValues={initialValues}
      validate={(v) => validateGiftCard(v, { choosePromoter: promoters !== null }) as never}
      onSubmit={(values, form) => onSubmit(values, mode, form)}
      subscription={{ submitting: true, submitError: true }}
    >
      {({ handleSubmit, submitting, submitError }) => (
        <form className="merch-form gift-card-form" onSubmit={handleSubmit} noValidate aria-label="Gift card">
          {submitError ? <Callout intent="danger" className="merch-errors" role="alert">{String(submitError)}</Callout> : null}
          {promoters ? <SelectField name="promoter" label="Promoter" options={promoters} /> : null}
          <TextField name="title" label="Title" />
          <div className="merch-numbers">
            <NumericField name="quantity" label="Quantity" min={0} decimals={0} />
            <NumericField name="price" label="Price (SEK)" helperText="e.g. 500 or 249,50" min={0} />
          </div>
          <div className="merch-columns">
            <TextAreaField name="description_en" label="Description (English)" />
            <TextAreaField name="description_sv" label="Description (Swedish)" />
            <TextAreaField name="delivery_description" label="Delivery description" rows={2} />
            <TextAreaField name="size_fit_description" label="Size and fit description" rows={2} />
          </div>
          <CheckboxField name="refundable" label="Refundable" />
          <SizeRows />
          <MerchandiseImagesField
            current={current}
            limitBytes={GIFT_CARD_IMAGE_MAX_BYTES}
            maxImages={GIFT_CARD_MAX_IMAGES}
            advice={GIFT_CARD_IMAGE_ADVICE}
            tooLargeMessage={TOO_LARGE}
            check={checkProportions}
          />
          <FormSpy subscription={{ values: true }}>
            {({ values }) => {
              const v = values as GiftCardFormState;
              const waiting = WATCHED_FIELDS.some((f) => !String(v[f] ?? '').trim()) || (promoters !== null && !v.promoter);
              const disabled = waiting || submitting;
              return (
                <div className="form-actions">
                  <Button text="Cancel" onClick={onCancel} disabled={submitting} />
                  <Button text="Save&Add more" disabled={disabled} loading={submitting && mode === 'more'} onClick={() => { mode = 'more'; void handleSubmit(); }} />
                  <Button type="submit" intent="primary" text="Save Item" disabled={disabled} loading={submitting && mode === 'close'} onClick={() => { mode = 'close'; }} />
                </div>
              );
            }}
          </FormSpy>
        </form>
      )}
    </Form>
  );
}

/** Size rows: both names and a quantity each (001 §5). */
function SizeRows() {
  const form = useForm();
  const sizes = useField<GiftCardSizeState[]>('sizes', { subscription: { value: true } }).input.value || [];
  return (
    <section aria-label="Sizes">
      <H4>Sizes</H4>
      {sizes.map((_, i) => (
        <div className="merch-option" key={i} role="group" aria-label={`Size ${i + 1}`}>
          <TextField name={`sizes[${i}].name_en`} label="Name (English)" />
          <TextField name={`sizes[${i}].name_sv`} label="Name (Swedish)" />
          <NumericField name={`sizes[${i}].quantity`} label="Quantity" min={0} decimals={0} />
          <span />
          <Button variant="minimal" icon="trash" aria-label={`Remove size ${i + 1}`} onClick={() => form.change('sizes', sizes.filter((__, j) => j !== i))} />
        </div>
      ))}
      <Button icon="plus" text="Add size" onClick={() => form.change('sizes', [...sizes, { name_en: '', name_sv: '', quantity: '' }])} />
    </section>
  );
}
