import { FORM_ERROR } from 'final-form';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { errorMessage, validationErrors } from '../../api/errorMessage';

/**
 * Turns a failed call into final-form submit errors: the server's validation_errors beside their fields
 * (first message each), anything else as the form-level error. final-form keeps every typed value.
 */
export function submitErrors(err: FetchBaseQueryError | SerializedError | undefined, fallback?: string): Record<string, string> {
  const fields = validationErrors(err);
  if (fields) {
    return Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages[0]]));
  }
  return { [FORM_ERROR]: errorMessage(err, fallback) };
}
