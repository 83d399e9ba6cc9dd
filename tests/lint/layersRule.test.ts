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
    expect(at('server/app.ts')).toBe('server');
    expect(at('e2e/auth.spec.ts')).toBe('harness');
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
