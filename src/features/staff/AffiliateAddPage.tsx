import './staff.css';
import { Button, Callout, Card } from '@blueprintjs/core';
import { Form } from 'react-final-form';
import { useNavigate } from 'react-router-dom';
import { useCreateAffiliateMutation } from '../../api/staffApi';
import { AFFILIATE_DEFAULT_COLOR, validateAffiliateForm } from '../../domain/backOfficeForms';
import { BackLink } from '../../ui/BackLink';
import { SelectField } from '../../ui/form/SelectField';
import { TextField } from '../../ui/form/TextField';
import { submitErrors } from '../../ui/form/submitErrors';
import { notifySuccess } from '../../ui/notify';
import { useChoosesPromoter, usePromoterOptions } from './staffShared';

interface Values { promoter?: string; name?: string; link_short_name?: string }

/** /affiliates/add (002 §2, §5): name and link short name ('Required!'), promoter for admins; then its branding page. */
export function AffiliateAddPage() {
  const navigate = useNavigate();
  const isAdmin = useChoosesPromoter();
  const promoters = usePromoterOptions(!isAdmin);
  const [create] = useCreateAffiliateMutation();
  return (
    <div className="page page-narrow">
      <BackLink to="/affiliates" />
      <h1 className="page-title">Add Affiliate</h1>
      <Card>
        <Form<Values>
          validate={(v) => validateAffiliateForm(v, { isAdmin })}
          onSubmit={async (v) => {
            const res = await create({ promoter: isAdmin && v.promoter ? Number(v.promoter) : undefined, name: v.name, link_short_name: v.link_short_name, primary_color: AFFILIATE_DEFAULT_COLOR });
            if ('error' in res) return submitErrors(res.error, 'Error creating the affiliate');
            notifySuccess('Affiliate created');
            navigate(`/affiliates/${res.data.id}/branding`);
          }}
        >
          {({ handleSubmit, submitting, submitError }) => (
            <form onSubmit={handleSubmit} noValidate>
              {submitError ? <Callout intent="danger" role="alert">{submitError}</Callout> : null}
              {isAdmin ? <SelectField name="promoter" label="Promoter" options={promoters.options} loading={promoters.loading} /> : null}
              <TextField name="name" label="Name" autoComplete="off" />
              <TextField name="link_short_name" label="Link short name" autoComplete="off" helperText="Letters, digits and dashes; part of the affiliate's event links" />
              <div className="form-actions">
                <Button type="submit" intent="primary" loading={submitting} text="Save" />
                <Button text="Cancel" onClick={() => navigate('/affiliates')} />
              </div>
            </form>
          )}
        </Form>
      </Card>
    </div>
  );
}
