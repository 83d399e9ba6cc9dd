import { venueDateTime } from '../../domain/venueClock';

/**
 * "25.11.2026 14:03" (the console's dd.MM.yyyy HH:mm, 000 §5) on the venue's clock (Stockholm), as every time the
 * console shows, or "Never" (beyond the spec: the users list's last sign-in).
 */
export function formatSignIn(iso: string | null): string {
  return venueDateTime(iso) || 'Never';
}
