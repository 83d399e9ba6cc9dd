import './staff.css';
import { Button, Callout, Card } from '@blueprintjs/core';
import { Form } from 'react-final-form';
import { useNavigate, useParams } from 'react-router-dom';
import { useCreateStaffUserMutation, useGetStaffUserQuery, useUpdateStaffUserMutation } from '../../api/staffApi';
import type { StaffUserBody } from '../../contracts/staff';
import { passwordPayload, validateBoxOfficeUserForm } from '../../domain/userForms';
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

interface Values { promoter?: string; name?: string; first_name?: string; last_name?: string; phone?: string; email?: string; password?: string }

/** /boxoffice-users/add and /boxoffice-users/{id}/edit (002 §2, §5, §7). */
export function BoxOfficeUserFormPage() {
  const { id: idParam } = useParams();
  const id = idParam ? Number(idParam) : null;
  const existing = useGetStaffUserQuery({ path: 'boxoffice-users', id: id ?? 0 }, { skip: id === null });
  if (id !== null && existing.isLoading) return <LoadingSpinner />;
  if (id !== null && errorStatus(existing.error) === 404) return <NotFoundPanel title="Box office user not found" back={{ to: '/boxoffice-users/list', list: 'box office users' }} />;
  if (id !== null && !existing.data) return <RetryPanel onRetry={existing.refetch} />;
  const u = existing.data;
  const initial: Values = u
    ? { promoter: String(u.promoter.id), name: u.name, first_name: u.first_name ?? '', last_name: u.last_name ?? '', phone: u.phone ?? '', email: u.email ?? '' }
    : {};
  return <BoxOfficeUserForm id={id} initial={initial} />;
}

function BoxOfficeUserForm({ id, initial }: { id: number | null; initial: Values }) {
  const navigate = useNavigate();
  const isAdmin = useChoosesPromoter();
  const promoters = usePromoterOptions(!isAdmin);
  const [create] = useCreateStaffUserMutation();
  const [update] = useUpdateStaffUserMutation();
  const back = '/boxoffice-users/list';
  const onSubmit = async (v: Values) => {
    const body: StaffUserBody = {
      promoter_id: isAdmin && v.promoter ? Number(v.promoter) : undefined,
      name: v.name, first_name: v.first_name, last_name: v.last_name, phone: v.phone, email: v.email, ...passwordPayload(v.password),
    };
    const res = id === null ? await create({ path: 'boxoffice-users', body }) : await update({ path: 'boxoffice-users', id, body });
    if ('error' in res) {
      notifyDanger(saveErrorText(res.error));
      return submitErrors(res.error, 'Error create user');
    }
    notifySuccess(id === null ? 'Box-office user created' : 'Box-office user saved');
    navigate(isAdmin ? `${back}?promoter=${res.data.promoter.id}` : back);
  };
  return (
    <div className="page page-narrow">
      <BackLink to={back} />
      <h1 className="page-title">{id === null ? 'Add Box Office User' : 'Edit Box Office User'}</h1>
      <Card>
        <Form<Values> initialValues={initial} validate={(v) => validateBoxOfficeUserForm(v, { isAdmin })} onSubmit={onSubmit}>
          {({ handleSubmit, submitting, submitError }) => (
            <form onSubmit={handleSubmit} noValidate>
              {submitError ? <Callout intent="danger" role="alert">{submitError}</Callout> : null}
              {isAdmin ? <SelectField name="promoter" label="Promoter" options={promoters.options} loading={promoters.loading} /> : null}
              <TextField name="name" label="Box Office Name" autoComplete="off" />
              <StaffPersonFields />
              <TextField name="password" label="Password" type="password" autoComplete="new-password"
                helperText={id === null ? undefined : 'Leave empty to keep the current password'} />
              <div className="form-actions">
                <Button type="submit" intent="primary" loading={submitting} text="Save" />
                <Button text="Cancel" onClick={() => navigate(back)} />
              </div>
            </form>
          )}
        </Form>
      </Card>
    </div>
  );
}
