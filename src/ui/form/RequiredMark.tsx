/**
 * The mark of a required field beside its label (issue 24 "required fields are marked"). The asterisk is drawn by CSS
 * (`.required-mark::after`, with empty alternative text), not written into the label: the label's text, and so the
 * field's name for screen readers and for `getByLabel`, stays exactly the label ("Venue", not "Venue*"). Screen
 * readers hear the input's aria-required instead.
 */
export function RequiredMark({ required }: { required?: boolean }) {
  return required ? <span className="required-mark" aria-hidden="true" title="Required" /> : null;
}
