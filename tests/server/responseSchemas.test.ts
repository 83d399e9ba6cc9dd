import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthResponse } from '../../src/contracts/common';
import { OwnerCandidates } from '../../src/contracts/orders';
import { createTestApp, type TestApp } from './setup/testApp';

/**
 * Every API route declares the shape of its success answer (a TypeBox schema from src/contracts), so what the
 * console reads is checked and nothing the contract leaves out leaks (docs/api.md). Read from the app's own route
 * table: a route added without one fails here the day it lands. Routes that answer a stream or a file are named
 * below with the reason.
 */
const NOT_JSON: Record<string, string> = {
  'GET /api/events/:id/seat-stream': 'server-sent events',
  'GET /api/media/:id/:key': 'an image file',
  'GET /api/venue-maps/:id/svg': 'an SVG file',
  'GET /api/events/:id/svg': 'an SVG file',
  'POST /api/reports/scanning/detailed': 'a CSV file, streamed',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(async () => t.close());

describe('response schemas', () => {
  it('when the route table is read, then every API route declares a success response schema', () => {
    const routes = t.app.routeTable.filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(100);
    const missing = routes
      .filter((r) => !NOT_JSON[`${r.method} ${r.url}`])
      .filter((r) => !r.responseCodes.some((code) => /^(2\d\d|2xx)$/.test(code)))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('when routes that had none are called, then their answers are exactly their new contracts', async () => {
    const admin = await t.tokenFor('admin');
    const health = await t.call({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(Value.Errors(HealthResponse, health.json())).toEqual([]);
    const owners = await t.call({ method: 'GET', url: '/api/reassign/users?search=attendee', token: admin });
    expect(owners.statusCode).toBe(200);
    expect(owners.json().collection.length).toBeGreaterThan(0);
    expect(Value.Errors(OwnerCandidates, owners.json())).toEqual([]);
  });
});
