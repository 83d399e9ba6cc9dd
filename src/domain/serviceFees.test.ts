import { describe, expect, it } from 'vitest';
import {
  boxOfficeDescription,
  entranceFeeOre,
  extraFeeFromDescription,
  findServiceFeeBand,
  reservationCalculation,
  reservationTotalOre,
  serviceFeeBandToOre,
  serviceFeeOre,
  type ServiceFeeBand,
} from './serviceFees';

// 0–100 SEK: 10 SEK fee; 100–500 SEK: 20 SEK; 500 SEK and up: 35 SEK.
const bands: ServiceFeeBand[] = [
  { price_min: 0, price_max: 10_000, fixed: 1_000 },
  { price_min: 10_000, price_max: 50_000, fixed: 2_000 },
  { price_min: 50_000, price_max: null, fixed: 3_500 },
];

describe('findServiceFeeBand', () => {
  it('includes price_min and excludes price_max', () => {
    expect(serviceFeeOre(bands, 0)).toBe(1_000);
    expect(serviceFeeOre(bands, 9_999)).toBe(1_000);
    expect(serviceFeeOre(bands, 10_000)).toBe(2_000);
    expect(serviceFeeOre(bands, 49_999)).toBe(2_000);
    expect(serviceFeeOre(bands, 50_000)).toBe(3_500);
  });

  it('treats a band without max as open', () => {
    expect(serviceFeeOre(bands, 10_000_000)).toBe(3_500);
    expect(serviceFeeOre([{ price_min: 0, fixed: 500 }], 99_999_999)).toBe(500);
  });

  it('charges nothing when no band applies', () => {
    expect(findServiceFeeBand([{ price_min: 10_000, price_max: 20_000, fixed: 500 }], 5_000)).toBeUndefined();
    expect(serviceFeeOre([], 5_000)).toBe(0);
    expect(serviceFeeOre([{ price_min: 10_000, price_max: 20_000, fixed: 500 }], 20_000)).toBe(0);
  });

  it('prefers the most specific band when bands overlap', () => {
    const overlapping = [
      { price_min: 0, price_max: null, fixed: 100 },
      { price_min: 10_000, price_max: 20_000, fixed: 900 },
    ];
    expect(serviceFeeOre(overlapping, 15_000)).toBe(900);
    expect(serviceFeeOre(overlapping, 5_000)).toBe(100);
  });
});

describe('serviceFeeBandToOre', () => {
  it('converts API SEK bands', () => {
    expect(serviceFeeBandToOre({ price_min: '100', price_max: 499.99, fixed: '20,50' })).toEqual({
      price_min: 10_000,
      price_max: 49_999,
      fixed: 2_050,
    });
    expect(serviceFeeBandToOre({ price_min: null, price_max: '', fixed: null })).toEqual({
      price_min: 0,
      price_max: null,
      fixed: 0,
    });
  });
});

describe('entrance fee', () => {
  it('is the price plus the band fee', () => {
    expect(entranceFeeOre(bands, 45_000)).toBe(47_000);
    expect(entranceFeeOre(bands, 0)).toBe(1_000);
    expect(entranceFeeOre([], 45_000)).toBe(45_000);
  });
});

describe('extra fee from the description', () => {
  it('reads extra_fee in SEK as öre', () => {
    expect(extraFeeFromDescription('{"extra_fee": 25}')).toBe(2_500);
    expect(extraFeeFromDescription('{"extra_fee": "12,50"}')).toBe(1_250);
    expect(extraFeeFromDescription('{"extra_fee": 0}')).toBe(0);
  });

  it('is 0 for anything else', () => {
    expect(extraFeeFromDescription(null)).toBe(0);
    expect(extraFeeFromDescription('')).toBe(0);
    expect(extraFeeFromDescription('VIP guests of the sponsor')).toBe(0);
    expect(extraFeeFromDescription('{"note": "x"}')).toBe(0);
    expect(extraFeeFromDescription('{"extra_fee": "ten"}')).toBe(0);
    expect(extraFeeFromDescription('{"extra_fee": -5}')).toBe(0);
    expect(extraFeeFromDescription('{"extra_fee": null}')).toBe(0);
    expect(extraFeeFromDescription('null')).toBe(0);
    expect(extraFeeFromDescription('25')).toBe(0);
  });

  it('writes a description the reader understands', () => {
    expect(boxOfficeDescription(1_250)).toBe('{"extra_fee":12.5}');
    expect(extraFeeFromDescription(boxOfficeDescription(1_999))).toBe(1_999);
  });
});

describe('reservationTotalOre', () => {
  it('is (entrance fee + extra fee) × seats for one price', () => {
    expect(reservationTotalOre(bands, [45_000, 45_000, 45_000], 2_500)).toBe((45_000 + 2_000 + 2_500) * 3);
  });

  it('adds each seat with its own band for mixed prices', () => {
    expect(reservationTotalOre(bands, [5_000, 60_000], 500)).toBe(5_000 + 1_000 + 500 + (60_000 + 3_500 + 500));
  });

  it('is 0 without seats and needs no extra fee', () => {
    expect(reservationTotalOre(bands, [], 2_500)).toBe(0);
    expect(reservationTotalOre(bands, [45_000])).toBe(47_000);
  });
});

describe('reservationCalculation', () => {
  it('splits the total into tickets, service fees and the admin (extra) fee per seat, and they add up to it', () => {
    const c = reservationCalculation(bands, [5_000, 60_000, 60_000], 2_500);
    expect(c).toEqual({ ticketsOre: 125_000, serviceFeesOre: 1_000 + 3_500 + 3_500, adminFeesOre: 7_500, totalOre: 125_000 + 8_000 + 7_500 });
    expect(c.totalOre).toBe(reservationTotalOre(bands, [5_000, 60_000, 60_000], 2_500));
  });

  it('has no admin fee when the reservation has no extra fee, and nothing without seats', () => {
    expect(reservationCalculation(bands, [45_000, 45_000]).adminFeesOre).toBe(0);
    expect(reservationCalculation(bands, [], 2_500)).toEqual({ ticketsOre: 0, serviceFeesOre: 0, adminFeesOre: 0, totalOre: 0 });
  });
});
