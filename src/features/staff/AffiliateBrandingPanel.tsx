import { Button, Callout, Card, FileInput, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { Field, Form } from 'react-final-form';
import { useUpdateAffiliateMutation } from '../../api/staffApi';
import type { Affiliate } from '../../contracts/staff';
import { validateAffiliateBranding } from '../../domain/backOfficeForms';
import { fieldError } from '../../ui/form/fieldError';
import { submitErrors } from '../../ui/form/submitErrors';
import { notifySuccess } from '../../ui/notify';

interface Values { primary_color: string }

/**
 * Branding (002 §5, §9): primary colour ('Color is required') and the logo, 240x100 px advised, at most 3 MB (checked
 * before the upload and again by the server). Saved by the multipart update. Without the promoter's permission
 * (can_apply_own_branding, 002 §6) the branding is shown, not editable, and says why (docs/staff.md).
 */
export function AffiliateBrandingPanel({ affiliate }: { affiliate: Affiliate }) {
  const [update] = useUpdateAffiliateMutation();
  const [logo, setLogo] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const logoError = validateAffiliateBranding({ primary_color: '#000000', logo_size: logo?.size ?? null }).logo_size;
  const choose = (file: File | null) => {
    if (preview) URL.revokeObjectURL(preview);
    setLogo(file);
    setPreview(file ? URL.createObjectURL(file) : null);
  };
  const locked = !affiliate.can_apply_branding;
  return (
    <Card>
      {locked ? (
        <Callout intent="warning" icon="lock" title="Own branding is not enabled" className="affiliate-branding-locked">
          Your promoter may not apply its own branding, so this affiliate keeps its colour and logo. An administrator can
          allow it in the promoter&apos;s settings (Can apply own branding).
        </Callout>
      ) : null}
      <Form<Values>
        initialValues={{ primary_color: affiliate.primary_color }}
        validate={(v) => ({ primary_color: validateAffiliateBranding(v).primary_color })}
        onSubmit={async (v) => {
          if (logoError) return undefined;
          const res = await update({ id: affiliate.id, fields: { primary_color: v.primary_color }, logo });
          if ('error' in res) return submitErrors(res.error, 'Error saving the branding');
          choose(null);
          notifySuccess('Branding saved');
        }}
      >
        {({ handleSubmit, submitting, submitError, submitErrors: fieldErrors }) => (
          <form onSubmit={handleSubmit} noValidate>
            {submitError ? <Callout intent="danger" role="alert">{submitError}</Callout> : null}
            <Field<string> name="primary_color">
              {({ input, meta }) => {
                const error = fieldError(meta);
                return (
                  <FormGroup label="Primary color" labelFor="field-primary_color" intent={error ? 'danger' : 'none'} helperText={error}>
                    <InputGroup {...input} id="field-primary_color" intent={error ? 'danger' : 'none'} aria-invalid={error ? true : undefined} disabled={locked}
                      leftElement={<input type="color" className="color-picker" aria-label="Pick the primary color" disabled={locked} value={/^#[0-9a-f]{6}$/i.test(input.value) ? input.value : '#000000'} onChange={(e) => input.onChange(e.currentTarget.value.toUpperCase())} />} />
                  </FormGroup>
                );
              }}
            </Field>
            <FormGroup label="Logo" labelFor="affiliate-logo" helperText={logoError ?? (fieldErrors as Record<string, string> | undefined)?.logo ?? 'Recommended size 240x100 px, max 3 MB (JPEG, PNG, WebP or GIF)'}
              intent={logoError ? 'danger' : 'none'}>
              <FileInput fill disabled={locked} text={logo?.name ?? 'Choose a logo…'} buttonText="Browse"
                inputProps={{ id: 'affiliate-logo', accept: 'image/png,image/jpeg,image/webp,image/gif', onChange: (e) => choose(e.currentTarget.files?.[0] ?? null) } as React.InputHTMLAttributes<HTMLInputElement>} />
            </FormGroup>
            <div className="affiliate-logo-box">
              {preview || affiliate.logo ? <img src={preview ?? affiliate.logo!} alt={`${affiliate.name} logo`} className="affiliate-logo" /> : <span className="muted">No logo yet</span>}
            </div>
            <div className="form-actions">
              <Button type="submit" intent="primary" loading={submitting} disabled={locked || Boolean(logoError)} text="Save" />
            </div>
          </form>
        )}
      </Form>
    </Card>
  );
}
