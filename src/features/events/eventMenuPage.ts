/**
 * Which event side-menu page an address belongs to: its first segment under /events/{id}, where a page's own
 * sub-pages count as it (the form under Event Information, a reservation's edit and map under Reserved tickets, an
 * order opened from Re-assign). '' when the address is none of the menu's (the copy wizard).
 */
const OWNER: Record<string, string> = { edit: 'basic-information', reservation: 'reservations', general: 'reassign' };

export function eventMenuPage(pathname: string, base: string, pages: readonly string[]): string {
  if (!pathname.startsWith(`${base}/`)) return '';
  const segment = pathname.slice(base.length + 1).split('/')[0] ?? '';
  const page = OWNER[segment] ?? segment;
  return pages.includes(page) ? page : '';
}
