/**
 * The cached view's texture and the quad that shows it in the world (map units), under the rings and markers. What
 * goes into the texture and when is SeatMapScene's; which part of the map and at what resolution, cachedView.ts's.
 */
import { Buffer as GpuBuffer, BufferUsage, Geometry, Mesh, RenderTexture, Shader } from 'pixi.js';
import type { CachedViewPlan } from './cachedView';
import { destroyMesh } from './destroyMesh';
import { VIEW_FRAGMENT, VIEW_VERTEX } from './shaders';

export class CachedViewLayer {
  readonly mesh: Mesh<Geometry, Shader>;
  readonly texture = RenderTexture.create({ width: 1, height: 1, resolution: 1, scaleMode: 'linear', antialias: false, dynamic: true });
  /** What the texture holds now, null before it was first drawn and while it is being drawn again. */
  plan: CachedViewPlan | null = null;
  private readonly positions = new Float32Array(8);
  private readonly positionBuffer = new GpuBuffer({ data: this.positions, usage: BufferUsage.VERTEX | BufferUsage.COPY_DST, label: 'cached-view-quad' });

  constructor() {
    const geometry = new Geometry({
      topology: 'triangle-list',
      attributes: {
        aPosition: { buffer: this.positionBuffer, format: 'float32x2' },
        aUV: { buffer: new Float32Array([0, 0, 1, 0, 1, 1, 0, 1]), format: 'float32x2' },
      },
      indexBuffer: new Uint32Array([0, 1, 2, 0, 2, 3]),
    });
    const shader = Shader.from({ gl: { vertex: VIEW_VERTEX, fragment: VIEW_FRAGMENT, name: 'cached-view' }, resources: { uTexture: this.texture.source } });
    this.mesh = new Mesh<Geometry, Shader>({ geometry, shader, label: 'cached-view' });
    // The texture is opaque (the background and opaque fills under the seats): no blending, a software rasteriser's cheapest.
    this.mesh.state.blend = false;
    this.mesh.eventMode = 'none';
    this.mesh.visible = false;
  }

  /**
   * Sizes the texture for `plan` and puts the quad over its region; the caller then draws into `texture` (at once or
   * in parts) and calls `drawn(plan)` when it is complete.
   */
  place(plan: CachedViewPlan): void {
    if (this.texture.width !== plan.width || this.texture.height !== plan.height) this.texture.resize(plan.width, plan.height);
    const { minX, minY, maxX, maxY } = plan.region;
    this.positions.set([minX, minY, maxX, minY, maxX, maxY, minX, maxY]);
    this.positionBuffer.update();
    this.plan = null;
  }

  /** The texture now holds `plan` (placed before). */
  drawn(plan: CachedViewPlan): void {
    this.plan = plan;
  }

  /** Forgets what the texture holds (it is drawn again before it is shown next). */
  invalidate(): void {
    this.plan = null;
  }

  destroy(): void {
    destroyMesh(this.mesh);
    this.texture.destroy(true);
  }
}
