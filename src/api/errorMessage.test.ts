import { describe, expect, it } from 'vitest';
import { failureText } from './errorMessage';

const failed = (status: number, data: unknown) => ({ status, data });

describe('failureText', () => {
  it('says a 422\'s field messages, which a toast would otherwise replace by its fallback', () => {
    const err = failed(422, { validation_errors: { ends_at: ['The lease must end by 30.11.2026 18:00, when this counter\'s sales close.'] } });
    expect(failureText(err, 'Error take lease')).toBe('The lease must end by 30.11.2026 18:00, when this counter\'s sales close.');
    expect(failureText(failed(422, { validation_errors: { a: ['One.'], b: ['Two.', 'Three.'] } }))).toBe('One. Two. Three.');
  });
  it('says the server\'s message, else the fallback', () => {
    expect(failureText(failed(409, { error: { code: 'lease_running', message: 'This counter already has a lease.' } }), 'x')).toBe('This counter already has a lease.');
    expect(failureText(failed(500, {}), 'Error take lease')).toBe('Error take lease');
    expect(failureText(undefined)).toBe('Unknown error');
  });
  it('names the seats a refusal about seats lists', () => {
    const seats = [{ section: 'Parkett', row: 'C', seat: '3' }, { section: 'Parkett', row: 'C', seat: '4' }];
    expect(failureText(failed(409, { error: { code: 'seat_taken', message: 'These seats are sold or held and cannot be leased.', seats } }), 'x'))
      .toBe('These seats are sold or held and cannot be leased. Parkett, row C, seat 3; Parkett, row C, seat 4.');
  });
});
