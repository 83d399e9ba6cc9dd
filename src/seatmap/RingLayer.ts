/**
 * Rings around a few or many seats in one point mesh (RING_* shaders): the selection is one RingLayer,
 * the hovered and focus seats another. Refilled when its seats change; cost follows the ring count.
 */
import { Buffer as GpuBuffer, BufferUsage, Geometry, Mesh, Shader, UniformGroup } from 'pixi.js';
import type { VenueModel } from '../../workers/venue-map/venueModel';
import { rgbaToGpuWord, type Rgba } from './colors';
import { RING_FRAGMENT, RING_VERTEX } from './shaders';
import { destroyMesh } from './destroyMesh';

export interface RingStyle {
  /** Ring colour, 0xRRGGBBAA (alpha ignored). */
  color: Rgba;
  /** Ring width, CSS pixels (up to 8). */
  widthPx: number;
}

const program = { vertex: RING_VERTEX, fragment: RING_FRAGMENT, name: 'seat-rings' };

export class RingLayer {
  readonly mesh: Mesh<Geometry, Shader>;
  private readonly positions: GpuBuffer;
  private readonly radii: GpuBuffer;
  private readonly rings: GpuBuffer;
  private readonly uniforms = new UniformGroup({ uPixelScale: { value: 1, type: 'f32' } });

  constructor(private readonly model: VenueModel, label: string) {
    const usage = BufferUsage.VERTEX | BufferUsage.COPY_DST;
    this.positions = new GpuBuffer({ data: new Float32Array(2), usage, label: `${label}-positions` });
    this.radii = new GpuBuffer({ data: new Float32Array(1), usage, label: `${label}-radii` });
    this.rings = new GpuBuffer({ data: new Uint8Array(4), usage, label: `${label}-styles` });
    this.mesh = new Mesh<Geometry, Shader>({
      geometry: new Geometry({
        topology: 'point-list',
        attributes: {
          aPosition: { buffer: this.positions, format: 'float32x2' },
          aRadius: { buffer: this.radii, format: 'float32' },
          aRing: { buffer: this.rings, format: 'unorm8x4' },
        },
      }),
      shader: Shader.from({ gl: program, resources: { ringUniforms: this.uniforms } }),
      label,
    });
    this.mesh.eventMode = 'none';
    this.mesh.visible = false;
  }

  /** Rings exactly these seats; `style(k)` gives the k-th ring's look. */
  setSeats(seats: ArrayLike<number>, style: (k: number) => RingStyle): void {
    const n = seats.length;
    this.mesh.visible = n > 0;
    if (n === 0) return;
    const { seatX, seatY, seatRadius } = this.model;
    const pos = new Float32Array(n * 2);
    const rad = new Float32Array(n);
    const ring = new Uint32Array(n);
    let last: RingStyle | null = null;
    let word = 0;
    for (let k = 0; k < n; k++) {
      const s = seats[k];
      pos[k * 2] = seatX[s];
      pos[k * 2 + 1] = seatY[s];
      rad[k] = seatRadius[s];
      const st = style(k);
      if (st !== last) {
        last = st;
        word = rgbaToGpuWord(((st.color & 0xffffff00) | Math.min(255, Math.round((st.widthPx / 8) * 255))) >>> 0);
      }
      ring[k] = word;
    }
    this.positions.data = pos;
    this.radii.data = rad;
    this.rings.data = new Uint8Array(ring.buffer);
  }

  setPixelScale(devicePxPerUnit: number): void {
    this.uniforms.uniforms.uPixelScale = devicePxPerUnit;
  }

  destroy(): void {
    destroyMesh(this.mesh);
  }
}
