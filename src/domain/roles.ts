/**
 * Account types, the route whitelist per role and the menus each role sees (000 §2, §6; 001 §6; 002 §6).
 *
 * The console hides what a role may not reach and the server refuses it; both read this file. A path that is not
 * allowed redirects to `/`; a signed-out visit to anything but the public paths goes to /login.
 */

export const ACCOUNT_TYPES = ['admin', 'promoter', 'corporate', 'boxoffice', 'scanner', 'attendee'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** The account types that sign in to this console; scanner and attendee users do not. */
export const CONSOLE_ROLES = ['admin', 'promoter', 'corporate', 'boxoffice'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

export function isAccountType(value: unknown): value is AccountType {
  return typeof value === 'string' && (ACCOUNT_TYPES as readonly string[]).includes(value);
}

export function isConsoleRole(value: unknown): value is ConsoleRole {
  return typeof value === 'string' && (CONSOLE_ROLES as readonly string[]).includes(value);
}

/** Reachable while signed out. */
export const PUBLIC_PATH_ROOTS = ['/login', '/recovery', '/reset'] as const;

/** The wide back-office set that admin and promoter share. `/` is allowed for every console role. */
const BACK_OFFICE_ROOTS = [
  '/events',
  '/season',
  '/crm',
  '/blacklist',
  '/corporates',
  '/boxoffice-users',
  '/promocodes',
  '/ombuds',
  '/scanner-users',
  '/affiliates',
  '/reports',
  '/account-settings',
  '/gift-card',
  '/bench',
  '/404',
] as const;

/** What admin has on top of the promoter's set (re-assign lives under /events, see below). */
const ADMIN_ONLY_ROOTS = ['/promoters', '/settings', '/users', '/logs', '/orders', '/venues', '/outbox'] as const;

/** Re-assign pages of an event: /events/{id}/reassign and the order detail /events/{id}/general/{reservationId}. */
const REASSIGN_PAGE = /^\/events\/[^/]+\/(reassign|general)(\/|$)/;

const ROOTS_BY_ROLE: Record<ConsoleRole, readonly string[]> = {
  admin: [...BACK_OFFICE_ROOTS, ...ADMIN_ONLY_ROOTS],
  promoter: BACK_OFFICE_ROOTS,
  corporate: ['/corporate-app', '/account-settings', '/404'],
  boxoffice: ['/boxoffice-app', '/404'],
};

/** Every area the console has, whoever may open it: a path under none of them exists nowhere. */
const KNOWN_ROOTS: readonly string[] = [...new Set(Object.values(ROOTS_BY_ROLE).flat())];

/**
 * The path part of a location: query and hash removed, repeated slashes collapsed, no trailing slash (except `/`).
 * Route checks run on this so that `/events/`, `/events?page=2` and `/events` are the same route.
 */
export function normalizePathname(pathname: string): string {
  const path = pathname.split(/[?#]/, 1)[0]!.replace(/\/{2,}/g, '/');
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') || '/' : withSlash;
}

/** True when `path` is `root` itself or below it (`/events` covers `/events/12`, not `/eventsx`). */
function isUnder(path: string, root: string): boolean {
  return path === root || path.startsWith(`${root}/`);
}

/** True for /login, /recovery/{token?} and /reset/{token?}. */
export function isPublicPath(pathname: string): boolean {
  const path = normalizePathname(pathname);
  return PUBLIC_PATH_ROOTS.some((root) => isUnder(path, root));
}

/**
 * Whether a signed-in user of this account type may open the path. Scanner and attendee accounts may open nothing.
 * Promoters get everything admins get under /events except the re-assign pages.
 */
export function isPathAllowed(role: AccountType, pathname: string): boolean {
  if (!isConsoleRole(role)) return false;
  const path = normalizePathname(pathname);
  if (path === '/') return true;
  if (role === 'promoter' && REASSIGN_PAGE.test(path)) return false;
  return ROOTS_BY_ROLE[role].some((root) => isUnder(path, root));
}

/** Where `/` sends a signed-in user. */
export function homePathFor(role: AccountType): string {
  if (role === 'corporate') return '/corporate-app';
  if (role === 'boxoffice') return '/boxoffice-app';
  return '/events';
}

/** Where a user lands right after signing in. */
export function landingPathAfterLogin(role: AccountType): string {
  if (role === 'boxoffice') return '/boxoffice-app';
  if (role === 'corporate') return '/corporate-app/reservations';
  return '/events';
}

/** True when the console has the area of this path for some role (`/events/12` yes, `/no-such-page` no). */
export function isKnownPath(pathname: string): boolean {
  const path = normalizePathname(pathname);
  return path === '/' || isPublicPath(path) || KNOWN_ROOTS.some((root) => isUnder(path, root));
}

/**
 * Where a navigation ends: the path itself when allowed, `/login` when signed out (public paths stay), `/404`
 * (Page Not Found, 000 §2) when the path exists nowhere in the console, `/` when it exists but the role may not
 * open it (000 §6: a path not allowed redirects to /).
 */
export function resolveNavigation(role: AccountType | null, pathname: string): string {
  const path = normalizePathname(pathname);
  if (role === null) return isPublicPath(path) ? path : '/login';
  if (!isKnownPath(path) && isConsoleRole(role)) return '/404';
  return isPathAllowed(role, path) ? path : '/';
}

export type SideMenuKey =
  | 'events'
  | 'crm'
  | 'season'
  | 'promoters'
  | 'blacklist'
  | 'corporates'
  | 'boxoffice'
  | 'promocodes'
  | 'ombuds'
  | 'orders'
  | 'users'
  | 'scanner-users'
  | 'affiliates'
  | 'reports'
  | 'venues'
  | 'outbox';

export interface MenuItem<K extends string = string> {
  key: K;
  label: string;
  path: string;
}

const item = (key: SideMenuKey, label: string, path: string): MenuItem<SideMenuKey> => ({ key, label, path });

const SIDE_MENUS: Record<ConsoleRole, readonly MenuItem<SideMenuKey>[]> = {
  admin: [
    item('events', 'Events', '/events'),
    item('crm', 'CRM', '/crm'),
    item('season', 'Seasonal Events', '/season'),
    item('promoters', 'Promoters', '/promoters'),
    item('blacklist', 'Blacklist', '/blacklist'),
    item('corporates', 'Corporates', '/corporates'),
    item('boxoffice', 'Box Office', '/boxoffice-users'),
    item('promocodes', 'Promo Codes', '/promocodes'),
    item('ombuds', 'Ombud', '/ombuds'),
    item('orders', 'Orders', '/orders'),
    item('users', 'Users', '/users'),
    item('scanner-users', 'Scanning App', '/scanner-users'),
    item('affiliates', 'Affiliates', '/affiliates'),
    item('reports', 'Reporting', '/reports'),
    item('venues', 'Venues', '/venues'),
    item('outbox', 'Outbox', '/outbox'),
  ],
  promoter: [
    item('events', 'Events', '/events'),
    item('season', 'Seasonal Events', '/season'),
    item('crm', 'CRM', '/crm'),
    item('blacklist', 'Blacklist', '/blacklist'),
    item('corporates', 'Corporates', '/corporates'),
    item('promocodes', 'Promo Codes', '/promocodes'),
    item('ombuds', 'Ombud', '/ombuds'),
    item('scanner-users', 'Scanning App', '/scanner-users'),
    item('affiliates', 'Affiliate Marketing', '/affiliates'),
    item('reports', 'Reporting', '/reports'),
  ],
  corporate: [item('corporates', 'Corporates', '/corporate-app/reservations')],
  boxoffice: [item('boxoffice', 'Box Office', '/boxoffice-app')],
};

/** The side menu of a role, in the spec's order; empty for scanner and attendee. */
export function sideMenuFor(role: AccountType): readonly MenuItem<SideMenuKey>[] {
  return isConsoleRole(role) ? SIDE_MENUS[role] : [];
}

export type ProfileMenuKey = 'account-settings' | 'platform-settings' | 'logout';

/**
 * The header's profile dropdown: Account Settings, Platform Settings (admin only) and Logout. Items whose page the
 * role may not open are left out (box-office users have no account settings route). Logout has no path.
 */
export function profileMenuFor(role: AccountType): readonly MenuItem<ProfileMenuKey>[] {
  const items: MenuItem<ProfileMenuKey>[] = [
    { key: 'account-settings', label: 'Account Settings', path: '/account-settings/general' },
    { key: 'platform-settings', label: 'Platform Settings', path: '/settings/fees' },
  ];
  const allowed = items.filter((entry) => isPathAllowed(role, entry.path));
  return [...allowed, { key: 'logout', label: 'Logout', path: '' }];
}

/** The side menu's label of an area for this role: a page's title says what the menu item said. */
export function sideMenuLabel(role: AccountType, key: SideMenuKey, fallback: string): string {
  return sideMenuFor(role).find((entry) => entry.key === key)?.label ?? fallback;
}

/**
 * The profile menu in groups, a divider drawn between groups only: a role with nothing but Logout (box office)
 * gets no divider above it.
 */
export function profileMenuGroups(role: AccountType): MenuItem<ProfileMenuKey>[][] {
  const items = profileMenuFor(role);
  return [items.filter((i) => i.key !== 'logout'), items.filter((i) => i.key === 'logout')].filter((g) => g.length > 0);
}

/** What a role may do beyond reaching routes (000 §6, 002 §6). */
export interface RolePermissions {
  /** Delete events (row menu "Delete event"). */
  deleteEvents: boolean;
  /** Unpublish an active event. */
  unpublishEvents: boolean;
  /** See the promoter column of the events list. */
  seePromoterColumn: boolean;
  /** Edit the QR generation settings of the restrictions form. */
  editQrSettings: boolean;
  /** Choose any promoter in forms; otherwise the own promoter id is used and lists are scoped to it. */
  choosePromoter: boolean;
  /** Platform Settings in the profile menu. */
  platformSettings: boolean;
  /** The Accounting reports link and the refund-fee finance reports. */
  accountingReports: boolean;
}

const NO_PERMISSIONS: RolePermissions = {
  deleteEvents: false,
  unpublishEvents: false,
  seePromoterColumn: false,
  editQrSettings: false,
  choosePromoter: false,
  platformSettings: false,
  accountingReports: false,
};

export function permissionsFor(role: AccountType): RolePermissions {
  if (role === 'admin') {
    return {
      deleteEvents: true,
      unpublishEvents: true,
      seePromoterColumn: true,
      editQrSettings: true,
      choosePromoter: true,
      platformSettings: true,
      accountingReports: true,
    };
  }
  if (role === 'promoter') return { ...NO_PERMISSIONS, unpublishEvents: true };
  return NO_PERMISSIONS;
}
