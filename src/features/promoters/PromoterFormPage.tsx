import './promoters.css';
import { Button, Callout, Card } from '@blueprintjs/core';
import { countryOptions } from '../../domain/countries';
import { SelectField } from '../../ui/form/SelectField';
import { FORM_ERROR } from 'final-form';
import { Form } from 'react-final-form';
import { useNavigate, useParams } from 'react-router-dom';
import { errorMessage, errorStatus, validationErrors } from '../../api/errorMessage';
import {
  useCreatePromoterMutation, useGetPromoterQuery, useGetPromoterServiceFeesQuery, useSaveServiceFeesMutation, useUpdatePromoterMutation,
} from '../../api/peopleApi';
import { BackLink } from '../../ui/BackLink';
import { NotFoundPanel } from '../../ui/NotFoundPanel';
import { CheckboxField } from '../../ui/form/CheckboxField';
import { TextField } from '../../ui/form/TextField';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { RetryPanel } from '../../ui/RetryPanel';
import { feesBody, initialPromoterValues, nestedSubmitErrors, promoterBody, validatePromoterValues, type PromoterFormValues } from './promoterFormValues';
import { ServiceFeeRows } from './ServiceFeeRows';

/** /promoters/create. */
/** 000 §3: the countries list is built locally (src/domain/countries.ts); the promoter stores the code. */
const COUNTRY_OPTIONS = countryOptions();

export function PromoterCreatePage() {
  return <PromoterForm initialValues={initialPromoterValues()} />;
}

/** /promoters/{id}/edit: loads the promoter and its fee scheme first. */
export function PromoterEditPage() {
  const id = Number(useParams().id);
  const promoter = useGetPromoterQuery(id);
  const fees = useGetPromoterServiceFeesQuery(id);
  if (promoter.isLoading || fees.isLoading) return <LoadingSpinner label="Loading the promoter" />;
  if (errorStatus(promoter.error) === 404) return <NotFoundPanel title="Promoter not found" back={{ to: '/promoters', list: 'promoters' }} />;
  if (!promoter.data || !fees.data) return <RetryPanel onRetry={() => { void promoter.refetch(); void fees.refetch(); }} />;
  return <PromoterForm id={id} initialValues={initialPromoterValues(promoter.data, fees.data)} />;
}

const failure = (err: Parameters<typeof validationErrors>[0], message: string) => {
  const fields = validationErrors(err);
  notifyDanger(fields ? Object.values(fields).flat().join('; ') || message : errorMessage(err, message));
  return fields ? nestedSubmitErrors(fields) : { [FORM_ERROR]: errorMessage(err, message) };
};

/**
 * The promoter form (002 §2, §5): organisation, contact person and sign-in, permissions, and the service-fee scheme.
 * The promoter is saved first, then its fee scheme (002 §7 service-fees/batch); a failed step says which.
 */
function PromoterForm({ id, initialValues }: { id?: number; initialValues: PromoterFormValues }) {
  const navigate = useNavigate();
  const [create] = useCreatePromoterMutation();
  const [update] = useUpdatePromoterMutation();
  const [saveFees] = useSaveServiceFeesMutation();
  const onSubmit = async (v: PromoterFormValues) => {
    const saved = id === undefined ? await create(promoterBody(v)) : await update({ id, body: promoterBody(v) });
    if ('error' in saved) return failure(saved.error, 'Error saving promoter...');
    const fees = await saveFees({ promoterId: saved.data.id, fees: feesBody(v) });
    if ('error' in fees) {
      // The promoter exists now: continue on its edit page so a second save does not create it again.
      if (id === undefined) navigate(`/promoters/${saved.data.id}/edit`, { replace: true });
      return failure(fees.error, 'Error saving fees...');
    }
    notifySuccess(id === undefined ? 'Promoter created' : 'Promoter saved');
    navigate('/promoters');
  };
  return (
    <div className="page page-narrow">
      <BackLink to="/promoters" />
      <h1 className="page-title">{id === undefined ? 'Add promoter' : `Edit ${initialValues.name}`}</h1>
      <Card>
        <Form<PromoterFormValues> initialValues={initialValues} validate={validatePromoterValues} onSubmit={onSubmit}>
          {({ handleSubmit, submitting, submitError }) => (
            <form onSubmit={handleSubmit} noValidate aria-label="Promoter">
              {submitError ? <Callout intent="danger" role="alert">{submitError}</Callout> : null}
              <div className="promoter-form-grid">
                <TextField name="name" label="Name" autoComplete="organization" />
                <TextField name="organization_number" label="Organization number" />
                <TextField name="first_name" label="First name" autoComplete="given-name" />
                <TextField name="last_name" label="Last name" autoComplete="family-name" />
                <TextField name="address" label="Address" autoComplete="street-address" />
                <TextField name="city" label="City" autoComplete="address-level2" />
                <TextField name="postcode" label="Postcode" autoComplete="postal-code" />
                <SelectField name="country" label="Country" options={COUNTRY_OPTIONS} />
                <TextField name="phone" label="Phone" type="tel" autoComplete="tel" />
                <TextField name="email" label="Email" type="email" autoComplete="email" />
                <TextField
                  name="password" label="Password" type="password" autoComplete="new-password"
                  helperText={id === undefined ? 'Optional: without one the promoter sets it through password recovery' : 'Leave empty to keep the current password'}
                />
              </div>
              <CheckboxField name="can_download_emails" label="Can download the customers' email list" />
              <CheckboxField name="can_apply_own_branding" label="Can apply own branding" />
              <ServiceFeeRows />
              <div className="people-actions">
                <Button text="Cancel" onClick={() => navigate('/promoters')} />
                <Button type="submit" intent="primary" text="Save" loading={submitting} />
              </div>
            </form>
          )}
        </Form>
      </Card>
    </div>
  );
}
