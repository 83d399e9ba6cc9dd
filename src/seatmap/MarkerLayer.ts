/**
 * Marks over the map: the ring on the keyboard focus seat (the ring program the selection uses), and the rectangle
 * being dragged (1-pixel edges in screen space, the section edges' program). No PixiJS Graphics: its batch shader
 * would be one more slow compile for software GL. The hovered seat's ring is an element over the canvas (HoverRing):
 * a hover does not draw the scene again.
 */
import { Buffer as GpuBuffer, BufferUsage, Container, Geometry, Mesh, Shader } from 'pixi.js';
import type { VenueModel } from '../../workers/venue-map/venueModel';
import type { Rect } from './Camera';
import { hexToRgba, rgbaToGpuWord } from './colors';
import { RingLayer, type RingStyle } from './RingLayer';
import { FILL_FRAGMENT, FILL_VERTEX } from './shaders';
import { destroyMesh } from './destroyMesh';

export interface MarkerState {
  focusSeat: number;
  showFocus: boolean;
  /** Screen rectangle being dragged, or null. */
  marquee: Rect | null;
}

const FOCUS: RingStyle = { color: hexToRgba('#121a29'), widthPx: 3 };
const MARQUEE_COLOR = hexToRgba('#0b57d0');

export class MarkerLayer {
  /** Goes into the world container (rings follow the camera). */
  readonly rings: RingLayer;
  /** Goes on top of the stage, unscaled. */
  readonly screen = new Container({ label: 'screen-markers' });
  private readonly marqueePositions: GpuBuffer;
  private readonly marquee: Mesh<Geometry, Shader>;
  private ringSeat = -1;

  constructor(model: VenueModel) {
    this.rings = new RingLayer(model, 'markers');
    this.marqueePositions = new GpuBuffer({ data: new Float32Array(8), usage: BufferUsage.VERTEX | BufferUsage.COPY_DST, label: 'marquee' });
    const colors = new Uint32Array(4).fill(rgbaToGpuWord(MARQUEE_COLOR));
    this.marquee = new Mesh<Geometry, Shader>({
      geometry: new Geometry({
        topology: 'line-list',
        attributes: {
          aPosition: { buffer: this.marqueePositions, format: 'float32x2' },
          aColor: { buffer: new Uint8Array(colors.buffer), format: 'unorm8x4' },
        },
        indexBuffer: new Uint32Array([0, 1, 1, 2, 2, 3, 3, 0]),
      }),
      shader: Shader.from({ gl: { vertex: FILL_VERTEX, fragment: FILL_FRAGMENT, name: 'section-fill' }, resources: {} }),
      label: 'marquee',
    });
    this.marquee.visible = false;
    this.screen.eventMode = 'none';
    this.screen.addChild(this.marquee);
  }

  update(s: MarkerState): void {
    const focus = s.showFocus ? s.focusSeat : -1;
    if (focus !== this.ringSeat) {
      this.ringSeat = focus;
      this.rings.setSeats(focus >= 0 ? [focus] : [], () => FOCUS);
    }
    this.marquee.visible = s.marquee !== null;
    if (s.marquee) {
      const { minX, minY, maxX, maxY } = s.marquee;
      // Half-pixel offsets put the 1-pixel lines on pixel centres.
      this.marqueePositions.data = new Float32Array([minX + 0.5, minY + 0.5, maxX - 0.5, minY + 0.5, maxX - 0.5, maxY - 0.5, minX + 0.5, maxY - 0.5]);
    }
  }

  setPixelScale(devicePxPerUnit: number): void {
    this.rings.setPixelScale(devicePxPerUnit);
  }

  destroy(): void {
    this.rings.destroy();
    destroyMesh(this.marquee);
    this.screen.destroy();
  }
}
