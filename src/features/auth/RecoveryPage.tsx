import { Button, Callout, Card, H2 } from '@blueprintjs/core';
import { Form } from 'react-final-form';
import { Link } from 'react-router-dom';
import { useRequestRecoveryMutation } from '../../api/authApi';
import { errorMessage } from '../../api/errorMessage';
import { TextField } from '../../ui/form/TextField';

/** /recovery/{token?}: ask for a link to set a new password. */
export function RecoveryPage() {
  const [requestRecovery, { data, error, isLoading }] = useRequestRecoveryMutation();
  return (
    <Card className="auth-card" elevation={2}>
      <H2>Forgot your password?</H2>
      <p>Enter the email of your account. We'll send you a link to set a new password.</p>
      {data ? <Callout intent="success" className="auth-callout" role="status">{data.message}</Callout> : null}
      {error ? <Callout intent="danger" className="auth-callout" role="alert">{errorMessage(error)}</Callout> : null}
      <Form<{ email: string }>
        onSubmit={async (v) => {
          await requestRecovery({ email: v.email.trim() });
        }}
        validate={(v) => ({ email: v.email?.trim() ? undefined : 'Required' })}
      >
        {({ handleSubmit }) => (
          <form onSubmit={handleSubmit} noValidate>
            <TextField name="email" label="Email" type="email" autoComplete="username" autoFocus />
            <Button type="submit" intent="primary" fill loading={isLoading} text="Send the link" />
          </form>
        )}
      </Form>
      <p className="auth-links">
        <Link to="/login">Back to sign in</Link>
      </p>
    </Card>
  );
}
