import { Button, Callout, Card, H2 } from '@blueprintjs/core';
import { Form } from 'react-final-form';
import { Link, useNavigate } from 'react-router-dom';
import { authApi, useLoginMutation } from '../../api/authApi';
import { loginErrorText } from './loginErrorText';
import { signedIn } from '../../api/sessionSlice';
import type { LoginBody } from '../../contracts/auth';
import { landingPathAfterLogin } from '../../domain/roles';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { TextField } from '../../ui/form/TextField';

const required = (v?: string) => (v && v.trim() ? undefined : 'Required');
const validateLogin = (values: Partial<LoginBody>) => ({ email: required(values.email), password: required(values.password) });


export function LoginPage() {
  const [login, { error, isLoading }] = useLoginMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const endedBecause = useAppSelector((s) => s.session.endedBecause);

  const onSubmit = async (values: LoginBody) => {
    const res = await login({ email: values.email.trim(), password: values.password });
    if (!('data' in res) || !res.data) return;
    dispatch(signedIn(res.data.token));
    const profile = await dispatch(authApi.endpoints.getProfile.initiate(undefined, { forceRefetch: true }));
    if (profile.data) navigate(landingPathAfterLogin(profile.data.type), { replace: true });
  };

  return (
    <Card className="auth-card" elevation={2}>
      <H2>Sign in</H2>
      {endedBecause && !error ? <Callout intent="warning" className="auth-callout">{endedBecause}</Callout> : null}
      {error ? <Callout intent="danger" className="auth-callout" role="alert">{loginErrorText(error)}</Callout> : null}
      <Form<LoginBody> onSubmit={onSubmit} validate={validateLogin}>
        {({ handleSubmit }) => (
          <form onSubmit={handleSubmit} noValidate>
            <TextField name="email" label="Email" type="email" autoComplete="username" autoFocus />
            <TextField name="password" label="Password" type="password" autoComplete="current-password" />
            <Button type="submit" intent="primary" fill loading={isLoading} text="Sign in" />
          </form>
        )}
      </Form>
      <p className="auth-links">
        <Link to="/recovery">Forgot your password?</Link>
      </p>
    </Card>
  );
}

