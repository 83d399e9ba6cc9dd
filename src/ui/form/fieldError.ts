import type { FieldMetaState } from 'react-final-form';

/**
 * What a field shows: its own error once it was changed and left, or after a submit; the server's message until the
 * field changes. Leaving a field untouched says nothing: "Required" under the empty, autofocused email of the sign-in
 * form grew the card as the pointer went down on "Forgot your password?", and the click missed the moved link.
 */
export function fieldError(meta: FieldMetaState<unknown>): string | undefined {
  const error = (meta.touched && (meta.modified || meta.submitFailed) && meta.error) || (!meta.dirtySinceLastSubmit && meta.submitError);
  return typeof error === 'string' && error ? error : undefined;
}
