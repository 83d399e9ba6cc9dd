import { FormGroup, Radio, RadioGroup, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { Field, useForm } from 'react-final-form';
import { useGetUsersQuery } from '../../api/usersApi';
import { useGetGenresQuery } from '../../api/venuesApi';
import { applyBehaviourType, EVENT_TYPES, type BehaviourType } from '../../domain/eventForm';
import { SelectField } from '../../ui/form/SelectField';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { TextField } from '../../ui/form/TextField';
import { capitalise } from './eventText';
import type { EventFormState } from './eventFormValues';

/** What the event is: behaviour type, promoter (admin, on create), type, genre, titles and texts in en and sv. */
export function EventFormMain({ choosePromoter }: { choosePromoter: boolean }) {
  const form = useForm<EventFormState>();
  const genres = useGetGenresQuery();
  const promoters = useGetUsersQuery({ type: 'promoter', per_page: 500 }, { skip: !choosePromoter });
  const [language, setLanguage] = useState<'en' | 'sv'>('en');
  const promoterOptions = [...new Map((promoters.data?.collection ?? []).filter((u) => u.promoter).map((u) => [u.promoter!.id, u.promoter!.name])).entries()]
    .map(([id, name]) => ({ value: String(id), label: name }));

  return (
    <>
      <Field<string> name="behaviour_type">
        {({ input }) => (
          <FormGroup label="Behaviour type">
            <RadioGroup
              inline
              name="behaviour_type"
              selectedValue={input.value}
              onChange={(e) => {
                const next = (e.target as HTMLInputElement).value as BehaviourType;
                const values = applyBehaviourType(form.getState().values, next);
                form.batch(() => {
                  form.change('behaviour_type', values.behaviour_type);
                  form.change('ticket_vat', String(values.ticket_vat ?? ''));
                  form.change('venue_open_date', values.venue_open_date ?? '');
                  form.change('venue_open_time', values.venue_open_time ?? '');
                });
              }}
            >
              <Radio value="event" label="Event" />
              <Radio value="membership_card" label="Membership card" />
            </RadioGroup>
          </FormGroup>
        )}
      </Field>
      {choosePromoter ? (
        <SelectField name="promoter" label="Promoter" required loading={promoters.isLoading} options={promoterOptions} />
      ) : null}
      <div className="form-row">
        <SelectField name="type" label="Type" required options={EVENT_TYPES.map((t) => ({ value: t, label: capitalise(t) }))} />
        <SelectField name="genre" label="Genre" loading={genres.isLoading} options={(genres.data?.collection ?? []).map((g) => ({ value: String(g.id), label: g.name }))} />
      </div>
      <Tabs id="event-language" selectedTabId={language} onChange={(id) => setLanguage(id as 'en' | 'sv')}>
        <Tab id="en" title="English" panel={<TextsFor language="en" />} />
        <Tab id="sv" title="Swedish" panel={<TextsFor language="sv" />} />
      </Tabs>
    </>
  );
}

function TextsFor({ language }: { language: 'en' | 'sv' }) {
  const suffix = language === 'en' ? '(en)' : '(sv)';
  return (
    <div className="language-panel">
      <TextField name={`translations.${language}.name`} label={`Title ${suffix}`} />
      <TextField name={`translations.${language}.performer_name`} label={`Performer name ${suffix}`} />
      <TextAreaField name={`translations.${language}.description`} label={`Description ${suffix}`} rows={4} />
    </div>
  );
}
