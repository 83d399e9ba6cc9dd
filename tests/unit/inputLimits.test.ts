import { describe, expect, it } from 'vitest';
import { backoffSeconds, throttleMessage } from '../../server/auth/loginThrottle';
import { boundNumbers, findNul } from '../../server/plugins/inputLimits';
import { namesApiOrClimbs } from '../../server/plugins/consoleStatic';

describe('namesApiOrClimbs (the console catch-all never answers for the API)', () => {
  it.each(['/api/settings', '/API/settings', '//api/settings', '/%61pi/settings', '/%2561pi/x', '/./api/x', '/a/../../etc/passwd', '/%E0%A4%A'])(
    'when the path is %s, then it is refused', (p) => expect(namesApiOrClimbs(p)).toBe(true));
  it.each(['/', '/events/12/venue-map', '/apiary', '/reports/finance'])('when the path is %s, then it is a console page', (p) =>
    expect(namesApiOrClimbs(p)).toBe(false));
});

describe('boundNumbers', () => {
  it('when a schema leaves numbers unbounded, then integers get the int4 range and numbers ±10 million, inside nesting', () => {
    const out = boundNumbers({
      type: 'object',
      properties: { a: { type: 'integer' }, b: { type: 'number', maximum: 5 }, c: { type: 'array', items: { type: 'integer', minimum: 0 } } },
    }) as { properties: Record<string, Record<string, unknown>> };
    expect(out.properties.a).toMatchObject({ maximum: 2147483647, minimum: -2147483648 });
    expect(out.properties.b).toMatchObject({ maximum: 5, minimum: -10_000_000 });
    expect((out.properties.c.items as Record<string, unknown>)).toMatchObject({ minimum: 0, maximum: 2147483647 });
  });
});

describe('findNul', () => {
  it('when a NUL hides in a nested field, then its dotted path is named', () => {
    expect(findNul({ a: 'ok', seats: [{ row: 'A' }, { row: 'B\u0000' }] })).toBe('seats.1.row');
    expect(findNul({ a: 'ok', n: 1, b: null })).toBeNull();
  });
});

describe('sign-in backoff', () => {
  it('when failures pile up, then the wait doubles from the fourth try and stops at a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 9, 20].map(backoffSeconds)).toEqual([0, 0, 0, 1, 2, 4, 60, 60]);
    expect(throttleMessage(1)).toBe('Too many failed sign-ins. Try again in 1 second.');
    expect(throttleMessage(600)).toBe('Too many failed sign-ins. Try again in 10 minutes.');
  });
});
