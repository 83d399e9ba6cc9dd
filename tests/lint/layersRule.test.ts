import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module without types
import { layerOf, mayImport } from './layersRule.js';

const root = path.resolve(__dirname, '../..');
const at = (rel: string) => layerOf(path.join(root, rel));

describe('the layer rule', () => {
  it('knows each folder\'s layer', () => {
    expect(at('src/features/events/EventsPage.tsx')).toBe('feature:events');
    expect(at('src/app/router.tsx')).toBe('app');
    expect(at('workers/venue-map/parseVenueSvg.ts')).toBe('worker:venue-map');
    expect(at('server/app.ts')).toBe('server-app');
    expect(at('server/routes/registerDomainRoutes.ts')).toBe('server-app');
    expect(at('server/routes/boxoffice/seatLeaseRoutes.ts')).toBe('server-routes:boxoffice');
    expect(at('server/seat-state/seatVersions.ts')).toBe('server');
    expect(at('e2e/auth.spec.ts')).toBe('harness');
  });

  it('keeps the server\'s route folders apart: they use domain modules, never each other, and nothing below reaches up', () => {
    expect(mayImport('server-routes:boxoffice', 'server', 'server/seat-state/seatVersions.ts')).toBe(true);
    expect(mayImport('server-routes:boxoffice', 'domain', 'src/domain/money.ts')).toBe(true);
    expect(mayImport('server-routes:boxoffice', 'server-routes:reservations', 'server/routes/reservations/reservationQueries.ts')).toBe(false);
    expect(mayImport('server', 'server-routes:events', 'server/routes/events/eventQueries.ts')).toBe(false);
    expect(mayImport('server', 'server-app', 'server/app.ts')).toBe(false);
    expect(mayImport('server-app', 'server-routes:events', 'server/routes/events/eventsRoutes.ts')).toBe(true);
  });

  it('refuses a feature importing another feature', () => {
    expect(mayImport('feature:events', 'feature:pricing', 'src/features/pricing/PricingPage.ts')).toBe(false);
  });

  it('refuses the shared layers importing upwards', () => {
    expect(mayImport('domain', 'api', 'src/api/api.ts')).toBe(false);
    expect(mayImport('ui', 'feature:events', 'src/features/events/x.ts')).toBe(false);
    expect(mayImport('api', 'app', 'src/app/store.ts')).toBe(false);
    expect(mayImport('seatmap', 'feature:events', 'src/features/events/x.ts')).toBe(false);
  });

  it('lets features use shared layers and worker clients, but not worker internals', () => {
    expect(mayImport('feature:events', 'ui', 'src/ui/RetryPanel.ts')).toBe(true);
    expect(mayImport('feature:events', 'app', 'src/app/hooks.ts')).toBe(true);
    expect(mayImport('feature:events', 'app', 'src/app/store.ts')).toBe(false);
    expect(mayImport('feature:reports', 'worker:reports', 'workers/reports/reportsClient.ts')).toBe(true);
    expect(mayImport('feature:reports', 'worker:reports', 'workers/reports/buildCsv.ts')).toBe(false);
  });

  it('lets the server use pure worker cores but not the worker entry or client', () => {
    expect(mayImport('server', 'worker:venue-map', 'workers/venue-map/parseVenueSvg.ts')).toBe(true);
    expect(mayImport('server', 'worker:venue-map', 'workers/venue-map/venueMap.worker.ts')).toBe(false);
    expect(mayImport('server', 'feature:events', 'src/features/events/x.ts')).toBe(false);
  });
});
