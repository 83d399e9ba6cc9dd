// The part of @alisaitteke/seatmap-canvas 2.5 the bench uses. The package's "types" field points to a file it
// does not ship (dist/index.d.ts), so the shapes are declared here from its built code (dist/esm).
declare module '@alisaitteke/seatmap-canvas' {
  /** A d3 selection, as far as the bench touches it. */
  export interface D3Selection {
    attr(name: string, value: string | number): D3Selection;
    node(): Element | null;
  }

  /** The SVG view of one seat (the library's SeatItem). */
  export interface SeatItemView {
    node: D3Selection;
    circle: { node: D3Selection };
    setColor(color: string, animated?: boolean): unknown;
    getColor(state?: string | null): string;
    select(): unknown;
    unSelect(): unknown;
  }

  export interface SeatModel {
    id: number | string;
    x: number;
    y: number;
    salable: boolean;
    svg: SeatItemView | null;
  }

  export interface BlockModel {
    id: string;
    seats: SeatModel[];
  }

  export interface SeatInput {
    id: number;
    x: number;
    y: number;
    title?: string;
    salable?: boolean;
    color?: string;
  }

  export interface BlockInput {
    id: string;
    title: string;
    color?: string;
    border_color?: string;
    labels: { title: string; x: number; y: number }[];
    seats: SeatInput[];
  }

  export class SeatMapCanvas {
    constructor(container: string | Element, config: Record<string, unknown>);
    config: { animation_speed: number; [key: string]: unknown };
    data: {
      replaceData(blocks: BlockInput[]): unknown;
      getBlocks(): BlockModel[];
    };
    svg: { node: D3Selection; stage: { node: D3Selection } };
    zoomManager: {
      zoomLevel: string | null;
      calculateZoomLevel(k: number): void;
      dispatchZoomEvent(): void;
    };
  }
}
