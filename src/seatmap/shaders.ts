/**
 * GLSL ES 3.00 of the seat map's meshes (WebGL 2 only: the engine asks for it). Colours travel as `flat`
 * varyings: software rasterisers (SwiftShader) pay per pixel for every interpolated varying, and a
 * full-screen section fill costs about half as much flat. The projection and transform uniforms are
 * PixiJS's own (global and mesh-local groups); the rest come from each layer's UniformGroup.
 */

const VERSION = '#version 300 es\n';

const TRANSFORM = /* glsl */ `
uniform mat3 uProjectionMatrix;
uniform mat3 uWorldTransformMatrix;
uniform mat3 uTransformMatrix;

vec4 toClip(vec2 p) {
  mat3 m = uProjectionMatrix * uWorldTransformMatrix * uTransformMatrix;
  return vec4((m * vec3(p, 1.0)).xy, 0.0, 1.0);
}
`;

/**
 * Seats as point sprites: one vertex a seat (the cheapest thing to push through a software rasteriser),
 * the fragment shader cuts an anti-aliased disc with a darker rim so white (unpriced) seats stay visible.
 * The sprite is the disc plus half a pixel: every fragment costs, and seats cover half the screen when zoomed in.
 * Fully transparent seats (hidden) are moved out of clip space before they cost any fill.
 * While the camera moves, zoomed-in seats are drawn at half the resolution (SeatMapRenderer.setReduced).
 */
export const SEAT_VERTEX = /* glsl */ `${VERSION}
in float aX;
in float aY;
in float aRadius;
in vec4 aColor;
${TRANSFORM}
uniform float uPixelScale;
uniform float uMinRadiusPx;
flat out vec4 vColor;
flat out float vRadiusPx;

void main() {
  float r = max(aRadius * uPixelScale, uMinRadiusPx);
  vRadiusPx = r;
  vColor = aColor;
  gl_PointSize = 2.0 * r + 1.0;
  gl_Position = aColor.a < 0.004 ? vec4(2.0, 2.0, 2.0, 1.0) : toClip(vec2(aX, aY));
}
`;

export const SEAT_FRAGMENT = /* glsl */ `${VERSION}
flat in vec4 vColor;
flat in float vRadiusPx;
uniform vec4 uColor;
out vec4 finalColor;

void main() {
  vec2 p = (gl_PointCoord - 0.5) * (2.0 * vRadiusPx + 1.0);
  float d = length(p);
  float cover = clamp(vRadiusPx + 0.5 - d, 0.0, 1.0);
  if (cover <= 0.0) discard;
  float rim = step(2.5, vRadiusPx) * clamp(d - (vRadiusPx - 1.25), 0.0, 1.0);
  vec3 rgb = mix(vColor.rgb, vColor.rgb * 0.55, rim);
  float a = vColor.a * cover;
  finalColor = vec4(rgb * a, a) * uColor;
}
`;

/**
 * Rings around seats: the selection, the hovered seat and the keyboard focus share this one program
 * (software GL compiles each program on first use, a long task; one program is compiled once).
 * Per ring: colour and width (aRing: rgb + width/8). A seat big enough to see keeps its own colour inside a
 * white band and the coloured ring; a tiny seat becomes a coloured dot with a white rim, so a selection
 * stays visible at overview. Branch-free: cheaper to compile.
 */
export const RING_VERTEX = /* glsl */ `${VERSION}
in vec2 aPosition;
in float aRadius;
in vec4 aRing;
${TRANSFORM}
uniform float uPixelScale;
flat out vec3 vRingColor;
flat out float vSeatPx;
flat out float vWidthPx;
flat out float vOuterPx;
flat out float vBig;

void main() {
  float seat = aRadius * uPixelScale;
  float width = aRing.a * 8.0;
  vBig = step(2.5, seat);
  vSeatPx = seat;
  vWidthPx = width;
  vOuterPx = mix(2.0 + width, seat + 1.25 + width, vBig);
  vRingColor = aRing.rgb;
  gl_PointSize = 2.0 * vOuterPx + 1.0;
  gl_Position = toClip(aPosition);
}
`;

export const RING_FRAGMENT = /* glsl */ `${VERSION}
flat in vec3 vRingColor;
flat in float vSeatPx;
flat in float vWidthPx;
flat in float vOuterPx;
flat in float vBig;
uniform vec4 uColor;
out vec4 finalColor;

void main() {
  vec2 p = (gl_PointCoord - 0.5) * (2.0 * vOuterPx + 1.0);
  float d = length(p);
  float outer = clamp(vOuterPx + 0.5 - d, 0.0, 1.0);
  // Ring mode: nothing over the seat itself. Dot mode: solid.
  float inner = mix(1.0, clamp(d - (vSeatPx + 0.25), 0.0, 1.0), vBig);
  float a = outer * inner;
  if (a <= 0.0) discard;
  // Ring mode: white band, then the colour outside it. Dot mode: colour inside, white rim.
  float coloured = mix(clamp(vOuterPx - 0.75 - d, 0.0, 1.0), clamp(d - (vSeatPx + 1.25), 0.0, 1.0), vBig);
  vec3 rgb = mix(vec3(1.0), vRingColor, coloured);
  finalColor = vec4(rgb * a, a) * uColor;
}
`;

/** Section fills: flat per-vertex colour (straight alpha in, premultiplied out). */
export const FILL_VERTEX = /* glsl */ `${VERSION}
in vec2 aPosition;
in vec4 aColor;
${TRANSFORM}
flat out vec4 vColor;

void main() {
  vColor = aColor;
  gl_Position = toClip(aPosition);
}
`;

export const FILL_FRAGMENT = /* glsl */ `${VERSION}
flat in vec4 vColor;
uniform vec4 uColor;
out vec4 finalColor;

void main() {
  finalColor = vec4(vColor.rgb * vColor.a, vColor.a) * uColor;
}
`;

/**
 * The cached view: a texture of sections and seats drawn at rest, shown while the camera moves over many small seats
 * (SeatMapScene.setCachedView). One quad, one texture read a pixel, drawn opaque.
 */
export const VIEW_VERTEX = /* glsl */ `${VERSION}
in vec2 aPosition;
in vec2 aUV;
${TRANSFORM}
out vec2 vUV;

void main() {
  vUV = aUV;
  gl_Position = toClip(aPosition);
}
`;

export const VIEW_FRAGMENT = /* glsl */ `${VERSION}
in vec2 vUV;
uniform sampler2D uTexture;
out vec4 finalColor;

void main() {
  finalColor = texture(uTexture, vUV);
}
`;
