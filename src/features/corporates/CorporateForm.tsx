import { Button, Callout, Card } from '@blueprintjs/core';
import { Form } from 'react-final-form';
import type { CorporateFormValues } from '../../domain/userForms';
import { validateCorporateForm } from '../../domain/userForms';
import { SelectField } from '../../ui/form/SelectField';
import { TextField } from '../../ui/form/TextField';
import { usePromoterOptions } from './PromoterSelect';

interface CorporateFormProps {
  initialValues: CorporateFormValues;
  isAdmin: boolean;
  submitText: string;
  onSubmit: (values: CorporateFormValues) => Promise<Record<string, string> | undefined>;
  onCancel: () => void;
}

/** The corporate form (002 §5): promoter (admin only), company and representative, phone, email, optional password. */
export function CorporateForm({ initialValues, isAdmin, submitText, onSubmit, onCancel }: CorporateFormProps) {
  const promoters = usePromoterOptions(!isAdmin);
  return (
    <Form<CorporateFormValues>
      initialValues={initialValues}
      validate={(values) => validateCorporateForm(values, { isAdmin })}
      onSubmit={onSubmit}
      subscription={{ submitting: true, submitError: true }}
    >
      {({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Corporate">
          <Card className="form-card">
            {submitError ? <Callout intent="danger" role="alert" className="form-callout">{submitError}</Callout> : null}
            {isAdmin ? <SelectField name="promoter" label="Promoter" options={promoters.options} loading={promoters.isLoading} placeholder="Choose a promoter" /> : null}
            <TextField name="corporate_name" label="Corporate name" autoComplete="organization" />
            <TextField name="first_name" label="First name" autoComplete="off" />
            <TextField name="last_name" label="Last name" autoComplete="off" />
            <TextField name="phone" label="Phone" type="tel" autoComplete="off" />
            <TextField name="email" label="Email" type="email" autoComplete="off" />
            <TextField name="password" label="Password" type="password" autoComplete="new-password" helperText="Optional: at least 6 characters" />
            <div className="form-actions">
              <Button text="Cancel" onClick={onCancel} />
              <Button type="submit" intent="primary" text={submitText} loading={submitting} />
            </div>
          </Card>
        </form>
      )}
    </Form>
  );
}
