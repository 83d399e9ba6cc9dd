/**
 * The mark of a required field beside its label (issue 24 "required fields are marked"). Hidden from screen readers,
 * which hear the input's aria-required instead, so the field's accessible name stays its label.
 */
export function RequiredMark({ required }: { required?: boolean }) {
  return required ? <span className="required-mark" aria-hidden="true" title="Required">*</span> : null;
}
