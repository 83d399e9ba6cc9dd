import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_TYPES,
  CONSOLE_ROLES,
  homePathFor,
  isAccountType,
  isConsoleRole,
  isPathAllowed,
  isPublicPath,
  landingPathAfterLogin,
  normalizePathname,
  permissionsFor,
  profileMenuFor,
  resolveNavigation,
  sideMenuFor,
  type AccountType,
} from './roles';

/** path → roles allowed to open it (all others must be refused). */
const ACCESS: [string, AccountType[]][] = [
  ['/', ['admin', 'promoter', 'corporate', 'boxoffice']],
  ['/404', ['admin', 'promoter', 'corporate', 'boxoffice']],
  ['/events', ['admin', 'promoter']],
  ['/events/create', ['admin', 'promoter']],
  ['/events/12/dashboard', ['admin', 'promoter']],
  ['/events/12/venue-map/A1/details', ['admin', 'promoter']],
  ['/events/12/reservations/add', ['admin', 'promoter']],
  ['/events/12/boxoffice/7', ['admin', 'promoter']],
  ['/events/12/copy', ['admin', 'promoter']],
  ['/events/12/reassign', ['admin']],
  ['/events/12/general/99', ['admin']],
  ['/season', ['admin', 'promoter']],
  ['/season/3/edit', ['admin', 'promoter']],
  ['/crm/send', ['admin', 'promoter']],
  ['/blacklist', ['admin', 'promoter']],
  ['/corporates/5/management/reservations/list', ['admin', 'promoter']],
  ['/boxoffice-users/list', ['admin', 'promoter']],
  ['/promocodes/list/2', ['admin', 'promoter']],
  ['/ombuds', ['admin', 'promoter']],
  ['/scanner-users/4/management/events', ['admin', 'promoter']],
  ['/affiliates/2/branding', ['admin', 'promoter']],
  ['/reports/financial', ['admin', 'promoter']],
  ['/gift-card/add', ['admin', 'promoter']],
  ['/bench', ['admin', 'promoter']],
  ['/account-settings/general', ['admin', 'promoter', 'corporate']],
  ['/account-settings/password', ['admin', 'promoter', 'corporate']],
  ['/promoters/create', ['admin']],
  ['/settings/fees', ['admin']],
  ['/settings/refund', ['admin']],
  ['/users/8/edit', ['admin']],
  ['/logs', ['admin']],
  ['/orders/5/payments', ['admin']],
  ['/corporate-app', ['corporate']],
  ['/corporate-app/reservations/list', ['corporate']],
  ['/corporate-app/event/1/reservation/2', ['corporate']],
  ['/boxoffice-app', ['boxoffice']],
  ['/boxoffice-app/15', ['boxoffice']],
  ['/eventsx', []],
  ['/unknown', []],
  ['/login', []],
];

describe('isPathAllowed', () => {
  for (const [path, allowed] of ACCESS) {
    for (const role of ACCOUNT_TYPES) {
      const expected = allowed.includes(role);
      it(`${role} ${expected ? 'may' : 'may not'} open ${path}`, () => {
        expect(isPathAllowed(role, path)).toBe(expected);
      });
    }
  }

  it('ignores query, hash and trailing slashes', () => {
    expect(isPathAllowed('promoter', '/events/?page=2')).toBe(true);
    expect(isPathAllowed('promoter', '/events/12/reassign/?q=1')).toBe(false);
    expect(isPathAllowed('corporate', '/corporate-app/#top')).toBe(true);
    expect(isPathAllowed('boxoffice', '/account-settings')).toBe(false);
  });
});

describe('normalizePathname', () => {
  it('reduces a location to its route path', () => {
    expect(normalizePathname('/events/?page=2#x')).toBe('/events');
    expect(normalizePathname('//events//12/')).toBe('/events/12');
    expect(normalizePathname('')).toBe('/');
    expect(normalizePathname('/')).toBe('/');
    expect(normalizePathname('events')).toBe('/events');
  });
});

describe('home and landing paths', () => {
  it('redirects / by role', () => {
    expect(homePathFor('corporate')).toBe('/corporate-app');
    expect(homePathFor('boxoffice')).toBe('/boxoffice-app');
    expect(homePathFor('admin')).toBe('/events');
    expect(homePathFor('promoter')).toBe('/events');
  });

  it('lands after login by role', () => {
    expect(landingPathAfterLogin('boxoffice')).toBe('/boxoffice-app');
    expect(landingPathAfterLogin('corporate')).toBe('/corporate-app/reservations');
    expect(landingPathAfterLogin('admin')).toBe('/events');
    expect(landingPathAfterLogin('promoter')).toBe('/events');
  });

  it('lands every console role on a page it may open', () => {
    for (const role of CONSOLE_ROLES) {
      expect(isPathAllowed(role, homePathFor(role))).toBe(true);
      expect(isPathAllowed(role, landingPathAfterLogin(role))).toBe(true);
    }
  });
});

describe('resolveNavigation', () => {
  it('sends signed-out users to /login except on public paths', () => {
    expect(resolveNavigation(null, '/events')).toBe('/login');
    expect(resolveNavigation(null, '/')).toBe('/login');
    expect(resolveNavigation(null, '/reset/abc')).toBe('/reset/abc');
    expect(resolveNavigation(null, '/recovery')).toBe('/recovery');
  });

  it('sends a refused path to /', () => {
    expect(resolveNavigation('promoter', '/settings/fees')).toBe('/');
    expect(resolveNavigation('corporate', '/events')).toBe('/');
    expect(resolveNavigation('admin', '/settings/fees/')).toBe('/settings/fees');
    expect(resolveNavigation('boxoffice', '/corporate-app')).toBe('/');
  });

  it('sends a path that exists nowhere to /404 (Page Not Found) for every console role, and only when signed in', () => {
    for (const role of ['admin', 'promoter', 'corporate', 'boxoffice'] as const) {
      expect(resolveNavigation(role, '/no-such-page')).toBe('/404');
      expect(resolveNavigation(role, '/no/such/page?x=1')).toBe('/404');
      expect(resolveNavigation(role, '/eventsx')).toBe('/404');
    }
    expect(resolveNavigation(null, '/no-such-page')).toBe('/login');
    // Known areas are not unknown: refused (/) or the area's own /404 for its unknown pages.
    expect(resolveNavigation('corporate', '/events/12/dashboard')).toBe('/');
    expect(resolveNavigation('admin', '/events/12/no-such-page')).toBe('/events/12/no-such-page');
    expect(resolveNavigation('attendee', '/no-such-page')).toBe('/');
  });

  it('knows the public paths', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/loginx')).toBe(false);
    expect(isPublicPath('/events')).toBe(false);
  });
});

describe('sideMenuFor', () => {
  const labels = (role: AccountType) => sideMenuFor(role).map((entry) => entry.label);

  it('lists the admin menu in the spec order', () => {
    expect(labels('admin')).toEqual([
      'Events',
      'CRM',
      'Seasonal Events',
      'Promoters',
      'Blacklist',
      'Corporates',
      'Box Office',
      'Promo Codes',
      'Ombud',
      'Orders',
      'Users',
      'Scanning App',
      'Affiliates',
      'Reporting',
      'Venues',
      'Outbox',
    ]);
  });

  it('lists the promoter menu in the spec order, with Affiliate Marketing', () => {
    expect(labels('promoter')).toEqual([
      'Events',
      'Seasonal Events',
      'CRM',
      'Blacklist',
      'Corporates',
      'Promo Codes',
      'Ombud',
      'Scanning App',
      'Affiliate Marketing',
      'Reporting',
    ]);
    expect(sideMenuFor('promoter').find((entry) => entry.key === 'affiliates')?.path).toBe('/affiliates');
  });

  it('points the corporate and box-office single items to their apps', () => {
    expect(sideMenuFor('corporate')).toEqual([
      { key: 'corporates', label: 'Corporates', path: '/corporate-app/reservations' },
    ]);
    expect(sideMenuFor('boxoffice')).toEqual([{ key: 'boxoffice', label: 'Box Office', path: '/boxoffice-app' }]);
  });

  it('uses the spec target paths for admin', () => {
    const paths = Object.fromEntries(sideMenuFor('admin').map((entry) => [entry.label, entry.path]));
    expect(paths).toMatchObject({
      Events: '/events',
      CRM: '/crm',
      'Seasonal Events': '/season',
      Promoters: '/promoters',
      Blacklist: '/blacklist',
      Corporates: '/corporates',
      'Box Office': '/boxoffice-users',
      'Promo Codes': '/promocodes',
      Ombud: '/ombuds',
      Orders: '/orders',
      Users: '/users',
      'Scanning App': '/scanner-users',
      Affiliates: '/affiliates',
      Reporting: '/reports',
    });
  });

  it('has no menu for scanner and attendee accounts', () => {
    expect(sideMenuFor('scanner')).toEqual([]);
    expect(sideMenuFor('attendee')).toEqual([]);
  });

  it('only links to pages the role may open', () => {
    for (const role of ACCOUNT_TYPES) {
      for (const entry of sideMenuFor(role)) expect(isPathAllowed(role, entry.path)).toBe(true);
    }
  });
});

describe('profileMenuFor', () => {
  const keys = (role: AccountType) => profileMenuFor(role).map((entry) => entry.key);

  it('shows Platform Settings to admins only', () => {
    expect(keys('admin')).toEqual(['account-settings', 'platform-settings', 'logout']);
    expect(keys('promoter')).toEqual(['account-settings', 'logout']);
    expect(keys('corporate')).toEqual(['account-settings', 'logout']);
    expect(keys('boxoffice')).toEqual(['logout']);
  });
});

describe('permissionsFor', () => {
  it('gives admins every permission', () => {
    expect(Object.values(permissionsFor('admin')).every(Boolean)).toBe(true);
  });

  it('lets promoters unpublish but nothing admin-only', () => {
    expect(permissionsFor('promoter')).toEqual({
      deleteEvents: false,
      unpublishEvents: true,
      seePromoterColumn: false,
      editQrSettings: false,
      choosePromoter: false,
      platformSettings: false,
      accountingReports: false,
    });
  });

  it('gives other roles nothing', () => {
    for (const role of ['corporate', 'boxoffice', 'scanner', 'attendee'] as const) {
      expect(Object.values(permissionsFor(role)).some(Boolean)).toBe(false);
    }
  });
});

describe('type guards', () => {
  it('recognises account types and console roles', () => {
    expect(isAccountType('scanner')).toBe(true);
    expect(isAccountType('root')).toBe(false);
    expect(isAccountType(undefined)).toBe(false);
    expect(isConsoleRole('scanner')).toBe(false);
    expect(isConsoleRole('boxoffice')).toBe(true);
  });
});
