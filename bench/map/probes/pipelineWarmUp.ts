/**
 * Probe: does drawing a program into a texture build the pipeline the canvas then uses, under the bench's flags
 * (software WebGL: ANGLE on SwiftShader, which builds a pipeline on its first draw)? Raw WebGL 2, no PixiJS: a page
 * makes a 1280×800 canvas's context with the attributes given, links three programs (one vertex shader, three
 * fragment shaders) and draws 2,000 points with each, waiting for the GPU after every draw (one pixel read back). The
 * GPU process's CPU (every thread, /proc's schedstat: Linux only) is read around each step:
 * - program 0 on the canvas, cold, then again (warm);
 * - program 1 into a 256×256 RGBA8 texture first, then on the canvas: a canvas draw as cheap as program 0's second
 *   means the texture's draw built the canvas's pipeline;
 * - program 2 on the canvas, cold, then into the texture.
 * Each entry of `--attrs` (a JSON array) is one context: WebGL's context attributes, plus `texDepthStencil` (the
 * texture's framebuffer gets a DEPTH24_STENCIL8 renderbuffer, as PixiJS gives a render target with depth or stencil).
 *
 *   npx tsx bench/map/probes/pipelineWarmUp.ts [--runs=4] [--attrs='[{"alpha":false},{"alpha":true,"texDepthStencil":true}]']
 */
import { loadavg } from 'node:os';
import { median } from '../../lib/metric';
import { launchBrowser } from '../peers/node/benchBrowser';
import { gpuProcessCpu } from './probeCommon';

function args(argv: string[]) {
  const get = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const attrs = JSON.parse(get('attrs') ?? '[{"alpha":false},{"alpha":true},{"alpha":true,"texDepthStencil":true},{"alpha":true,"depth":false,"stencil":false}]') as Record<string, boolean>[];
  return { runs: Number(get('runs') ?? 4), attrs };
}

/** The page: `setup(attrs)` makes the context, programs, points and the texture's framebuffer; `draw(k, toTexture)`. */
const PAGE = `<body><script>
window.setup = (attrs) => {
  const { texDepthStencil, ...contextAttrs } = attrs;
  const canvas = document.createElement('canvas');
  canvas.width = 1280;
  canvas.height = 800;
  document.body.appendChild(canvas);
  const gl = canvas.getContext('webgl2', { premultipliedAlpha: true, antialias: false, preserveDrawingBuffer: false, ...contextAttrs });
  window.gl = gl;
  const vs = '#version 300 es\\nin vec2 p; flat out vec4 v; void main() { v = vec4(p * 0.5 + 0.5, 0.3, 1.0); gl_Position = vec4(p, 0.0, 1.0); gl_PointSize = 9.0; }';
  const fs = (k) => '#version 300 es\\nprecision highp float; flat in vec4 v; out vec4 o; void main() { float d = length(gl_PointCoord - 0.5) * ' + k + '.0; float a = clamp(1.0 - d, 0.0, 1.0); if (a <= 0.0) discard; o = vec4(v.rgb * a, a); }';
  window.programs = [1, 2, 3].map((k) => {
    const program = gl.createProgram();
    for (const [type, source] of [[gl.VERTEX_SHADER, vs], [gl.FRAGMENT_SHADER, fs(k)]]) {
      const shader = gl.createShader(type);
      gl.shaderSource(shader, source);
      gl.compileShader(shader);
      gl.attachShader(program, shader);
    }
    gl.linkProgram(program);
    gl.getProgramParameter(program, gl.LINK_STATUS);
    return program;
  });
  const points = new Float32Array(4000);
  for (let i = 0; i < points.length; i++) points[i] = ((i * 7919) % 2000) / 1000 - 1;
  gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
  gl.bufferData(gl.ARRAY_BUFFER, points, gl.STATIC_DRAW);
  gl.enableVertexAttribArray(0);
  gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
  gl.enable(gl.BLEND);
  gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
  const texture = gl.createTexture();
  gl.bindTexture(gl.TEXTURE_2D, texture);
  gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA8, 256, 256);
  window.fbo = gl.createFramebuffer();
  gl.bindFramebuffer(gl.FRAMEBUFFER, fbo);
  gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
  if (texDepthStencil) {
    const rb = gl.createRenderbuffer();
    gl.bindRenderbuffer(gl.RENDERBUFFER, rb);
    gl.renderbufferStorage(gl.RENDERBUFFER, gl.DEPTH24_STENCIL8, 256, 256);
    gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_STENCIL_ATTACHMENT, gl.RENDERBUFFER, rb);
  }
  gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
};
window.draw = (k, toTexture) => {
  const gl = window.gl;
  gl.bindFramebuffer(gl.FRAMEBUFFER, toTexture ? fbo : null);
  gl.viewport(0, 0, toTexture ? 256 : 1280, toTexture ? 256 : 800);
  gl.useProgram(programs[k]);
  gl.drawArrays(gl.POINTS, 0, 2000);
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
};
</script></body>`;

const STEPS = [
  ['program 0 on the canvas, cold', 'draw(0, false)'],
  ['program 0 on the canvas again', 'draw(0, false)'],
  ['program 1 into the texture, cold', 'draw(1, true)'],
  ['program 1 on the canvas after the texture', 'draw(1, false)'],
  ['program 2 on the canvas, cold', 'draw(2, false)'],
  ['program 2 into the texture after the canvas', 'draw(2, true)'],
] as const;

async function main(): Promise<void> {
  const o = args(process.argv.slice(2));
  const browser = await launchBrowser('webgl');
  const cdp = await browser.newBrowserCDPSession();
  console.log(`pipelines built by a draw into a texture, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; GPU process CPU ms per step, median of ${o.runs} pages (each run's value in brackets)`);
  try {
    // One page per context and run, contexts alternating run for run (the first page of the browser pays its start).
    const samples = o.attrs.map(() => STEPS.map(() => [] as number[]));
    for (let run = 0; run < o.runs; run++) {
      for (const [a, attrs] of o.attrs.entries()) {
        const page = await browser.newPage();
        await page.setContent(PAGE);
        await page.evaluate(`setup(${JSON.stringify(attrs)})`);
        for (const [s, [, call]] of STEPS.entries()) {
          const before = await gpuProcessCpu(cdp);
          await page.evaluate(call);
          samples[a]![s]!.push((await gpuProcessCpu(cdp)) - before);
        }
        await page.close();
      }
    }
    for (const [a, attrs] of o.attrs.entries()) {
      console.log(`\n  ${JSON.stringify(attrs)}`);
      for (const [s, [name]] of STEPS.entries()) {
        const v = samples[a]![s]!;
        console.log(`    ${name.padEnd(46)} ${median(v).toFixed(1).padStart(6)}  [${v.map((x) => x.toFixed(0)).join(', ')}]`);
      }
    }
    console.log(`\n  load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    await browser.close();
  }
}

await main();
