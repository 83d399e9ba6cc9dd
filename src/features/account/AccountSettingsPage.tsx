import { Button, Callout, Card, Tab, Tabs } from '@blueprintjs/core';
import { Form } from 'react-final-form';
import { useNavigate, useParams } from 'react-router-dom';
import { useGetProfileQuery, useUpdateProfileMutation } from '../../api/authApi';
import { tokenRefreshed } from '../../api/sessionSlice';
import type { ProfileUpdateBody } from '../../contracts/auth';
import { useAppDispatch } from '../../app/hooks';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';
import { TextField } from '../../ui/form/TextField';
import { submitErrors } from '../../ui/form/submitErrors';
import { notifySuccess } from '../../ui/notify';
import { validatePasswordChange } from '../../domain/forms';

type GeneralValues = Pick<ProfileUpdateBody, 'name' | 'first_name' | 'last_name' | 'email' | 'phone'>;
type PasswordValues = { current_password: string; password: string; password_confirmation: string };

/** /account-settings/{general|password}. */
export function AccountSettingsPage() {
  const { tab = 'general' } = useParams();
  const navigate = useNavigate();
  return (
    <div className="page page-narrow">
      <h1 className="page-title">Account Settings</h1>
      <Tabs id="account-settings" selectedTabId={tab} onChange={(id) => navigate(`/account-settings/${id}`)}>
        <Tab id="general" title="General" panel={<GeneralPanel />} />
        <Tab id="password" title="Password" panel={<PasswordPanel />} />
      </Tabs>
    </div>
  );
}

function GeneralPanel() {
  const profile = useGetProfileQuery();
  const [update] = useUpdateProfileMutation();
  if (profile.isLoading) return <LoadingSpinner />;
  if (!profile.data) return <RetryPanel onRetry={profile.refetch} detail="Something went wrong" />;
  const p = profile.data;
  return (
    <Card>
      <Form<GeneralValues>
        initialValues={{ name: p.name, first_name: p.first_name ?? '', last_name: p.last_name ?? '', email: p.email ?? '', phone: p.phone ?? '' }}
        validate={(v) => ({ name: v.name?.trim() ? undefined : 'Required', email: v.email?.trim() ? undefined : 'Required' })}
        onSubmit={async (v) => {
          const res = await update(v);
          if ('error' in res) return submitErrors(res.error);
          notifySuccess('Profile saved');
        }}
      >
        {({ handleSubmit, submitting, submitError, pristine }) => (
          <form onSubmit={handleSubmit} noValidate>
            {submitError ? <Callout intent="danger" role="alert">{submitError}</Callout> : null}
            <TextField name="name" label="Name" autoComplete="name" />
            <div className="form-row">
              <TextField name="first_name" label="First name" autoComplete="given-name" />
              <TextField name="last_name" label="Last name" autoComplete="family-name" />
            </div>
            <TextField name="email" label="Email" type="email" autoComplete="email" />
            <TextField name="phone" label="Phone" type="tel" autoComplete="tel" />
            <Button type="submit" intent="primary" loading={submitting} disabled={pristine} text="Save" />
          </form>
        )}
      </Form>
    </Card>
  );
}

function PasswordPanel() {
  const [update] = useUpdateProfileMutation();
  const dispatch = useAppDispatch();
  return (
    <Card>
      <Form<PasswordValues>
        validate={validatePasswordChange}
        onSubmit={async (v, form) => {
          const res = await update(v);
          if ('error' in res) return submitErrors(res.error);
          // The password change revoked older tokens; keep this session on the fresh one.
          if (res.data.token) dispatch(tokenRefreshed(res.data.token));
          notifySuccess(res.data.message);
          setTimeout(() => form.restart());
        }}
      >
        {({ handleSubmit, submitting, submitError }) => (
          <form onSubmit={handleSubmit} noValidate>
            {submitError ? <Callout intent="danger" role="alert">{submitError}</Callout> : null}
            <TextField name="current_password" label="Current password" type="password" autoComplete="current-password" />
            <TextField name="password" label="New password" type="password" autoComplete="new-password" />
            <TextField name="password_confirmation" label="Repeat the new password" type="password" autoComplete="new-password" />
            <Button type="submit" intent="primary" loading={submitting} text="Change password" />
          </form>
        )}
      </Form>
    </Card>
  );
}
