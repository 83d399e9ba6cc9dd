/**
 * The element and attribute names the importer reads, as small integer codes: the tokenizer recognises them by hash
 * so the hot path compares integers, never strings. Order matters only within each list (code = index).
 */
export const TAG_NAMES = [
  'svg', 'g', 'circle', 'ellipse', 'rect', 'path', 'polygon', 'polyline', 'line', 'use', 'symbol', 'defs', 'text',
  'tspan', 'title', 'style', 'script', 'foreignObject', 'image', 'a', 'switch', 'clipPath', 'mask', 'pattern',
  'marker', 'filter', 'linearGradient', 'radialGradient', 'metadata', 'desc', 'textPath',
] as const;

export const T_SVG = 0, T_G = 1, T_CIRCLE = 2, T_ELLIPSE = 3, T_RECT = 4, T_PATH = 5, T_POLYGON = 6,
  T_POLYLINE = 7, T_LINE = 8, T_USE = 9, T_SYMBOL = 10, T_DEFS = 11, T_TEXT = 12, T_TSPAN = 13, T_TITLE = 14,
  T_STYLE = 15, T_SCRIPT = 16, T_FOREIGN_OBJECT = 17, T_IMAGE = 18, T_A = 19, T_SWITCH = 20, T_CLIP_PATH = 21,
  T_MASK = 22, T_PATTERN = 23, T_MARKER = 24, T_FILTER = 25, T_LINEAR_GRADIENT = 26, T_RADIAL_GRADIENT = 27,
  T_METADATA = 28, T_DESC = 29, T_TEXT_PATH = 30;

export const ATTR_NAMES = [
  'id', 'class', 'style', 'display', 'visibility', 'transform', 'cx', 'cy', 'r', 'rx', 'ry', 'x', 'y', 'width',
  'height', 'd', 'points', 'x1', 'y1', 'x2', 'y2', 'href', 'xlink:href', 'viewBox', 'preserveAspectRatio',
  'data-name', 'data-section', 'data-kind', 'data-capacity', 'data-row', 'data-seat', 'data-accessible',
  'data-init', 'data-plase', 'data-section-id', 'data-section-name', 'inkscape:groupmode', 'inkscape:label',
] as const;

export const A_ID = 0, A_CLASS = 1, A_STYLE = 2, A_DISPLAY = 3, A_VISIBILITY = 4, A_TRANSFORM = 5, A_CX = 6,
  A_CY = 7, A_R = 8, A_RX = 9, A_RY = 10, A_X = 11, A_Y = 12, A_WIDTH = 13, A_HEIGHT = 14, A_D = 15, A_POINTS = 16,
  A_X1 = 17, A_Y1 = 18, A_X2 = 19, A_Y2 = 20, A_HREF = 21, A_XLINK_HREF = 22, A_VIEWBOX = 23,
  A_PRESERVE_ASPECT_RATIO = 24, A_DATA_NAME = 25, A_DATA_SECTION = 26, A_DATA_KIND = 27, A_DATA_CAPACITY = 28,
  A_DATA_ROW = 29, A_DATA_SEAT = 30, A_DATA_ACCESSIBLE = 31, A_DATA_INIT = 32, A_DATA_PLASE = 33,
  A_DATA_SECTION_ID = 34, A_DATA_SECTION_NAME = 35, A_INKSCAPE_GROUPMODE = 36, A_INKSCAPE_LABEL = 37;

/** Elements that are never part of the map's geometry, with the reason the report gives (indexed by tag code). */
export const NOT_GEOMETRY: (string | undefined)[] = TAG_NAMES.map(() => undefined);
NOT_GEOMETRY[T_CLIP_PATH] = 'clip path: not part of the map geometry';
NOT_GEOMETRY[T_MASK] = 'mask: not part of the map geometry';
NOT_GEOMETRY[T_PATTERN] = 'pattern: paint, not geometry';
NOT_GEOMETRY[T_MARKER] = 'marker: decoration';
NOT_GEOMETRY[T_FILTER] = 'filter: paint effect';
NOT_GEOMETRY[T_LINEAR_GRADIENT] = 'gradient: paint';
NOT_GEOMETRY[T_RADIAL_GRADIENT] = 'gradient: paint';
NOT_GEOMETRY[T_IMAGE] = 'image: pictures are not read (embedded data or links ignored)';
NOT_GEOMETRY[T_SCRIPT] = 'script: never run';
NOT_GEOMETRY[T_FOREIGN_OBJECT] = 'foreignObject: HTML content is never read';
