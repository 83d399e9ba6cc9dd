/** "2026-11-25 14:03" in the browser's time, or "Never" (beyond the spec: the users list's last sign-in). */
export function formatSignIn(iso: string | null): string {
  if (!iso) return 'Never';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
