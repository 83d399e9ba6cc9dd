/**
 * Selected seats drawn as rings (dots at overview) over the seat layer: one small point mesh holding
 * only the selected seats, refilled when the selection changes. Costs scale with the selection, not the
 * venue, and the selection stays visible at every zoom.
 */
import { Buffer as GpuBuffer, BufferUsage, Geometry, Mesh, Shader, UniformGroup } from 'pixi.js';
import type { VenueModel } from '../../workers/venue-map/venueModel';
import { SELECTION_FRAGMENT, SELECTION_VERTEX } from './shaders';

const RING_RGB = [0.07, 0.1, 0.16];

export class SelectionLayer {
  readonly mesh: Mesh<Geometry, Shader>;
  private readonly positions: GpuBuffer;
  private readonly radii: GpuBuffer;
  private readonly uniforms: UniformGroup<{
    uPixelScale: { value: number; type: 'f32' };
    uRingColor: { value: Float32Array; type: 'vec3<f32>' };
  }>;

  constructor(private readonly model: VenueModel) {
    this.positions = new GpuBuffer({ data: new Float32Array(2), usage: BufferUsage.VERTEX | BufferUsage.COPY_DST, label: 'selection-positions' });
    this.radii = new GpuBuffer({ data: new Float32Array(1), usage: BufferUsage.VERTEX | BufferUsage.COPY_DST, label: 'selection-radii' });
    this.uniforms = new UniformGroup({
      uPixelScale: { value: 1, type: 'f32' },
      uRingColor: { value: new Float32Array(RING_RGB), type: 'vec3<f32>' },
    });
    this.mesh = new Mesh<Geometry, Shader>({
      geometry: new Geometry({
        topology: 'point-list',
        attributes: {
          aPosition: { buffer: this.positions, format: 'float32x2' },
          aRadius: { buffer: this.radii, format: 'float32' },
        },
      }),
      shader: Shader.from({
        gl: { vertex: SELECTION_VERTEX, fragment: SELECTION_FRAGMENT, name: 'seat-selection' },
        resources: { selectionUniforms: this.uniforms },
      }),
      label: 'selection',
    });
    this.mesh.eventMode = 'none';
    this.mesh.visible = false;
  }

  /** Shows exactly these seats as selected. */
  setSeats(seats: Uint32Array): void {
    const n = seats.length;
    this.mesh.visible = n > 0;
    if (n === 0) return;
    const { seatX, seatY, seatRadius } = this.model;
    const pos = new Float32Array(n * 2);
    const rad = new Float32Array(n);
    for (let k = 0; k < n; k++) {
      const s = seats[k];
      pos[k * 2] = seatX[s];
      pos[k * 2 + 1] = seatY[s];
      rad[k] = seatRadius[s];
    }
    this.positions.data = pos;
    this.radii.data = rad;
  }

  setPixelScale(devicePxPerUnit: number): void {
    this.uniforms.uniforms.uPixelScale = devicePxPerUnit;
  }

  destroy(): void {
    this.mesh.destroy();
    this.mesh.geometry.destroy(true);
    this.mesh.shader?.destroy();
  }
}
