import { Button, Callout, Card, H2 } from '@blueprintjs/core';
import { Form } from 'react-final-form';
import { Link, useParams } from 'react-router-dom';
import { useCheckResetTokenQuery, useResetPasswordMutation } from '../../api/authApi';
import { validateNewPassword } from '../../domain/passwordReset';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { TextField } from '../../ui/form/TextField';
import { submitErrors } from '../../ui/form/submitErrors';

interface ResetValues {
  password: string;
  password_confirmation: string;
}

/** /reset/{token}: set a new password with the link from the recovery mail. */
export function ResetPage() {
  const { token = '' } = useParams();
  const status = useCheckResetTokenQuery(token, { skip: !token });
  const [resetPassword, { data }] = useResetPasswordMutation();

  if (!token || status.data?.valid === false) {
    return (
      <Card className="auth-card" elevation={2}>
        <H2>Set a new password</H2>
        <Callout intent="warning" role="alert">This link has expired or was already used. Ask for a new one.</Callout>
        <p className="auth-links"><Link to="/recovery">Ask for a new link</Link></p>
      </Card>
    );
  }
  if (status.isLoading) return <LoadingSpinner />;
  return (
    <Card className="auth-card" elevation={2}>
      <H2>Set a new password</H2>
      {status.data?.email ? <p>For {status.data.email}</p> : null}
      {data ? (
        <>
          <Callout intent="success" role="status">{data.message}</Callout>
          <p className="auth-links"><Link to="/login">Sign in</Link></p>
        </>
      ) : (
        <Form<ResetValues>
          validate={validateNewPassword}
          onSubmit={async (v) => {
            const res = await resetPassword({ token, ...v });
            return 'error' in res ? submitErrors(res.error) : undefined;
          }}
        >
          {({ handleSubmit, submitError, submitting }) => (
            <form onSubmit={handleSubmit} noValidate>
              {submitError ? <Callout intent="danger" className="auth-callout" role="alert">{submitError}</Callout> : null}
              <TextField name="password" label="New password" type="password" autoComplete="new-password" autoFocus />
              <TextField name="password_confirmation" label="Repeat the new password" type="password" autoComplete="new-password" />
              <Button type="submit" intent="primary" fill loading={submitting} text="Set password" />
              <p className="auth-links"><Link to="/login">Back to sign in</Link></p>
            </form>
          )}
        </Form>
      )}
    </Card>
  );
}
