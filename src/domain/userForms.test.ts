import { describe, expect, it } from 'vitest';
import {
  passwordPayload,
  validateAttendeeForm,
  validateBoxOfficeUserForm,
  validateCorporateForm,
  validatePromoterForm,
  validateScannerForm,
  validateServiceFeeRow,
} from './userForms';

const person = { first_name: 'Anna', last_name: 'Svensson', phone: '+46701234567', email: 'anna@example.se' };

describe('validateServiceFeeRow', () => {
  it('requires a numeric fixed fee', () => {
    expect(validateServiceFeeRow({ price_min: 0, price_max: 100, fixed: '' })).toEqual({ fixed: 'Required' });
    expect(validateServiceFeeRow({ fixed: 'ten' })).toEqual({ fixed: 'Must be a number' });
    expect(validateServiceFeeRow({ fixed: '10,50' })).toEqual({});
    expect(validateServiceFeeRow({ fixed: 0 })).toEqual({});
  });

  it('checks the band prices', () => {
    expect(validateServiceFeeRow({ price_min: 'x', fixed: 5 })).toEqual({ price_min: 'Must be a number' });
    expect(validateServiceFeeRow({ price_min: 100, price_max: 100, fixed: 5 })).toEqual({
      price_max: 'Must be above the minimum price',
    });
    expect(validateServiceFeeRow({ price_min: 100, price_max: '', fixed: 5 })).toEqual({});
    expect(validateServiceFeeRow({ price_max: 0, fixed: 5 })).toEqual({ price_max: 'Must be above the minimum price' });
  });
});

describe('validatePromoterForm', () => {
  const valid = {
    name: 'Arena AB',
    ...person,
    organization_number: '556000-0000',
    address: 'Storgatan 1',
    city: 'Stockholm',
    postcode: '111 22',
    country: 'SE',
  };

  it('accepts a complete form without password', () => {
    expect(validatePromoterForm(valid)).toEqual({});
  });

  it('requires every listed field with "This field is required"', () => {
    expect(validatePromoterForm({})).toEqual({
      name: 'This field is required',
      first_name: 'This field is required',
      last_name: 'This field is required',
      organization_number: 'This field is required',
      address: 'This field is required',
      city: 'This field is required',
      postcode: 'This field is required',
      country: 'This field is required',
      phone: 'This field is required',
      email: 'This field is required',
    });
  });

  it('checks email, a given password and each fee row', () => {
    expect(
      validatePromoterForm({ ...valid, email: 'x@', password: '123', fees: [{ fixed: 5 }, { fixed: 'a' }] }),
    ).toEqual({
      email: 'Email you entered is invalid',
      password: 'This must be at least 6 characters long',
      fees: [undefined, { fixed: 'Must be a number' }],
    });
  });
});

describe('validateCorporateForm', () => {
  const valid = { corporate_name: 'Firma AB', ...person };

  it('requires the promoter from admins only', () => {
    expect(validateCorporateForm(valid, { isAdmin: true })).toEqual({ promoter: 'This field is required' });
    expect(validateCorporateForm(valid, { isAdmin: false })).toEqual({});
    expect(validateCorporateForm({ ...valid, promoter: 3 }, { isAdmin: true })).toEqual({});
  });

  it('requires the names, phone and a valid email; password optional but 6+', () => {
    expect(validateCorporateForm({ email: 'bad' }, { isAdmin: false })).toEqual({
      corporate_name: 'This field is required',
      first_name: 'This field is required',
      last_name: 'This field is required',
      phone: 'This field is required',
      email: 'Email you entered is invalid',
    });
    expect(validateCorporateForm({ ...valid, password: '12345' }, { isAdmin: false })).toEqual({
      password: 'This must be at least 6 characters long',
    });
  });
});

describe('validateScannerForm', () => {
  it('needs a password to create and a matching confirmation', () => {
    expect(validateScannerForm(person, { isAdmin: false, mode: 'create' })).toEqual({
      password: 'This field is required',
    });
    expect(
      validateScannerForm({ ...person, password: 'secret1', password_confirm: 'secret2' }, { isAdmin: false, mode: 'create' }),
    ).toEqual({ password_confirm: 'Passwords must match' });
    expect(
      validateScannerForm({ ...person, password: 'secret1', password_confirm: 'secret1' }, { isAdmin: false, mode: 'create' }),
    ).toEqual({});
  });

  it('keeps the old password when editing with an empty one', () => {
    expect(validateScannerForm(person, { isAdmin: false, mode: 'edit' })).toEqual({});
    expect(validateScannerForm({ ...person, password: 'short', password_confirm: 'short' }, { isAdmin: false, mode: 'edit' })).toEqual({
      password: 'This must be at least 6 characters long',
    });
  });

  it('requires the promoter from admins', () => {
    expect(validateScannerForm(person, { isAdmin: true, mode: 'edit' })).toEqual({ promoter: 'This field is required' });
  });
});

describe('validateBoxOfficeUserForm', () => {
  it('requires name, first and last name, phone and a valid email', () => {
    expect(validateBoxOfficeUserForm({}, { isAdmin: true })).toEqual({
      promoter: 'This field is required',
      name: 'This field is required',
      first_name: 'This field is required',
      last_name: 'This field is required',
      phone: 'This field is required',
      email: 'This field is required',
    });
    expect(validateBoxOfficeUserForm({ name: 'Kassa 1', ...person }, { isAdmin: false })).toEqual({});
    expect(validateBoxOfficeUserForm({ name: 'Kassa 1', ...person, password: '1234' }, { isAdmin: false })).toEqual({
      password: 'This must be at least 6 characters long',
    });
  });
});

describe('validateAttendeeForm', () => {
  it('requires the phone', () => {
    expect(validateAttendeeForm({ phone: ' ' })).toEqual({ phone: 'This field is required' });
    expect(validateAttendeeForm({ phone: '+46701234567' })).toEqual({});
  });
});

describe('passwordPayload', () => {
  it('sends the confirmation equal to the password, or nothing', () => {
    expect(passwordPayload('secret1')).toEqual({ password: 'secret1', password_confirmation: 'secret1' });
    expect(passwordPayload('')).toEqual({});
    expect(passwordPayload(undefined)).toEqual({});
  });
});
