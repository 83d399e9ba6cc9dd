import { Button, Callout, Card } from '@blueprintjs/core';
import { Form } from 'react-final-form';
import { useUpdateAffiliateMutation } from '../../api/staffApi';
import type { Affiliate } from '../../contracts/staff';
import { validateAffiliateForm } from '../../domain/backOfficeForms';
import { TextField } from '../../ui/form/TextField';
import { submitErrors } from '../../ui/form/submitErrors';
import { notifySuccess } from '../../ui/notify';
import { StaffStatusTag } from './StaffStatusTag';

interface Values { name: string; link_short_name: string }

/** Affiliate Details: name and link short name (the promoter stays), with the status beside them. */
export function AffiliateDetailsPanel({ affiliate }: { affiliate: Affiliate }) {
  const [update] = useUpdateAffiliateMutation();
  return (
    <Card>
      <dl className="staff-details">
        <div><dt>Promoter</dt><dd>{affiliate.promoter.name}</dd></div>
        <div><dt>Status</dt><dd><StaffStatusTag status={affiliate.status} /></dd></div>
      </dl>
      <Form<Values>
        initialValues={{ name: affiliate.name, link_short_name: affiliate.link_short_name }}
        validate={(v) => validateAffiliateForm(v, { isAdmin: false })}
        onSubmit={async (v) => {
          const res = await update({ id: affiliate.id, fields: { name: v.name, link_short_name: v.link_short_name } });
          if ('error' in res) return submitErrors(res.error, 'Error saving the affiliate');
          notifySuccess('Affiliate saved');
        }}
      >
        {({ handleSubmit, submitting, submitError, pristine }) => (
          <form onSubmit={handleSubmit} noValidate>
            {submitError ? <Callout intent="danger" role="alert">{submitError}</Callout> : null}
            <TextField name="name" label="Name" autoComplete="off" />
            <TextField name="link_short_name" label="Link short name" autoComplete="off" />
            <div className="form-actions">
              <Button type="submit" intent="primary" loading={submitting} disabled={pristine} text="Save" />
            </div>
          </form>
        )}
      </Form>
    </Card>
  );
}
