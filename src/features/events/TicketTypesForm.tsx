import { Button, Callout, Card } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import { Form } from 'react-final-form';
import { failureText } from '../../api/errorMessage';
import { useGetTicketTypeTemplatesQuery, useSaveTicketTypeMutation } from '../../api/eventsApi';
import type { TicketType } from '../../contracts/ticketTypes';
import { ticketTypePayload, validateTicketTypes, type TicketTypeFormRow, type TicketTypesValues } from '../../domain/ticketTypes';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifySuccess } from '../../ui/notify';
import { TicketTypeRowFields } from './TicketTypeRowFields';

const sameAs = (row: TicketTypeFormRow, saved?: TicketType) =>
  saved !== undefined && JSON.stringify(ticketTypePayload(row)) === JSON.stringify(ticketTypePayload({ ...saved, name: saved.name }));

/**
 * The ticket-type form (000 §5): on create the suggested rows with a checkbox each (only checked rows are saved);
 * on edit the saved types plus any added rows. Rows are saved one at a time, the default first, so the event always
 * has exactly one default; the first refusal stops the sequence and is shown.
 */
export function TicketTypesForm({ eventId, existing, onDone }: { eventId: number; existing: TicketType[]; onDone: () => void }) {
  const templates = useGetTicketTypeTemplatesQuery(undefined, { skip: existing.length > 0 });
  const [save] = useSaveTicketTypeMutation();
  const mode = existing.length > 0 ? 'edit' : 'create';
  if (mode === 'create' && templates.isLoading) return <LoadingSpinner />;
  const initialRows: TicketTypeFormRow[] =
    mode === 'edit'
      ? existing.map((t) => ({ id: t.id, name: t.name, default: t.default, kids: t.kids, age_from: t.age_from ?? '', age_to: t.age_to ?? '', min: t.min || '', max: t.max ?? '' }))
      : (templates.data?.collection ?? []).map((t) => ({ ...t, checked: t.default, age_from: t.age_from ?? '', age_to: t.age_to ?? '' }));

  const submit = async ({ rows }: TicketTypesValues) => {
    const todo = rows
      .filter((r) => r.checked !== false)
      .filter((r) => !sameAs(r, existing.find((t) => t.id === r.id)))
      .sort((a, b) => Number(b.default) - Number(a.default));
    for (const row of todo) {
      const res = await save({ id: eventId, typeId: row.id, body: ticketTypePayload(row) });
      if ('error' in res) {
        return { [FORM_ERROR]: `“${row.name}”: ${failureText(res.error)}` };
      }
    }
    notifySuccess('Ticket types saved');
    onDone();
  };

  return (
    <Form<TicketTypesValues>
      initialValues={{ rows: initialRows }}
      validate={({ rows }) => ({ rows: validateTicketTypes(rows ?? [], mode).rows })}
      onSubmit={submit}
    >
      {({ handleSubmit, submitting, values, submitFailed, submitError, form }) => {
        const result = validateTicketTypes(values.rows ?? [], mode);
        const showError = (submitFailed && result.formError) || submitError;
        return (
          <form onSubmit={handleSubmit} noValidate>
            <Card className="ticket-types-form">
              {(values.rows ?? []).map((row, index) => (
                <TicketTypeRowFields key={row.id ?? `new-${index}`} index={index} row={row} checkable={row.id === undefined} checkColumn={values.rows.some((r) => r.id === undefined)} defaultError={submitFailed ? result.rows[index]?.default : undefined} />
              ))}
              <Button
                icon="plus"
                variant="minimal"
                text="Add ticket type"
                onClick={() => form.change('rows', [...values.rows, { checked: true, name: '', default: false, kids: false, age_from: 18, age_to: '' }])}
              />
            </Card>
            {submitFailed && result.problems.length ? <Callout intent="danger" role="alert" className="form-callout">{result.problems.join(' ')}</Callout> : null}
            {submitError ? <Callout intent="danger" role="alert" className="form-callout">{submitError}</Callout> : null}
            <div className="form-actions">
              <Button text="Cancel" onClick={onDone} disabled={submitting} />
              <Button type="submit" intent={showError ? 'danger' : 'primary'} loading={submitting} text={showError ? result.formError ?? 'Error in input data' : 'Save ticket types'} />
            </div>
          </form>
        );
      }}
    </Form>
  );
}
