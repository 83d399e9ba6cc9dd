/**
 * Probe: what a zoomed-in frame can cost at best under the bench's WebGL flags (software WebGL, SwiftShader).
 * A bare WebGL 2 canvas, 1280×800, seats of 8 px radius every 20 px (half the screen covered, like the bench's
 * zoomed-in view), panned every frame; each way of putting those pixels on screen is timed on its own:
 *
 *   clear      only the clear (the floor: what any frame costs)
 *   points     the same seats as 1-px points: every vertex, almost no pixels (is it fill or per-seat work?)
 *   squares    the seats as flat point sprites (no disc, no blending: the cheapest seat pixels)
 *   discs      the seats with the engine's own shaders (src/seatmap/shaders.ts: anti-aliased disc, rim, blending)
 *   hardDiscs  a program of its own: flat colour, a hard disc cut by discard, no blending (is it the branch or discard?)
 *   discs½     the same at half resolution (a quarter of the pixels, the canvas scaled up by the compositor): what
 *              the engine draws while the camera moves (SeatMapRenderer.setReduced)
 *   texture    one full-screen textured quad (a cache of drawn seats, e.g. tiles, put back each frame)
 *   blit       blitFramebuffer from a cached frame (the same cache, copied rather than sampled)
 *
 *   npx tsx bench/map/probes/zoomedFill.ts [frames=120] [--only=clear,discs,discs½]
 *
 * Prints, per variant, the frame interval median and p95, the share of frames that missed a vsync (over 20 ms)
 * and the GPU time per frame (render + one pixel read back, measured after the frames, as the map bench does). Nothing is written; the result is evidence for
 * decisions in docs/venue-map-journal.md, not a budget.
 */
import { median, percentile } from '../../lib/metric';
import { launchBrowser, VIEWPORT } from '../peers/node/benchBrowser';
import { SEAT_FRAGMENT, SEAT_VERTEX } from '../../../src/seatmap/shaders';

/** Each variant: what is drawn, at what resolution (device pixels per CSS pixel), flat seats' size in px. */
const VARIANTS = [
  { name: 'clear', draw: 'clear', resolution: 1, pointPx: 0 },
  { name: 'points', draw: 'squares', resolution: 1, pointPx: 1 },
  { name: 'squares', draw: 'squares', resolution: 1, pointPx: 17 },
  { name: 'discs', draw: 'discs', resolution: 1, pointPx: 0 },
  { name: 'discs½', draw: 'discs', resolution: 0.5, pointPx: 0 },
  { name: 'hardDiscs', draw: 'hardDiscs', resolution: 1, pointPx: 17 },
  { name: 'texture', draw: 'texture', resolution: 1, pointPx: 0 },
  { name: 'blit', draw: 'blit', resolution: 1, pointPx: 0 },
] as const;

/** Runs in the page (a plain script: no bundler there). */
const PAGE_SCRIPT = String.raw`
window.probe = async function (variant, resolution, pointPx, frames, seatVertex, seatFragment) {
  const W = innerWidth, H = innerHeight;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(W * resolution); canvas.height = Math.round(H * resolution);
  canvas.style.cssText = 'display:block;width:' + W + 'px;height:' + H + 'px';
  document.body.appendChild(canvas);
  const gl = canvas.getContext('webgl2', { antialias: false, alpha: false, premultipliedAlpha: true });
  gl.viewport(0, 0, canvas.width, canvas.height);
  const compile = (vs, fs) => {
    const p = gl.createProgram();
    for (const [type, src] of [[gl.VERTEX_SHADER, vs], [gl.FRAGMENT_SHADER, fs]]) {
      const s = gl.createShader(type); gl.shaderSource(s, src); gl.compileShader(s);
      if (!gl.getShaderParameter(s, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(s));
      gl.attachShader(p, s);
    }
    gl.linkProgram(p);
    if (!gl.getProgramParameter(p, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(p));
    return p;
  };
  // Seats: 8 px radius every 20 px, over the screen and a margin for the pan.
  const xs = [], ys = [];
  for (let y = -40; y < H + 40; y += 20) for (let x = -40; x < W + 40; x += 20) { xs.push(x); ys.push(y); }
  const n = xs.length;
  const colors = new Uint8Array(n * 4);
  for (let i = 0; i < n; i++) colors.set([(i * 53) & 255, (i * 97) & 255, 180, 255], i * 4);
  const buffer = (data, loc, size, type, norm) => {
    const b = gl.createBuffer(); gl.bindBuffer(gl.ARRAY_BUFFER, b); gl.bufferData(gl.ARRAY_BUFFER, data, gl.STATIC_DRAW);
    gl.enableVertexAttribArray(loc); gl.vertexAttribPointer(loc, size, type, norm, 0, 0);
  };
  const FLAT_VS = '#version 300 es\nin float aX; in float aY; in vec4 aColor; uniform vec2 uPan; uniform vec2 uSize; flat out vec4 vColor;\n' +
    'void main() { vColor = aColor; gl_PointSize = ' + pointPx.toFixed(1) + '; vec2 p = (vec2(aX, aY) + uPan) / uSize * 2.0 - 1.0; gl_Position = vec4(p.x, -p.y, 0.0, 1.0); }';
  const FLAT_FS = variant === 'hardDiscs'
    ? '#version 300 es\nprecision mediump float; flat in vec4 vColor; out vec4 o; void main() { vec2 p = gl_PointCoord - 0.5; if (dot(p, p) > 0.25) discard; o = vColor; }'
    : '#version 300 es\nprecision mediump float; flat in vec4 vColor; out vec4 o; void main() { o = vColor; }';
  if (variant === 'hardDiscs') variant = 'squares';
  const QUAD_VS = '#version 300 es\nin vec2 aP; uniform vec2 uPan; uniform vec2 uSize; out vec2 vUV;\n' +
    'void main() { vUV = (aP * 0.5 + 0.5) + uPan / uSize * 0.1; gl_Position = vec4(aP, 0.0, 1.0); }';
  const QUAD_FS = '#version 300 es\nprecision mediump float; in vec2 vUV; uniform sampler2D uT; out vec4 o; void main() { o = texture(uT, vUV); }';

  let draw = () => {};
  let pan = [0, 0];
  const vao = gl.createVertexArray(); gl.bindVertexArray(vao);
  if (variant === 'squares' || variant === 'discs') {
    const p = variant === 'squares' ? compile(FLAT_VS, FLAT_FS) : compile(seatVertex, seatFragment);
    gl.useProgram(p);
    buffer(new Float32Array(xs), gl.getAttribLocation(p, 'aX'), 1, gl.FLOAT, false);
    buffer(new Float32Array(ys), gl.getAttribLocation(p, 'aY'), 1, gl.FLOAT, false);
    buffer(colors, gl.getAttribLocation(p, 'aColor'), 4, gl.UNSIGNED_BYTE, true);
    const u = (name) => gl.getUniformLocation(p, name);
    if (variant === 'discs') {
      const rLoc = gl.getAttribLocation(p, 'aRadius');
      buffer(new Float32Array(n).fill(8), rLoc, 1, gl.FLOAT, false);
      gl.uniformMatrix3fv(u('uProjectionMatrix'), false, [2 / W, 0, 0, 0, -2 / H, 0, -1, 1, 1]);
      gl.uniformMatrix3fv(u('uTransformMatrix'), false, [1, 0, 0, 0, 1, 0, 0, 0, 1]);
      gl.uniform1f(u('uPixelScale'), resolution); gl.uniform1f(u('uMinRadiusPx'), 0.6); gl.uniform4f(u('uColor'), 1, 1, 1, 1);
      gl.enable(gl.BLEND); gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
      draw = () => { gl.uniformMatrix3fv(u('uWorldTransformMatrix'), false, [1, 0, 0, 0, 1, 0, pan[0], pan[1], 1]); gl.drawArrays(gl.POINTS, 0, n); };
    } else {
      gl.uniform2f(u('uSize'), W, H);
      draw = () => { gl.uniform2f(u('uPan'), pan[0], pan[1]); gl.drawArrays(gl.POINTS, 0, n); };
    }
  } else if (variant === 'texture' || variant === 'blit') {
    const tex = gl.createTexture(); gl.bindTexture(gl.TEXTURE_2D, tex);
    const TW = W + 256, TH = H + 256;
    const data = new Uint8Array(TW * TH * 4);
    for (let i = 0; i < data.length; i++) data[i] = (i * 37) & 255;
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, TW, TH, 0, gl.RGBA, gl.UNSIGNED_BYTE, data);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    if (variant === 'texture') {
      const p = compile(QUAD_VS, QUAD_FS); gl.useProgram(p);
      buffer(new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.getAttribLocation(p, 'aP'), 2, gl.FLOAT, false);
      gl.uniform2f(gl.getUniformLocation(p, 'uSize'), W, H);
      draw = () => { gl.uniform2f(gl.getUniformLocation(p, 'uPan'), pan[0], pan[1]); gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4); };
    } else {
      const fb = gl.createFramebuffer(); gl.bindFramebuffer(gl.READ_FRAMEBUFFER, fb);
      gl.framebufferTexture2D(gl.READ_FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, tex, 0);
      draw = () => {
        const dx = Math.round(128 + pan[0]), dy = Math.round(128 + pan[1]);
        gl.blitFramebuffer(dx, dy, dx + W, dy + H, 0, 0, W, H, gl.COLOR_BUFFER_BIT, gl.NEAREST);
      };
    }
  }
  const raf = () => new Promise((r) => requestAnimationFrame(r));
  const sync = () => gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
  const frame = (f) => {
    const a = (f / 30) * Math.PI * 2;
    pan = [Math.cos(a) * 64, Math.sin(a) * 64];
    gl.clearColor(0.95, 0.96, 0.97, 1); gl.clear(gl.COLOR_BUFFER_BIT);
    draw();
  };
  // Warm-up (the first draw compiles), then the frames as the user sees them, then the GPU time on its own.
  frame(0); sync();
  for (let f = 0; f < 30; f++) { await raf(); frame(f); }
  const frameMs = [], gpuMs = [];
  let last = await raf();
  for (let f = 0; f < frames; f++) {
    const now = await raf(); frameMs.push(now - last); last = now;
    frame(f);
  }
  await raf();
  for (let f = 0; f < 30; f++) {
    sync();
    const t0 = performance.now();
    frame(f); sync();
    gpuMs.push(performance.now() - t0);
  }
  canvas.remove();
  return { frameMs, gpuMs, seats: n };
};
`;

async function main(): Promise<void> {
  const frames = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 120);
  const browser = await launchBrowser('webgl');
  try {
    console.log(`zoomed-in fill probe: ${VIEWPORT.width}×${VIEWPORT.height}, ${frames} panned frames a variant, webgl flags`);
    console.log('variant    frame median   p95   missed vsync   GPU/frame median');
    // The first page of a fresh browser runs slow (its GPU process still starting): a throwaway round first.
    const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7).split(',');
    const chosen = only ? VARIANTS.filter((v) => only.includes(v.name)) : VARIANTS;
    for (const [k, v] of [chosen[0]!, ...chosen].entries()) {
      await new Promise((r) => setTimeout(r, 1000));
      const page = await browser.newPage({ viewport: VIEWPORT });
      await page.setContent('<!doctype html><body style="margin:0"></body>');
      await page.addScriptTag({ content: PAGE_SCRIPT });
      const r = await page.evaluate(
        ([d, res, px, f, vs, fs]) => (window as unknown as { probe: (...a: unknown[]) => Promise<{ frameMs: number[]; gpuMs: number[] }> }).probe(d, res, px, f, vs, fs),
        // PixiJS adds the precision line to the engine's shaders; a bare context needs it written.
        [v.draw, v.resolution, v.pointPx, frames, SEAT_VERTEX, SEAT_FRAGMENT.replace('#version 300 es\n', '#version 300 es\nprecision highp float;\n')] as const,
      );
      await page.close();
      if (k === 0) continue;
      const missed = r.frameMs.filter((ms) => ms > 20).length / r.frameMs.length;
      console.log(
        `${v.name.padEnd(10)} ${median(r.frameMs).toFixed(1).padStart(8)} ms ${percentile(r.frameMs, 95).toFixed(1).padStart(6)} ms ${(missed * 100).toFixed(0).padStart(8)} % ${median(r.gpuMs).toFixed(1).padStart(12)} ms`,
      );
    }
  } finally {
    await browser.close();
  }
}

await main();
