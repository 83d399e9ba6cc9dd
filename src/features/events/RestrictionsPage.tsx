import { Button, Callout, Card, FormGroup, InputGroup } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import { Field, Form } from 'react-final-form';
import { useOutletContext } from 'react-router-dom';
import { useGetProfileQuery } from '../../api/authApi';
import { errorMessage, validationErrors } from '../../api/errorMessage';
import { useGetRestrictionsQuery, useGetTicketTypesQuery, useSaveRestrictionsMutation } from '../../api/eventsApi';
import type { EventDetail } from '../../contracts/events';
import {
  RESTRICTIONS_FORM_DEFAULTS,
  filterDigitsInput,
  kidsAllowedField,
  qrFieldText,
  restrictionsFormValues,
  restrictionsPayload,
  validateRestrictions,
  type RestrictionsFormValues,
} from '../../domain/restrictions';
import { permissionsFor } from '../../domain/roles';
import { RESTRICTIONS_EFFECT } from '../../domain/settingEffects';
import { CheckboxField } from '../../ui/form/CheckboxField';
import { SelectField } from '../../ui/form/SelectField';
import { fieldError } from '../../ui/form/fieldError';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { RetryPanel } from '../../ui/RetryPanel';

function NumberField({ name, label, placeholder, disabled, digitsOnly, unit }: { name: string; label: string; placeholder?: string; disabled?: boolean; digitsOnly?: boolean; unit?: string }) {
  return (
    <Field<string | number> name={name}>
      {({ input, meta }) => {
        const error = fieldError(meta);
        const value = String(input.value ?? '');
        return (
          <FormGroup label={label} labelFor={`field-${name}`} intent={error ? 'danger' : 'none'} helperText={error}>
            <InputGroup
              id={`field-${name}`}
              name={name}
              value={value}
              inputMode="numeric"
              placeholder={placeholder}
              disabled={disabled}
              rightElement={unit ? <span className="input-unit">{unit}</span> : undefined}
              onBlur={input.onBlur}
              onFocus={input.onFocus}
              onChange={(e) => input.onChange(digitsOnly ? filterDigitsInput(e.target.value, value) : e.target.value)}
              intent={error ? 'danger' : 'none'}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}

/** /events/{id}/restrictions (000 §3, §5, §9): purchase and resale limits; QR times for admins; saving confirms them. */
export function RestrictionsPage() {
  const event = useOutletContext<EventDetail>();
  const role = useGetProfileQuery().data?.type ?? 'promoter';
  const canEditQr = permissionsFor(role).editQrSettings;
  const saved = useGetRestrictionsQuery(event.id);
  const types = useGetTicketTypesQuery(event.id);
  const [save] = useSaveRestrictionsMutation();
  if (saved.isLoading || types.isLoading) return <LoadingSpinner label="Loading restrictions" />;
  if (!saved.data || !types.data) return <RetryPanel onRetry={() => { void saved.refetch(); void types.refetch(); }} />;
  const ticketTypes = types.data.collection;
  const kids = kidsAllowedField(ticketTypes, saved.data.kids_allowed);
  const initialValues: RestrictionsFormValues = saved.data.restrictions_confirmed
    ? restrictionsFormValues(saved.data)
    : { ...RESTRICTIONS_FORM_DEFAULTS, ...pickQr(restrictionsFormValues(saved.data)) };

  const submit = async (values: RestrictionsFormValues) => {
    const res = await save({ id: event.id, body: restrictionsPayload(values, { ticketTypes, canEditQr }) });
    if ('error' in res) {
      notifyDanger('Error save restrictions');
      const fields = validationErrors(res.error);
      return fields ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0]])) : { [FORM_ERROR]: errorMessage(res.error) };
    }
    notifySuccess('Restrictions saved');
  };

  return (
    <>
      <h1 className="page-title">Restrictions</h1>
      <Callout intent="primary" icon="info-sign" className="form-callout" title="Where these rules apply">{RESTRICTIONS_EFFECT}</Callout>
      <Form<RestrictionsFormValues> initialValues={initialValues} validate={validateRestrictions} onSubmit={submit}>
        {({ handleSubmit, submitting, submitError }) => (
          <form onSubmit={handleSubmit} noValidate>
            <Card className="form-card">
              <div className="form-row">
                <NumberField name="max_number_tickets" label="Max number of tickets per purchase" placeholder="50" />
                <NumberField name="reservation_time" label="Reservation time" placeholder="120" unit="minutes" />
              </div>
              <div className="form-row">
                <SelectField name="sell_on_market" label="Sell on the market" options={[{ value: 'false', label: 'Not allowed' }, { value: 'sold-out', label: 'When sold out' }, { value: 'anytime', label: 'Anytime' }]} />
                <SelectField name="sell_to_friend" label="Sell to a friend" options={[{ value: 'not-sold-out', label: 'While not sold out' }, { value: 'anytime', label: 'Anytime' }]} />
              </div>
              <div className="form-row">
                <NumberField name="resell_max_percent" label="Resale price at most" unit="%" />
                <NumberField name="age_restriction" label="Age restriction" unit="years" />
              </div>
              <CheckboxField name="resell_in_group" label="Resell in group" toggle />
              <CheckboxField name="kids_allowed" label="Kids allowed" toggle disabled={kids.disabled} helperText={kids.message} />
            </Card>
            <Card className="form-card">
              <h2 className="card-title">QR codes{canEditQr ? '' : ' (set by an admin)'}</h2>
              <NumberField name="qr_first_generation_time" label="QR first generation time" unit="seconds" digitsOnly disabled={!canEditQr} />
              <FormGroup label="QR shown at the event for">
                <div className="form-row">
                  <NumberField name="qr_inevent_hours" label="Hours" digitsOnly disabled={!canEditQr} />
                  <NumberField name="qr_inevent_minutes" label="Minutes" digitsOnly disabled={!canEditQr} />
                  <NumberField name="qr_inevent_seconds" label="Seconds" digitsOnly disabled={!canEditQr} />
                </div>
              </FormGroup>
            </Card>
            {submitError ? <Callout intent="danger" role="alert" className="form-callout">{submitError}</Callout> : null}
            <div className="form-actions">
              <Button type="submit" intent="primary" loading={submitting} text="Save restrictions" />
            </div>
          </form>
        )}
      </Form>
    </>
  );
}

function pickQr(values: RestrictionsFormValues): RestrictionsFormValues {
  return {
    qr_first_generation_time: qrFieldText(values.qr_first_generation_time),
    qr_inevent_hours: values.qr_inevent_hours,
    qr_inevent_minutes: values.qr_inevent_minutes,
    qr_inevent_seconds: values.qr_inevent_seconds,
  };
}
