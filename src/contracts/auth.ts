import { Type, type Static } from 'typebox';

import { ACCOUNT_TYPES, type AccountType as DomainAccountType } from '../domain/roles';

export const AccountType = Type.Union(ACCOUNT_TYPES.map((t) => Type.Literal(t)));
export type AccountType = DomainAccountType;

export const LoginBody = Type.Object({
  email: Type.String({ maxLength: 320 }),
  password: Type.String({ maxLength: 1024 }),
});
export type LoginBody = Static<typeof LoginBody>;

export const TokenResponse = Type.Object({
  token: Type.String(),
  token_type: Type.Literal('bearer'),
  /** Seconds until the token expires. */
  expires_in: Type.Integer(),
});
export type TokenResponse = Static<typeof TokenResponse>;

export const Profile = Type.Object({
  id: Type.Integer(),
  type: AccountType,
  promoter_id: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  first_name: Type.Union([Type.String(), Type.Null()]),
  last_name: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
});
export type Profile = Static<typeof Profile>;

export const ProfileUpdateBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  first_name: Type.Optional(Type.String({ maxLength: 100 })),
  last_name: Type.Optional(Type.String({ maxLength: 100 })),
  email: Type.Optional(Type.String({ maxLength: 320 })),
  phone: Type.Optional(Type.String({ maxLength: 40 })),
  current_password: Type.Optional(Type.String({ maxLength: 1024 })),
  password: Type.Optional(Type.String({ maxLength: 1024 })),
  password_confirmation: Type.Optional(Type.String({ maxLength: 1024 })),
});
export type ProfileUpdateBody = Static<typeof ProfileUpdateBody>;

export const ProfileUpdateResponse = Type.Object({
  message: Type.String(),
  profile: Profile,
  /** A fresh token when the password changed (older tokens are revoked). */
  token: Type.Optional(Type.String()),
});
export type ProfileUpdateResponse = Static<typeof ProfileUpdateResponse>;

export const RecoveryBody = Type.Object({ email: Type.String({ maxLength: 320 }) });
export type RecoveryBody = Static<typeof RecoveryBody>;

export const ResetBody = Type.Object({
  token: Type.String({ maxLength: 200 }),
  password: Type.String({ maxLength: 1024 }),
  password_confirmation: Type.String({ maxLength: 1024 }),
});
export type ResetBody = Static<typeof ResetBody>;

export const ResetTokenStatus = Type.Object({ valid: Type.Boolean(), email: Type.Optional(Type.String()) });
export type ResetTokenStatus = Static<typeof ResetTokenStatus>;
