/**
 * Section outlines as flat arrays for the GPU, pure: one triangulated fill per section (earcut) and its
 * edges as line segments. A section without a usable outline (fewer than 3 points) gets its bounds.
 */
import { SECTION_KIND_GENERAL_ADMISSION, type VenueModel } from '../../workers/venue-map/venueModel';

export type SectionGeometryModel = Pick<VenueModel, 'sectionCount' | 'sectionBounds' | 'sectionOutlineStart' | 'outlinePoints'>;

export type Triangulate = (flat: ArrayLike<number>) => number[];

export interface SectionGeometry {
  /** x, y per vertex. */
  positions: Float32Array;
  /** Section s owns vertices [vertexStart[s], vertexStart[s + 1]). */
  vertexStart: Uint32Array;
  /** Triangle-list indices into positions. */
  triangles: Uint32Array;
  /** Section s owns triangles[triangleStart[s] .. triangleStart[s + 1]). */
  triangleStart: Uint32Array;
  /** Line-list indices into positions (each polygon edge once). */
  edges: Uint32Array;
}

/** Section s's outline as a flat [x0, y0, x1, y1, ...] list. */
export function sectionOutline(m: SectionGeometryModel, s: number): Float32Array {
  const start = m.sectionOutlineStart[s];
  const end = s + 1 < m.sectionOutlineStart.length ? m.sectionOutlineStart[s + 1] : m.outlinePoints.length / 2;
  if (end - start >= 3) return m.outlinePoints.subarray(start * 2, end * 2);
  const b = m.sectionBounds;
  const [minX, minY, maxX, maxY] = [b[s * 4], b[s * 4 + 1], b[s * 4 + 2], b[s * 4 + 3]];
  return new Float32Array([minX, minY, maxX, minY, maxX, maxY, minX, maxY]);
}

export function buildSectionGeometry(m: SectionGeometryModel, triangulate: Triangulate): SectionGeometry {
  const outlines: Float32Array[] = [];
  let vertexTotal = 0;
  for (let s = 0; s < m.sectionCount; s++) {
    const o = sectionOutline(m, s);
    outlines.push(o);
    vertexTotal += o.length / 2;
  }
  const positions = new Float32Array(vertexTotal * 2);
  const vertexStart = new Uint32Array(m.sectionCount + 1);
  const triangleStart = new Uint32Array(m.sectionCount + 1);
  const triangles: number[] = [];
  const edges = new Uint32Array(vertexTotal * 2);
  let v = 0;
  for (let s = 0; s < m.sectionCount; s++) {
    const o = outlines[s];
    const count = o.length / 2;
    vertexStart[s] = v;
    triangleStart[s] = triangles.length;
    positions.set(o, v * 2);
    for (const t of triangulate(o)) triangles.push(v + t);
    for (let k = 0; k < count; k++) {
      edges[(v + k) * 2] = v + k;
      edges[(v + k) * 2 + 1] = v + ((k + 1) % count);
    }
    v += count;
  }
  vertexStart[m.sectionCount] = v;
  triangleStart[m.sectionCount] = triangles.length;
  return { positions, vertexStart, triangles: Uint32Array.from(triangles), triangleStart, edges };
}

/**
 * The triangle indices reordered so general-admission sections come first: drawing only the first
 * `admissionCount` indices then fills just those areas.
 */
export function admissionTrianglesFirst(g: SectionGeometry, sectionKind: Uint8Array): { indices: Uint32Array; admissionCount: number } {
  const out = new Uint32Array(g.triangles.length);
  const sections = g.triangleStart.length - 1;
  let n = 0;
  let admissionCount = 0;
  for (const admission of [true, false]) {
    for (let s = 0; s < sections; s++) {
      if ((sectionKind[s] === SECTION_KIND_GENERAL_ADMISSION) !== admission) continue;
      out.set(g.triangles.subarray(g.triangleStart[s], g.triangleStart[s + 1]), n);
      n += g.triangleStart[s + 1] - g.triangleStart[s];
    }
    if (admission) admissionCount = n;
  }
  return { indices: out, admissionCount };
}
