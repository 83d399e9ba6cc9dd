import { Button, Callout, Card } from '@blueprintjs/core';
import { Form } from 'react-final-form';
import { useNavigate } from 'react-router-dom';
import { useUpdateUserMutation } from '../../api/peopleApi';
import type { UserDetail } from '../../contracts/people';
import { passwordPayload, validateAttendeeForm } from '../../domain/userForms';
import { TextField } from '../../ui/form/TextField';
import { submitErrors } from '../../ui/form/submitErrors';
import { notifySuccess } from '../../ui/notify';

type Values = { first_name: string; last_name: string; phone: string; password: string };

/** The attendee inline edit (002 §2, §5): phone required; names come from BankID or the document and stay as they are. */
export function AttendeeEditForm({ user }: { user: UserDetail }) {
  const navigate = useNavigate();
  const [update] = useUpdateUserMutation();
  const byDocument = user.register_type === 'document';
  return (
    <Card>
      <Form<Values>
        initialValues={{ first_name: user.first_name ?? '', last_name: user.last_name ?? '', phone: user.phone ?? '', password: '' }}
        validate={(v) => validateAttendeeForm({ phone: v.phone, password: byDocument ? v.password : '' })}
        onSubmit={async (v) => {
          const res = await update({ id: user.id, body: { phone: v.phone, ...(byDocument ? passwordPayload(v.password) : {}) } });
          if ('error' in res) return submitErrors(res.error, 'Error create user');
          notifySuccess('User saved');
          navigate(`/users/${user.id}`);
        }}
      >
        {({ handleSubmit, submitting, submitError }) => (
          <form onSubmit={handleSubmit} noValidate>
            {submitError ? <Callout intent="danger" role="alert">{submitError}</Callout> : null}
            <div className="form-row">
              <TextField name="first_name" label="First name" disabled />
              <TextField name="last_name" label="Last name" disabled />
            </div>
            <TextField name="phone" label="Phone" type="tel" autoComplete="tel" />
            {byDocument ? (
              <TextField name="password" label="Password" type="password" autoComplete="new-password" helperText="Leave empty to keep the current password" />
            ) : null}
            <div className="people-actions">
              <Button text="Cancel" onClick={() => navigate(`/users/${user.id}`)} />
              <Button type="submit" intent="primary" text="Save" loading={submitting} />
            </div>
          </form>
        )}
      </Form>
    </Card>
  );
}
