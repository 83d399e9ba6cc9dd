import { Callout, Dialog, DialogBody, FormGroup, InputGroup, Menu, MenuItem } from '@blueprintjs/core';
import { useState } from 'react';
import { Field, Form } from 'react-final-form';
import { errorMessage } from '../../api/errorMessage';
import { useGetPromoOptionsQuery, useSaveOmbudMutation, useSearchOmbudAttendeesQuery } from '../../api/promosApi';
import type { Ombud, Person } from '../../contracts/promos';
import { formDateError } from '../../domain/dates';
import { FORM_MESSAGES } from '../../domain/forms';
import { normalizeUserSearchPhone } from '../../domain/phone';
import { DateField } from '../../ui/form/DateField';
import { fieldError } from '../../ui/form/fieldError';
import { FormDialogFooter } from '../../ui/form/FormDialogFooter';
import { SelectField } from '../../ui/form/SelectField';
import { submitErrors } from '../../ui/form/submitErrors';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { venueToday } from '../../domain/venueClock';

interface Values {
  promoter: string;
  attendee: Person | null;
  discount: string;
  selectedDate: string;
}

/** Add or edit an ombud (002 §2, §5): attendee required unless editing, promoter required for admin. */
export function OmbudDialog({ ombud, isAdmin, onClose }: { ombud: Ombud | null; isAdmin: boolean; onClose: () => void }) {
  const options = useGetPromoOptionsQuery();
  const [save] = useSaveOmbudMutation();
  const editing = Boolean(ombud);
  const validate = (v: Values) => ({
    promoter: isAdmin && !v.promoter ? FORM_MESSAGES.required : undefined,
    attendee: !editing && !v.attendee ? FORM_MESSAGES.required : undefined,
    selectedDate: formDateError(v.selectedDate, venueToday(Date.now())),
  });
  return (
    <Dialog isOpen onClose={onClose} title={editing ? 'Edit Ombud' : 'Add Ombud'}>
      <Form<Values>
        initialValues={{
          promoter: ombud ? String(ombud.promoter.id) : '',
          attendee: ombud?.attendee ?? null,
          discount: ombud?.discount ? String(ombud.discount.id) : '',
          selectedDate: ombud?.selectedDate ?? '',
        }}
        validate={validate}
        onSubmit={async (v) => {
          const body = { promoter: isAdmin ? v.promoter : undefined, attendee: v.attendee?.id, discount: v.discount || null, selectedDate: v.selectedDate || null };
          const res = await save({ id: ombud?.id, body });
          if ('error' in res) {
            notifyDanger(errorMessage(res.error, editing ? 'Update error' : 'Add error'));
            return submitErrors(res.error);
          }
          notifySuccess(editing ? 'Ombud saved' : 'Ombud added');
          onClose();
        }}
      >
        {({ handleSubmit, submitting, submitError, values, form }) => {
          const promoter = isAdmin ? Number(values.promoter) : null;
          const codes = (options.data?.discounts ?? []).filter((d) => !isAdmin || d.promoter_id === promoter);
          return (
            <form onSubmit={handleSubmit} noValidate>
              <DialogBody>
                {submitError ? <Callout intent="danger" role="alert">{submitError}</Callout> : null}
                {isAdmin ? (
                  <SelectField
                    name="promoter"
                    label="Promoter"
                    options={(options.data?.promoters ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
                    onSelect={() => form.change('discount', '')}
                  />
                ) : null}
                <AttendeePicker />
                <SelectField name="discount" label="Promo code" options={[{ value: '', label: 'No promo code' }, ...codes.map((d) => ({ value: String(d.id), label: `${d.promo_code} (${d.name})` }))]} />
                <DateField name="selectedDate" label="Date" />
              </DialogBody>
              <FormDialogFooter onCancel={onClose} submitting={submitting} />
            </form>
          );
        }}
      </Form>
    </Dialog>
  );
}

/** Search attendees by name, email or phone (typed the Swedish way, 002 §5) and pick one. */
function AttendeePicker() {
  const [search, setSearch] = useState('');
  const term = normalizeUserSearchPhone(search);
  const found = useSearchOmbudAttendeesQuery(search.trim(), { skip: term.length < 2 });
  return (
    <Field<Person | null> name="attendee">
      {({ input, meta }) => {
        const error = fieldError(meta);
        return (
          <FormGroup label="Attendee" labelFor="field-attendee" intent={error ? 'danger' : 'none'} helperText={error ?? (input.value ? `${input.value.name} · ${input.value.phone ?? ''}` : 'Name, email or phone')}>
            <InputGroup
              id="field-attendee"
              value={search}
              placeholder={input.value ? input.value.name : 'Search attendees'}
              onChange={(e) => setSearch(e.target.value)}
              onBlur={() => input.onBlur()}
              intent={error ? 'danger' : 'none'}
              aria-invalid={error ? true : undefined}
            />
            {term.length >= 2 && found.data ? (
              <Menu aria-label="Attendees found" className="picker-results">
                {found.data.collection.length === 0 ? <MenuItem disabled text="No attendees found" /> : null}
                {found.data.collection.map((p) => (
                  <MenuItem key={p.id} text={p.name} label={p.phone ?? p.email ?? ''} onClick={() => { input.onChange(p); setSearch(''); }} />
                ))}
              </Menu>
            ) : null}
          </FormGroup>
        );
      }}
    </Field>
  );
}
