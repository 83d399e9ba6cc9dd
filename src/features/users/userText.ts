import { displayDateTime } from '../../domain/displayDates';

/** "25.11.2026 14:03" (the console's dd.MM.yyyy HH:mm, 000 §5) in the browser's time, or "Never" (beyond the spec: the users list's last sign-in). */
export function formatSignIn(iso: string | null): string {
  return iso ? displayDateTime(new Date(iso)) : 'Never';
}
