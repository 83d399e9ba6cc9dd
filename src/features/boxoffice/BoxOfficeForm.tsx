import { Button, Callout } from '@blueprintjs/core';
import { Form } from 'react-final-form';
import { useGetUsersQuery } from '../../api/usersApi';
import { FORM_TIME_INVALID_MESSAGE, parseFormDate, parseFormTime } from '../../domain/dates';
import { FORM_MESSAGES } from '../../domain/forms';
import { EXTRA_FEE_MAX_SEK, validateBoxOfficeReservation } from '../../domain/reservations';
import { DateField } from '../../ui/form/DateField';
import { SelectField } from '../../ui/form/SelectField';
import { NumericField } from '../../ui/form/NumericField';
import { TimeField } from '../../ui/form/TimeField';

export type BoxOfficeFormState = { owner: string; extra_fee: string; date: string; time: string };

/** The validity date and time: required ('Required!') and readable. */
function validityErrors(v: Partial<BoxOfficeFormState>) {
  return {
    date: !v.date?.trim() ? FORM_MESSAGES.requiredBang : parseFormDate(v.date) ? undefined : 'Enter a date as dd.mm.yyyy',
    time: !v.time?.trim() ? FORM_MESSAGES.requiredBang : parseFormTime(v.time) ? undefined : FORM_TIME_INVALID_MESSAGE,
  };
}

/**
 * The box-office reservation form (001 §5): the user, a box-office user of the event's promoter ('User is required',
 * GET api/users?type=boxoffice); the extra fee in SEK ('Extra Fee is required', comma as decimal point, at most 2
 * decimals); the validity date.
 */
export function BoxOfficeForm({ promoterId, mode, seller, initialValues, submitText, onSubmit }: {
  promoterId: number;
  mode: 'create' | 'edit';
  /** Edit: the reservation's user, shown even when the picker no longer offers them (deactivated since). */
  seller?: { id: number; name: string } | null;
  initialValues: Partial<BoxOfficeFormState>;
  submitText: string;
  onSubmit: (values: BoxOfficeFormState) => Promise<Record<string, string> | undefined>;
}) {
  const users = useGetUsersQuery({ type: 'boxoffice', promoter_id: promoterId, status: 'active', per_page: 500 });
  const options = (users.data?.collection ?? []).map((u) => ({ value: String(u.id), label: u.name }));
  if (users.data && seller && !options.some((o) => o.value === String(seller.id))) {
    options.push({ value: String(seller.id), label: `${seller.name} (not active)` });
  }
  return (
    <Form<BoxOfficeFormState>
      initialValues={initialValues}
      validate={(v) => {
        const errors = { ...validateBoxOfficeReservation({ owner: v.owner, extra_fee: v.extra_fee }, mode), ...validityErrors(v) };
        return Object.fromEntries(Object.entries(errors).filter(([, m]) => m !== undefined));
      }}
      onSubmit={onSubmit}
    >
      {({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} noValidate className="boxoffice-form">
          {submitError ? <Callout intent="danger" role="alert">{submitError}</Callout> : null}
          <SelectField name="owner" label="User" options={options} loading={users.isLoading} />
          <NumericField name="extra_fee" label="Extra Fee (SEK)" placeholder="0,00" min={0} max={EXTRA_FEE_MAX_SEK} />
          <div className="form-row">
            <DateField name="date" label="Validity date" />
            <TimeField name="time" label="Validity time" />
          </div>
          <Button type="submit" intent="primary" loading={submitting} text={submitText} />
        </form>
      )}
    </Form>
  );
}
