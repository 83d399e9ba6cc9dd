import { TextField } from '../../ui/form/TextField';

/** The person on a box-office or scanner user form: first and last name side by side, phone and email. */
export function StaffPersonFields() {
  return (
    <>
      <div className="form-row">
        <TextField name="first_name" label="First Name" autoComplete="off" />
        <TextField name="last_name" label="Last Name" autoComplete="off" />
      </div>
      <TextField name="phone" label="Phone" type="tel" autoComplete="off" />
      <TextField name="email" label="Email" type="email" autoComplete="off" />
    </>
  );
}
