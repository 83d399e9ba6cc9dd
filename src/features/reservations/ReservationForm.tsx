import { Button, Callout } from '@blueprintjs/core';
import { Form } from 'react-final-form';
import { useGetEventCorporatesQuery } from '../../api/reservationsApi';
import { BACK_OFFICE_RESERVATION_TYPES } from '../../contracts/reservations';
import { PAID_NO_HOLD_END, RESERVATION_TYPE_LABELS, validateReservationForm, type ReservationFormValues } from '../../domain/reservations';
import { DateField } from '../../ui/form/DateField';
import { SelectField } from '../../ui/form/SelectField';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { TextField } from '../../ui/form/TextField';
import { TimeField } from '../../ui/form/TimeField';

export type ReservationFormState = { title: string; type: string; description: string; date: string; time: string; corporate: string };

const TYPE_OPTIONS = BACK_OFFICE_RESERVATION_TYPES.map((t) => ({ value: t, label: RESERVATION_TYPE_LABELS[t] }));

/**
 * The reservation form of 001 §5: title, type, date and time 'Required!', the corporate required for a corporate
 * reservation and listing the event promoter's corporates; type and corporate are fixed on edit. A paid reservation
 * (`hold` false, isHold) has no reserved until: the form says so in place of the date and time.
 */
export function ReservationForm({ eventId, mode, hold = true, initialValues, submitText, onSubmit }: {
  eventId: number;
  mode: 'create' | 'edit';
  hold?: boolean;
  initialValues: Partial<ReservationFormState>;
  submitText: string;
  onSubmit: (values: ReservationFormState) => Promise<Record<string, string> | undefined>;
}) {
  const corporates = useGetEventCorporatesQuery(eventId);
  const corporateOptions = (corporates.data?.collection ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  return (
    <Form<ReservationFormState>
      initialValues={initialValues}
      validate={(v) => validateReservationForm(v as ReservationFormValues, mode, hold)}
      onSubmit={onSubmit}
    >
      {({ handleSubmit, submitting, submitError, values }) => (
        <form onSubmit={handleSubmit} noValidate className="reservation-form">
          {submitError ? <Callout intent="danger" role="alert">{submitError}</Callout> : null}
          <TextField name="title" label="Title" />
          <div className="form-row">
            <SelectField name="type" label="Type" options={TYPE_OPTIONS} disabled={mode === 'edit'} />
            {values.type === 'corporate' ? (
              <SelectField name="corporate" label="Corporate" options={corporateOptions} loading={corporates.isLoading} disabled={mode === 'edit'} />
            ) : null}
          </div>
          {hold ? (
            <div className="form-row">
              <DateField name="date" label="Reserved until (date)" />
              <TimeField name="time" label="Reserved until (time)" />
            </div>
          ) : (
            <p className="bp6-text-muted">{PAID_NO_HOLD_END}</p>
          )}
          <TextAreaField name="description" label="Description" />
          <Button type="submit" intent="primary" loading={submitting} text={submitText} />
        </form>
      )}
    </Form>
  );
}
