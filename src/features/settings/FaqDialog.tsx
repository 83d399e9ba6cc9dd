import { Callout, Dialog, DialogBody, FormGroup } from '@blueprintjs/core';
import { useMemo } from 'react';
import { Field, Form } from 'react-final-form';
import { useSaveFaqMutation } from '../../api/platformSettingsApi';
import type { FaqItem } from '../../contracts/platformSettings';
import { FORM_MESSAGES } from '../../domain/forms';
import { isRichTextBlank } from '../../domain/richText';
import { fieldError } from '../../ui/form/fieldError';
import { FormDialogFooter } from '../../ui/form/FormDialogFooter';
import { SelectField } from '../../ui/form/SelectField';
import { submitErrors } from '../../ui/form/submitErrors';
import { TextField } from '../../ui/form/TextField';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { RichTextEditor } from './RichTextEditor';

type Lang = 'en' | 'sv';
interface Values {
  platform: string;
  position: string;
  translations: Record<Lang, { title: string; description: string }>;
}
const LANGS: { lang: Lang; name: string }[] = [{ lang: 'en', name: 'English' }, { lang: 'sv', name: 'Swedish' }];

function initialValues(item: FaqItem | null): Values {
  const t = (lang: Lang) => item?.translations.find((x) => x.language === lang) ?? { title: '', description: '' };
  return {
    platform: item?.platform ?? 'app',
    position: item ? String(item.position) : '',
    translations: { en: { title: t('en').title, description: t('en').description }, sv: { title: t('sv').title, description: t('sv').description } },
  };
}

/** Add or edit a Q&A item (002 §2, §5): title and answer in English and Swedish, all required. */
export function FaqDialog({ item, onClose }: { item: FaqItem | null; onClose: () => void }) {
  const [save] = useSaveFaqMutation();
  // One object per item: a new one on every render (the save's own state change re-renders) made final-form start
  // over, and a failed save emptied what the user had typed.
  const initial = useMemo(() => initialValues(item), [item]);
  const validate = (v: Values) => ({
    position: v.position && !/^\d{1,5}$/.test(v.position.trim()) ? 'Must be a whole number' : undefined,
    translations: Object.fromEntries(
      LANGS.map(({ lang }) => [lang, {
        title: v.translations?.[lang]?.title?.trim() ? undefined : FORM_MESSAGES.required,
        description: isRichTextBlank(v.translations?.[lang]?.description) ? FORM_MESSAGES.required : undefined,
      }]),
    ),
  });
  return (
    <Dialog isOpen onClose={onClose} title={item ? 'Edit Q&A item' : 'Add Q&A item'} style={{ width: 720, maxWidth: '95vw' }}>
      <Form<Values>
        initialValues={initial}
        validate={validate as never}
        onSubmit={async (v) => {
          const body = {
            platform: v.platform as 'app' | 'event_manager',
            position: v.position?.trim() ? Number(v.position) : undefined,
            translations: LANGS.map(({ lang }) => ({ language: lang, title: v.translations[lang].title, description: v.translations[lang].description })),
          };
          const res = await save({ id: item?.id, body });
          if ('error' in res) {
            notifyDanger('Error saving the item');
            const errors = submitErrors(res.error, 'Error saving the item');
            return Object.keys(errors).some((k) => k.startsWith('translations.')) ? { [Object.keys(errors)[0]]: 'Error saving the item' } : errors;
          }
          notifySuccess('Q&A item saved');
          onClose();
        }}
      >
        {({ handleSubmit, submitting, submitError }) => (
          <form onSubmit={handleSubmit} noValidate>
            <DialogBody>
              {submitError ? <Callout intent="danger" role="alert">{submitError}</Callout> : null}
              <div className="form-row">
                <SelectField name="platform" label="Platform" options={[{ value: 'app', label: 'App' }, { value: 'event_manager', label: 'Event manager' }]} />
                <TextField name="position" label="Position" helperText="Blank: last" />
              </div>
              {LANGS.map(({ lang, name }) => (
                <fieldset key={lang} className="faq-language">
                  <legend>{name}</legend>
                  <TextField name={`translations.${lang}.title`} label={`Question (${name})`} />
                  <Field<string> name={`translations.${lang}.description`}>
                    {({ input, meta }) => {
                      const error = fieldError(meta);
                      return (
                        <FormGroup label={`Answer (${name})`} labelFor={`faq-answer-${lang}`} intent={error ? 'danger' : 'none'} helperText={error}>
                          <RichTextEditor id={`faq-answer-${lang}`} label={`Answer (${name})`} value={input.value ?? ''} onChange={input.onChange} onBlur={() => input.onBlur()} invalid={Boolean(error)} />
                        </FormGroup>
                      );
                    }}
                  </Field>
                </fieldset>
              ))}
            </DialogBody>
            <FormDialogFooter onCancel={onClose} submitting={submitting} />
          </form>
        )}
      </Form>
    </Dialog>
  );
}
