import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { errorMessage, validationErrors } from '../../api/errorMessage';

/** 002 §8: a failed create or update says the validation messages joined with '; ', else the message, else 'Error create user'. */
export function saveErrorText(err: FetchBaseQueryError | SerializedError | undefined): string {
  const fields = validationErrors(err);
  if (fields) return Object.values(fields).flat().join('; ');
  return errorMessage(err, 'Error create user');
}
