import { describe, expect, it } from 'vitest';
import { placeLabel } from './placeLabel';

describe('placeLabel', () => {
  it('names section, row and seat of a seat', () => {
    expect(placeLabel({ section: 'Section 101', row: 'A', seat: '7', general_admission: false })).toBe('Section 101, row A, seat 7');
  });
  it('says standing for a general-admission place', () => {
    expect(placeLabel({ section: 'Floor', row: null, seat: null, general_admission: true })).toBe('Floor (standing)');
  });
});
