/**
 * Every seat in one draw: a single Mesh of point sprites (one vertex a seat) with per-vertex colour.
 * Positions and radii are the model's own arrays (no copy: 8 bytes a seat saved, 1.6 MB at 200k); re-colouring writes
 * the colour buffer in place and uploads it, nothing is rebuilt. An index buffer lists the seats of the
 * rows in view (culling: a software rasteriser pays for clipped points too). PixiJS events are off:
 * hit-testing is the index's job.
 */
import { Buffer as GpuBuffer, BufferUsage, Geometry, Mesh, Shader, UniformGroup } from 'pixi.js';
import type { VenueModel } from '../../workers/venue-map/venueModel';
import { DEFAULT_SEAT_COLOR, packColors, rgbaToGpuWord, type Rgba } from './colors';
import type { Rect } from './Camera';
import { computeRowBounds, countVisibleSeats, writeVisibleSeatRange } from './seatCulling';
import { SEAT_FRAGMENT, SEAT_VERTEX } from './shaders';
import { destroyMesh } from './destroyMesh';

export class SeatLayer {
  readonly mesh: Mesh<Geometry, Shader>;
  private readonly colorWords: Uint32Array;
  private readonly colorBuffer: GpuBuffer;
  /** Made on first use (rows): a first frame of sections alone (100k and 200k seats at overview) never needs them. */
  private rowBoundsMade: Float32Array | null = null;
  /** Index buffer contents: the seats of the rows in view. */
  private readonly visible: Uint32Array;
  private readonly indexBuffer: GpuBuffer;
  private visibleCount = -1;
  private shown = true;
  /** Counts the colour changes: a texture of the seats drawn earlier is stale when it moved on. */
  changes = 0;
  private readonly uniforms: UniformGroup<{
    uPixelScale: { value: number; type: 'f32' };
    uMinRadiusPx: { value: number; type: 'f32' };
  }>;

  constructor(private readonly model: VenueModel) {
    const n = model.seatCount;
    this.colorWords = new Uint32Array(n);
    this.colorWords.fill(rgbaToGpuWord(DEFAULT_SEAT_COLOR));
    this.colorBuffer = new GpuBuffer({
      data: new Uint8Array(this.colorWords.buffer),
      usage: BufferUsage.VERTEX | BufferUsage.COPY_DST,
      label: 'seat-colors',
    });
    this.visible = new Uint32Array(Math.max(n, 1));
    this.indexBuffer = new GpuBuffer({ data: this.visible, usage: BufferUsage.INDEX | BufferUsage.COPY_DST, label: 'seat-visible' });
    const geometry = new Geometry({
      topology: 'point-list',
      indexBuffer: this.indexBuffer,
      attributes: {
        aX: { buffer: staticBuffer(model.seatX, 'seat-x'), format: 'float32' },
        aY: { buffer: staticBuffer(model.seatY, 'seat-y'), format: 'float32' },
        aRadius: { buffer: staticBuffer(model.seatRadius, 'seat-radii'), format: 'float32' },
        aColor: { buffer: this.colorBuffer, format: 'unorm8x4' },
      },
    });
    this.uniforms = new UniformGroup({
      uPixelScale: { value: 1, type: 'f32' },
      uMinRadiusPx: { value: 0.6, type: 'f32' },
    });
    const shader = Shader.from({
      gl: { vertex: SEAT_VERTEX, fragment: SEAT_FRAGMENT, name: 'seat-points' },
      resources: { seatUniforms: this.uniforms },
    });
    this.mesh = new Mesh<Geometry, Shader>({ geometry, shader, label: 'seats' });
    this.mesh.eventMode = 'none';
    this.mesh.interactiveChildren = false;
    this.mesh.visible = false;
  }

  /**
   * minX, minY, maxX, maxY a row (seat discs included), computed the first time they are asked for: culling, the seat
   * count in view (asked only once seats are big enough to show) and row labels (only while seats are shown). A pass
   * over every seat (about 10 ms at 200k on a loaded machine) that a first frame of sections alone does not pay.
   */
  get rows(): Float32Array {
    return this.makeRows();
  }

  /** Makes the rows' bounds now if they are not made yet (the engine does, idle, after its first frame). */
  makeRows(): Float32Array {
    return (this.rowBoundsMade ??= computeRowBounds(this.model));
  }

  /** Whether the seat's colour is dark (white text reads on it). */
  isDark(seat: number): boolean {
    const b = new Uint8Array(this.colorWords.buffer, seat * 4, 3);
    return b[0] * 0.299 + b[1] * 0.587 + b[2] * 0.114 < 150;
  }

  get seatCount(): number {
    return this.colorWords.length;
  }

  /** The seat's colour as the GPU buffer holds it (what the next frame draws), as 0xRRGGBBAA. */
  colorOf(seat: number): Rgba {
    // The GPU word is the caller's word with its bytes reversed on a little-endian machine: the same swap undoes it.
    return rgbaToGpuWord(this.colorWords[seat]);
  }

  /** One colour a seat: 0xRRGGBBAA words, or 4 bytes (R, G, B, A) a seat. Written in place. */
  /** The seats' colours now, as GPU words (a copy; read one back with `colorOfWord`). */
  copyColors(into?: Uint32Array): Uint32Array {
    if (into && into.length === this.colorWords.length) {
      into.set(this.colorWords);
      return into;
    }
    return this.colorWords.slice();
  }

  /** A GPU word of `copyColors` as 0xRRGGBBAA. */
  static colorOfWord(word: number): Rgba {
    return rgbaToGpuWord(word);
  }

  setColors(colors: Uint32Array | Uint8Array): void {
    packColors(colors, this.colorWords);
    this.colorBuffer.update();
    this.changes++;
  }

  setColor(seat: number, color: Rgba): void {
    this.colorWords[seat] = rgbaToGpuWord(color);
    this.colorBuffer.update();
    this.changes++;
  }

  /** Device pixels per map unit, so discs are sized in pixels on the GPU without touching the buffers. */
  setPixelScale(devicePxPerUnit: number): void {
    this.uniforms.uniforms.uPixelScale = devicePxPerUnit;
  }

  setVisible(visible: boolean): void {
    this.shown = visible;
    this.mesh.visible = visible && this.visibleCount > 0;
  }

  /** How many seats the rows meeting `view` hold (what `cull(view)` would draw). */
  countInView(view: Rect): number {
    return countVisibleSeats(this.rows, this.model.rowSeatCount, view);
  }

  /** Draws only the rows meeting `view` (map units); returns how many seats that is. */
  cull(view: Rect): number {
    return this.cullSlice(view, 0, Infinity);
  }

  /** Seats the last cull kept (what a frame of this layer draws). */
  get culledCount(): number {
    return Math.max(0, this.visibleCount);
  }

  /**
   * Draws `count` seats from the `from`-th of the rows meeting `view` (in seat order): a part of a large drawing, so
   * the parts of one can go to the GPU in separate tasks. Returns how many seats the rows meeting `view` hold in all.
   */
  cullSlice(view: Rect, from: number, count: number): number {
    const m = this.model;
    const { total, written: n } = writeVisibleSeatRange(this.rows, m.rowFirstSeat, m.rowSeatCount, view, from, count, this.visible);
    this.visibleCount = n;
    if (n > 0) {
      this.mesh.geometry.indexCount = n;
      this.indexBuffer.update(n * 4);
    }
    this.mesh.visible = this.shown && n > 0;
    return total;
  }

  destroy(): void {
    destroyMesh(this.mesh);
  }
}

/** A vertex buffer over one of the model's arrays: uploaded once, the array itself is not copied. */
function staticBuffer(data: Float32Array, label: string): GpuBuffer {
  return new GpuBuffer({ data, usage: BufferUsage.VERTEX | BufferUsage.STATIC, label });
}
