import './staff.css';
import { Button, Callout, Card } from '@blueprintjs/core';
import { Form } from 'react-final-form';
import { useNavigate, useParams } from 'react-router-dom';
import { useCreateStaffUserMutation, useGetStaffUserQuery, useUpdateStaffUserMutation } from '../../api/staffApi';
import type { StaffUserBody } from '../../contracts/staff';
import { validateScannerForm } from '../../domain/userForms';
import { BackLink } from '../../ui/BackLink';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';
import { errorStatus } from '../../api/errorMessage';
import { NotFoundPanel } from '../../ui/NotFoundPanel';
import { SelectField } from '../../ui/form/SelectField';
import { TextField } from '../../ui/form/TextField';
import { submitErrors } from '../../ui/form/submitErrors';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { saveErrorText } from './saveErrorText';
import { useChoosesPromoter, usePromoterOptions } from './staffShared';
import { StaffPersonFields } from './StaffPersonFields';

interface Values { promoter?: string; first_name?: string; last_name?: string; phone?: string; email?: string; password?: string; password_confirm?: string }

/** /scanner-users/add ('Add Scan App User') and /scanner-users/{userId}/edit (002 §2, §5). */
export function ScannerUserFormPage() {
  const { userId } = useParams();
  const id = userId ? Number(userId) : null;
  const existing = useGetStaffUserQuery({ path: 'scanner-users', id: id ?? 0 }, { skip: id === null });
  if (id !== null && existing.isLoading) return <LoadingSpinner />;
  if (id !== null && errorStatus(existing.error) === 404) return <NotFoundPanel title="Scanner user not found" back={{ to: '/scanner-users', list: 'scanner users' }} />;
  if (id !== null && !existing.data) return <RetryPanel onRetry={existing.refetch} />;
  const u = existing.data;
  const initial: Values = u ? { promoter: String(u.promoter.id), first_name: u.first_name ?? '', last_name: u.last_name ?? '', phone: u.phone ?? '', email: u.email ?? '' } : {};
  return <ScannerUserForm id={id} initial={initial} />;
}

function ScannerUserForm({ id, initial }: { id: number | null; initial: Values }) {
  const navigate = useNavigate();
  const isAdmin = useChoosesPromoter();
  const promoters = usePromoterOptions(!isAdmin);
  const [create] = useCreateStaffUserMutation();
  const [update] = useUpdateStaffUserMutation();
  const mode = id === null ? 'create' : 'edit';
  const onSubmit = async (v: Values) => {
    const body: StaffUserBody = {
      promoter: isAdmin && v.promoter ? Number(v.promoter) : undefined,
      first_name: v.first_name, last_name: v.last_name, phone: v.phone, email: v.email,
      ...(v.password ? { password: v.password, password_confirmation: v.password_confirm ?? '' } : {}),
    };
    const res = id === null ? await create({ path: 'scanner-users', body }) : await update({ path: 'scanner-users', id, body });
    if ('error' in res) {
      notifyDanger(saveErrorText(res.error));
      const errors = submitErrors(res.error, 'Error create user');
      if (errors.password_confirmation) errors.password_confirm = errors.password_confirmation;
      return errors;
    }
    notifySuccess(id === null ? 'Scanner user created' : 'Scanner user saved');
    navigate('/scanner-users');
  };
  return (
    <div className="page page-narrow">
      <BackLink to="/scanner-users" />
      <h1 className="page-title">{id === null ? 'Add Scan App User' : 'Edit Scan App User'}</h1>
      <Card>
        <Form<Values> initialValues={initial} validate={(v) => validateScannerForm(v, { isAdmin, mode })} onSubmit={onSubmit}>
          {({ handleSubmit, submitting, submitError }) => (
            <form onSubmit={handleSubmit} noValidate>
              {submitError ? <Callout intent="danger" role="alert">{submitError}</Callout> : null}
              {isAdmin ? <SelectField name="promoter" label="Promoter" options={promoters.options} loading={promoters.loading} /> : null}
              <StaffPersonFields />
              <div className="form-row">
                <TextField name="password" label="Password" type="password" autoComplete="new-password"
                  helperText={mode === 'edit' ? 'Leave empty to keep the current password' : undefined} />
                <TextField name="password_confirm" label="Confirm Password" type="password" autoComplete="new-password" />
              </div>
              <div className="form-actions">
                <Button type="submit" intent="primary" loading={submitting} text="Save" />
                <Button text="Cancel" onClick={() => navigate('/scanner-users')} />
              </div>
            </form>
          )}
        </Form>
      </Card>
    </div>
  );
}
