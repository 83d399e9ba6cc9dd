import { Button, Callout, Card, FormGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { Field, Form } from 'react-final-form';
import { useNavigate, useParams } from 'react-router-dom';
import { useGetProfileQuery } from '../../api/authApi';
import { errorMessage, errorStatus } from '../../api/errorMessage';
import { useCreatePromoMutation, useGetPromoOptionsQuery, useGetPromoQuery, useUpdatePromoMutation } from '../../api/promosApi';
import { changePromoType, setFreeOfCharge, type PromoType } from '../../domain/promoCodes';
import { BackLink } from '../../ui/BackLink';
import { CheckboxField } from '../../ui/form/CheckboxField';
import { DateField } from '../../ui/form/DateField';
import { SelectField } from '../../ui/form/SelectField';
import { submitErrors } from '../../ui/form/submitErrors';
import { TextField } from '../../ui/form/TextField';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { RetryPanel } from '../../ui/RetryPanel';
import { NotFoundPanel } from '../../ui/NotFoundPanel';
import { PromoModeFields } from './PromoModeFields';
import { nestErrors, NEW_PROMO, promoBody, promoToForm, validatePromoForm, type PromoFormValues } from './promoFormValues';

/** /promocodes/add and /promocodes/{id}/edit (002 §2, §5, §7). */
export function PromoFormPage() {
  const id = Number(useParams().id) || null;
  const promo = useGetPromoQuery(id ?? 0, { skip: !id });
  if (id && promo.isLoading) return <LoadingSpinner label="Loading the promo code" />;
  if (id && errorStatus(promo.error) === 404) return <NotFoundPanel title="Promo code not found" back={{ to: '/promocodes/list', list: 'promo codes' }} />;
  if (id && !promo.data) return <RetryPanel onRetry={promo.refetch} />;
  return <PromoForm key={id ?? 'new'} id={id} initial={promo.data && id ? promoToForm(promo.data) : NEW_PROMO} />;
}

function PromoForm({ id, initial }: { id: number | null; initial: PromoFormValues }) {
  const navigate = useNavigate();
  const isAdmin = useGetProfileQuery().data?.type === 'admin';
  const options = useGetPromoOptionsQuery();
  const [create] = useCreatePromoMutation();
  const [update] = useUpdatePromoMutation();
  const mode = id ? 'edit' : 'create';

  const onSubmit = async (values: PromoFormValues) => {
    const body = promoBody(values);
    const res = id ? await update({ id, body }) : await create(body);
    if ('error' in res) {
      notifyDanger(errorMessage(res.error, 'Error'));
      return nestErrors(submitErrors(res.error, 'Error'));
    }
    if (id) {
      notifySuccess('Promocode saved');
      navigate('/promocodes/list');
    } else {
      notifySuccess('Promocode created');
      navigate(`/promocodes/${res.data.id}/edit`);
    }
  };

  return (
    <div className="page page-narrow">
      <BackLink to="/promocodes/list" label="Promo codes" />
      <h1 className="page-title">{id ? 'Edit Promo Code' : 'Add Promo Code'}</h1>
      <Card>
        <Form<PromoFormValues> initialValues={initial} validate={(v) => validatePromoForm(v, isAdmin, mode) as never} onSubmit={onSubmit}>
          {({ handleSubmit, submitting, submitError, hasValidationErrors, values, form }) => {
            const promoter = isAdmin ? Number(values.promoter) : null;
            const events = (options.data?.events ?? []).filter((e) => !isAdmin || e.promoter_id === promoter);
            return (
              <form onSubmit={handleSubmit} noValidate aria-label={id ? 'Edit promo code' : 'Add promo code'}>
                {submitError ? <Callout intent="danger" role="alert">{submitError}</Callout> : null}
                {isAdmin ? (
                  <SelectField
                    name="promoter"
                    label="Promoter"
                    loading={options.isLoading}
                    options={(options.data?.promoters ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
                    onSelect={() => form.change('event', '')}
                  />
                ) : null}
                <TextField name="name" label="Name" />
                <TextField name="promo_code" label="Promo code" helperText={id ? undefined : 'Leave blank and a code is made for you'} />
                <FormGroup label="Discount on">
                  <Field name="item_type">
                    {({ input }) => (
                      <RadioGroup
                        inline
                        selectedValue={input.value}
                        onChange={(e) => {
                          const next = e.currentTarget.value;
                          form.batch(() => {
                            input.onChange(next);
                            if (next === 'merchandise' && values.mode === 'family') form.change('mode', 'none');
                          });
                        }}
                      >
                        <Radio value="ticket" label="Tickets" />
                        <Radio value="merchandise" label="Merchandise" />
                      </RadioGroup>
                    )}
                  </Field>
                </FormGroup>
                <SelectField name="event" label="Event" options={[{ value: '', label: 'All events' }, ...events.map((e) => ({ value: String(e.id), label: e.name }))]} loading={options.isLoading} />
                <CheckboxField
                  name="free"
                  label="Free of charge"
                  disabled={values.mode === 'buy_two_get_one'}
                  onToggle={(on) => {
                    const next = setFreeOfCharge(form.getState().values, on);
                    form.batch(() => {
                      form.change('type', next.type);
                      form.change('person_usages', next.person_usages === null ? '' : String(next.person_usages));
                    });
                  }}
                />
                {values.free ? null : (
                  <div className="form-row">
                    <SelectField
                      name="type"
                      label="Type"
                      disabled={values.mode === 'buy_two_get_one'}
                      options={[{ value: 'percentage', label: 'Percentage (%)' }, { value: 'amount', label: 'Amount (kr)' }]}
                      onSelect={(t) => form.change('value', changePromoType(form.getState().values, t as PromoType).value)}
                    />
                    <TextField name="value" label={values.type === 'percentage' ? 'Discount (%)' : 'Discount (kr)'} disabled={values.mode === 'buy_two_get_one'} />
                  </div>
                )}
                <PromoModeFields />
                <div className="form-row">
                  <TextField name="max_usages" label="Max usages" helperText="Blank: unlimited" />
                  <TextField name="person_usages" label="Usages per person" helperText="Blank: unlimited" />
                  <TextField name="max_person_items" label="Items per person" helperText="Blank: unlimited" />
                </div>
                <DateField name="expire_date" label="Expiry date" helperText="Blank: never expires" />
                <div className="form-actions">
                  <Button text="Cancel" onClick={() => navigate('/promocodes/list')} />
                  <Button type="submit" intent="primary" text="Save" loading={submitting} disabled={hasValidationErrors} />
                </div>
              </form>
            );
          }}
        </Form>
      </Card>
    </div>
  );
}
