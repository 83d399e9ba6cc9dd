import { describe, expect, it } from 'vitest';
import { admissionTrianglesFirst, buildSectionGeometry, sectionOutline } from './sectionGeometry';
import { straightRow, tinyVenue } from './testing/tinyVenue';

/** A fan is enough for the convex outlines used here. */
const fan = (flat: ArrayLike<number>) => {
  const out: number[] = [];
  for (let k = 1; k + 1 < flat.length / 2; k++) out.push(0, k, k + 1);
  return out;
};

const model = tinyVenue([
  { name: 'A', rows: [straightRow('1', 2, 10, 10)], outline: [[0, 0], [40, 0], [40, 20], [0, 20]] },
  { name: 'Floor', rows: [], generalAdmission: true, outline: [[100, 0], [140, 0], [120, 30]] },
  { name: 'B', rows: [straightRow('1', 2, 200, 10)] },
]);

describe('section geometry', () => {
  it('uses the drawn outline, else the section bounds', () => {
    expect(Array.from(sectionOutline(model, 1))).toEqual([100, 0, 140, 0, 120, 30]);
    expect(Array.from(sectionOutline(model, 2))).toEqual([196, 6, 214, 6, 214, 14, 196, 14]);
  });

  it('triangulates every section and lists each edge once', () => {
    const g = buildSectionGeometry(model, fan);
    expect(Array.from(g.vertexStart)).toEqual([0, 4, 7, 11]);
    expect(Array.from(g.triangleStart)).toEqual([0, 6, 9, 15]);
    expect(Array.from(g.triangles.subarray(6, 9))).toEqual([4, 5, 6]);
    expect(g.edges.length).toBe(11 * 2);
    expect(Array.from(g.edges.subarray(8, 14))).toEqual([4, 5, 5, 6, 6, 4]);
  });

  it('puts general-admission triangles first', () => {
    const g = buildSectionGeometry(model, fan);
    const { indices, admissionCount } = admissionTrianglesFirst(g, model.sectionKind);
    expect(admissionCount).toBe(3);
    expect(Array.from(indices.subarray(0, 3))).toEqual([4, 5, 6]);
    expect(Array.from(indices).sort()).toEqual(Array.from(g.triangles).sort());
  });
});
