/**
 * Sections: filled outlines coloured by pricing state (the caller's colours), with 1-pixel edges on top.
 * Two meshes built once; re-colouring writes each section's vertex colours in place. When seats are shown
 * the fills of seated sections fade to a tint so the seats read; general-admission areas stay solid.
 * Fills are pre-blended over the background and drawn opaque (no blending: cheaper for a software
 * rasteriser, and a zoomed-in view is one full-screen fill). The selected section's edge is drawn thick in the
 * accent colour: its 1-pixel edges again, shifted by a pixel each way (WebGL has no wide lines).
 */
import { Buffer as GpuBuffer, BufferUsage, Container, Geometry, Mesh, Shader, earcut } from 'pixi.js';
import { SECTION_KIND_GENERAL_ADMISSION, type VenueModel } from '../../workers/venue-map/venueModel';
import { blendOver, DEFAULT_SECTION_COLOR, hexToRgba, rgbaToGpuWord, rgbaWordsOf, type Rgba } from './colors';
import { admissionTrianglesFirst, buildSectionGeometry } from './sectionGeometry';
import { FILL_FRAGMENT, FILL_VERTEX } from './shaders';
import { destroyMesh } from './destroyMesh';

const OUTLINE_COLOR = hexToRgba('#3d434bcc');
/** How much of its pricing colour a seated section keeps under its seats. */
const TINT_ALPHA = 0.25;
/** How far the hovered section's fill goes towards white. */
const HIGHLIGHT = 0.35;
const SELECTED_COLOR = hexToRgba('#2d72d2');
/** How far a section holding part (min) or all (max) of a large selection goes towards the accent colour. */
const SELECTION_TINT_MIN = 0.3;
const SELECTION_TINT_MAX = 0.6;
/** Where the selected section's edge is drawn again, in CSS pixels: a 3-pixel line. */
const SELECTED_OFFSETS: readonly (readonly [number, number])[] = [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]];

export class SectionLayer {
  readonly container = new Container({ label: 'sections' });
  private readonly fillWords: Uint32Array;
  private readonly fillBuffer: GpuBuffer;
  private readonly vertexStart: Uint32Array;
  private readonly sectionWords: Uint32Array;
  private readonly fill: Mesh<Geometry, Shader>;
  private readonly outline: Mesh<Geometry, Shader>;
  /** Indices of general-admission fills come first in the index buffer; this many of them. */
  private readonly admissionIndexCount: number;
  private readonly fillIndexCount: number;
  private seatsShown = false;
  private highlighted = -1;
  private readonly positions: Float32Array;
  private readonly shader: Shader;
  private selected = -1;
  private selectedEdges: Mesh<Geometry, Shader>[] = [];
  private pixelScale = 1;
  /** Counts the changes of what is drawn: a texture of the sections drawn earlier is stale when it moved on. */
  changes = 0;
  /** Selected seats a section when a large selection is shown by section (tinted in the accent colour), else null. */
  private selectionCounts: Uint32Array | null = null;

  /** `background` (0xRRGGBBAA) is what translucent caller colours are pre-blended over, so fills draw opaque. */
  constructor(private readonly model: VenueModel, private readonly background: Rgba) {
    const g = buildSectionGeometry(model, (flat) => earcut(Array.from(flat)));
    this.vertexStart = g.vertexStart;
    const vertexCount = g.positions.length / 2;
    const triangles = admissionTrianglesFirst(g, model.sectionKind);
    this.admissionIndexCount = triangles.admissionCount;
    this.fillIndexCount = g.triangles.length;
    this.sectionWords = new Uint32Array(model.sectionCount).fill(DEFAULT_SECTION_COLOR);
    this.fillWords = new Uint32Array(vertexCount);
    this.fillBuffer = new GpuBuffer({ data: new Uint8Array(this.fillWords.buffer), usage: BufferUsage.VERTEX | BufferUsage.COPY_DST, label: 'section-colors' });
    const positions = new GpuBuffer({ data: g.positions, usage: BufferUsage.VERTEX | BufferUsage.STATIC, label: 'section-positions' });
    const shader = Shader.from({ gl: { vertex: FILL_VERTEX, fragment: FILL_FRAGMENT, name: 'section-fill' }, resources: {} });
    this.positions = g.positions;
    this.shader = shader;
    this.fill = new Mesh<Geometry, Shader>({
      geometry: new Geometry({
        topology: 'triangle-list',
        attributes: { aPosition: { buffer: positions, format: 'float32x2' }, aColor: { buffer: this.fillBuffer, format: 'unorm8x4' } },
        indexBuffer: triangles.indices,
      }),
      shader,
      label: 'section-fills',
    });
    const outlineColors = new Uint32Array(vertexCount).fill(rgbaToGpuWord(OUTLINE_COLOR));
    this.outline = new Mesh<Geometry, Shader>({
      geometry: new Geometry({
        topology: 'line-list',
        attributes: {
          aPosition: { buffer: positions, format: 'float32x2' },
          aColor: { buffer: new Uint8Array(outlineColors.buffer), format: 'unorm8x4' },
        },
        indexBuffer: g.edges,
      }),
      shader,
      label: 'section-outlines',
    });
    for (const m of [this.fill, this.outline]) {
      m.eventMode = 'none';
      if (vertexCount === 0) m.visible = false;
    }
    // Fills are opaque: blending costs a software rasteriser a read per pixel, and fills can cover the screen.
    this.fill.state.blend = false;
    this.container.eventMode = 'none';
    this.container.addChild(this.fill, this.outline);
    this.writeFills();
  }

  /** One colour a section: 0xRRGGBBAA words, or 4 bytes (R, G, B, A) a section. */
  setColors(colors: Uint32Array | Uint8Array): void {
    this.sectionWords.set(rgbaWordsOf(colors, this.model.sectionCount));
    this.writeFills();
  }

  /**
   * Seats drawn over the sections: seated sections fade to a tint of their pricing colour (pre-blended,
   * still opaque), general-admission areas stay solid. `tint: false` leaves seated sections unfilled
   * (zoomed in, where the seats say it all and a full-screen fill would cost as much as the seats).
   */
  setSeatsShown(shown: boolean, tint = true): void {
    const count = shown && !tint ? this.admissionIndexCount : this.fillIndexCount;
    this.changes++;
    this.fill.visible = count > 0;
    if (count > 0) this.fill.geometry.indexCount = count;
    if (shown !== this.seatsShown) {
      this.seatsShown = shown;
      this.writeFills();
    }
  }

  /**
   * A large selection shown by section: every section holding selected seats is tinted in the accent colour
   * (a section wholly selected more than one partly selected); null for none.
   */
  setSelectionCounts(counts: Uint32Array | null): void {
    if (counts === null && this.selectionCounts === null) return;
    this.selectionCounts = counts;
    this.writeFills();
  }

  /** Lightens one section's fill (the hovered one at overview); -1 for none. */
  setHighlight(section: number): void {
    if (section === this.highlighted) return;
    this.highlighted = section;
    this.writeFills();
  }

  /** Marks one section (the one the page has selected) with a thick accent edge; -1 for none. */
  setSelected(section: number): void {
    if (section === this.selected) return;
    this.selected = section;
    this.changes++;
    const old = this.selectedEdges[0]?.geometry;
    for (const m of this.selectedEdges) m.destroy();
    old?.destroy(true);
    this.selectedEdges = [];
    if (section < 0 || section >= this.model.sectionCount) return;
    const from = this.vertexStart[section];
    const count = this.vertexStart[section + 1] - from;
    if (count < 2) return;
    const edges = new Uint32Array(count * 2);
    for (let k = 0; k < count; k++) {
      edges[k * 2] = k;
      edges[k * 2 + 1] = (k + 1) % count;
    }
    const geometry = new Geometry({
      topology: 'line-list',
      attributes: {
        aPosition: { buffer: this.positions.slice(from * 2, (from + count) * 2), format: 'float32x2' },
        aColor: { buffer: new Uint8Array(new Uint32Array(count).fill(rgbaToGpuWord(SELECTED_COLOR)).buffer), format: 'unorm8x4' },
      },
      indexBuffer: edges,
    });
    this.selectedEdges = SELECTED_OFFSETS.map(() => {
      const mesh = new Mesh<Geometry, Shader>({ geometry, shader: this.shader, label: 'selected-section' });
      mesh.eventMode = 'none';
      this.container.addChild(mesh);
      return mesh;
    });
    this.placeSelectedEdges();
  }

  /** CSS pixels per map unit (the camera's scale): the selected edge's offsets are in pixels. */
  setPixelScale(scale: number): void {
    this.pixelScale = scale;
    this.placeSelectedEdges();
  }

  private placeSelectedEdges(): void {
    this.selectedEdges.forEach((mesh, k) => mesh.position.set(SELECTED_OFFSETS[k][0] / this.pixelScale, SELECTED_OFFSETS[k][1] / this.pixelScale));
  }

  private writeFills(): void {
    this.changes++;
    const { sectionCount, sectionKind } = this.model;
    for (let s = 0; s < sectionCount; s++) {
      const c = this.sectionWords[s];
      const tint = this.seatsShown && sectionKind[s] !== SECTION_KIND_GENERAL_ADMISSION ? TINT_ALPHA : 1;
      const alpha = ((c & 255) / 255) * tint;
      let opaque = alpha >= 1 ? c : blendOver(this.background, c, alpha);
      const picked = this.selectionCounts?.[s] ?? 0;
      if (picked > 0) {
        const seats = this.model.sectionSeatCount[s];
        const share = seats > 0 ? Math.min(picked / seats, 1) : 1;
        opaque = blendOver(opaque, SELECTED_COLOR, SELECTION_TINT_MIN + (SELECTION_TINT_MAX - SELECTION_TINT_MIN) * share);
      }
      if (s === this.highlighted) opaque = blendOver(opaque, 0xffffffff, HIGHLIGHT);
      this.fillWords.fill(rgbaToGpuWord(opaque), this.vertexStart[s], this.vertexStart[s + 1]);
    }
    this.fillBuffer.update();
  }

  destroy(): void {
    this.setSelected(-1);
    destroyMesh(this.outline, false);
    destroyMesh(this.fill);
    this.container.destroy();
  }
}
