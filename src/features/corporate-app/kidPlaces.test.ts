import { describe, expect, it } from 'vitest';
import { kidPlaces, noKidPlacesText } from './kidPlaces';

const seat = (id: number, section = 'A1') => ({ id, section, general_admission: false });
const standing = (id: number, section = 'Floor') => ({ id, section, general_admission: true });

describe('kidPlaces', () => {
  it('a seat takes any free seat of the reservation, never a standing place', () => {
    expect(kidPlaces(seat(1), [seat(2, 'B'), standing(3), seat(4)]).map((t) => t.id)).toEqual([2, 4]);
  });

  it('a standing ticket takes places of its own standing section only', () => {
    expect(kidPlaces(standing(1), [standing(2), standing(3, 'Pit'), seat(4)]).map((t) => t.id)).toEqual([2]);
  });

  it('when a standing ticket has free seats but no free place in its section, then nothing is offered and the dialog says so (001 §8)', () => {
    expect(kidPlaces(standing(1), [seat(2), standing(3, 'Pit')])).toEqual([]);
    expect(noKidPlacesText(true)).toBe("Error adding kids' tickets: no free tickets left in this section.");
    expect(noKidPlacesText(false)).toBe("Error adding kids' tickets: no free tickets left.");
  });
});
