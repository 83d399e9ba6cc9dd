/**
 * One measured figure, as the bench JSON carries it. Declared here so the reports bench does not depend on work in
 * progress elsewhere; it has the same shape as the other benches' metrics.
 */
export interface Metric {
  metric: string;
  seats: number | null;
  rows: number | null;
  value: number;
  unit: string;
  budget: number | null;
  within_budget: boolean | null;
}

/** A metric with `within_budget` worked out (lower is better for every timed figure). */
export function metric(fields: Omit<Metric, 'within_budget' | 'seats'> & { seats?: number | null }): Metric {
  return {
    seats: null,
    ...fields,
    value: Math.round(fields.value * 100) / 100,
    within_budget: fields.budget === null ? null : fields.value <= fields.budget,
  };
}
