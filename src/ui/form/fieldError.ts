import type { FieldMetaState } from 'react-final-form';

/** What a field shows: its own error once touched, or the server's message until the field changes. */
export function fieldError(meta: FieldMetaState<unknown>): string | undefined {
  const error = (meta.touched && meta.error) || (!meta.dirtySinceLastSubmit && meta.submitError);
  return typeof error === 'string' && error ? error : undefined;
}
