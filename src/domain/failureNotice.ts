/**
 * A failure notice as the spec words it (000 §8: 'Error deleting the event', 'Error copying the event...'): the
 * spec's sentence exactly, and the server's reason, when there is one worth showing, on its own line below it, so
 * the sentence is never run together with the reason.
 */
export function failureNotice(message: string, reason?: string | null): string {
  const why = reason?.trim();
  // 'Unknown error' is the fallback when the server gave no message: nothing to add to the spec's sentence.
  if (!why || why === 'Unknown error' || why === message) return message;
  return `${message}\n${why}`;
}
