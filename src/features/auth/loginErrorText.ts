import { errorMessage, errorStatus } from '../../api/errorMessage';

/**
 * Spec 000 §8: a failed login shows "Auth error {code}: {message}", else "Authorisation error". The code is the
 * answer's HTTP status (a reference a person can quote to support), not the server's snake_case code, and the
 * message reads as a sentence (ending with a full stop).
 */
export function loginErrorText(err: Parameters<typeof errorMessage>[0]): string {
  const message = errorMessage(err, '').trim();
  if (!message) return 'Authorisation error';
  const status = errorStatus(err);
  const sentence = /[.!?]$/.test(message) ? message : `${message}.`;
  return typeof status === 'number' ? `Auth error ${status}: ${sentence}` : sentence;
}
