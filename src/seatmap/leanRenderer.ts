/**
 * PixiJS's WebGL renderer without the start-up work of parts the seat map never uses. The map draws only meshes with
 * shaders of their own (sections, seats, rings, the marquee, the cached view's quad): no sprites, graphics or text.
 *
 * PixiJS's WebGL renderer, when it starts, still:
 * - generates the GLSL of its default mesh shader (GlMeshAdaptor.init) and of its graphics shader
 *   (GlGraphicsAdaptor.contextChange): PixiJS's shader compiler run for strings no draw of the map uses;
 * - compiles a test fragment shader on the map's context (GlLimitsSystem: how many `if`s a shader may hold, which
 *   sizes its sprite and graphics batches), a synchronous round trip to the GPU process, where ANGLE translates it.
 *
 * Under SwiftShader, with the worker parsing the venue at the same time on two cores, that CPU is taken from the open
 * (docs/venue-map-journal.md, "The cold open against canvas 2D: the renderer's start", sixth session). Each part is replaced
 * here by one that does none of it; drawing what it served throws, so a future use is found, not drawn wrong.
 */
import { extensions, ExtensionType, GlContextSystem, GlGraphicsAdaptor, GlLimitsSystem, GlMeshAdaptor, type Mesh, type MeshPipe, type WebGLRenderer } from 'pixi.js';
import { useUnbatchedPipe } from './unbatchedPipe';

/** PixiJS's mesh adaptor without its default shader: every mesh of the map brings its own. */
export class OwnShaderMeshAdaptor extends GlMeshAdaptor {
  static override readonly extension = { type: [ExtensionType.WebGLPipesAdaptor], name: 'mesh' } as const;

  override init(): void {}

  override execute(meshPipe: MeshPipe, mesh: Mesh): void {
    if (!mesh.shader) throw new Error('The seat map draws only meshes with a shader of their own');
    super.execute(meshPipe, mesh);
  }

  override destroy(): void {}
}

/** In the place of PixiJS's graphics adaptor: the map draws no Graphics. */
export class NoGraphicsAdaptor {
  static readonly extension = { type: [ExtensionType.WebGLPipesAdaptor], name: 'graphics' } as const;
  readonly shader = null;

  contextChange(): void {}

  execute(): void {
    throw new Error('The seat map draws no PixiJS Graphics');
  }

  destroy(): void {}
}

/**
 * PixiJS's limits without its test compile: the batch size it decides is never used, nothing being batched. Ahead of
 * PixiJS's own systems (priority 0; theirs are -1), as the one it replaces was: the buffer and texture systems read the
 * limits when the context is made.
 */
export class LimitsWithoutShaderTest extends GlLimitsSystem {
  static override readonly extension = { type: [ExtensionType.WebGLSystem], name: 'limits', priority: 0 } as const;

  constructor(private readonly owner: WebGLRenderer) {
    super(owner);
  }

  /** `gl`: the context PixiJS announces (the renderer's `gl` is set by the context system's own handler, which runs later). */
  override contextChange(gl?: WebGL2RenderingContext): void {
    gl ??= this.owner.gl;
    this.maxTextures = gl.getParameter(gl.MAX_TEXTURE_IMAGE_UNITS) as number;
    this.maxBatchableTextures = this.maxTextures;
    this.maxUniformBindings = this.owner.context.webGLVersion === 2 ? (gl.getParameter(gl.MAX_UNIFORM_BUFFER_BINDINGS) as number) : 0;
  }
}

/**
 * WebGL extensions PixiJS asks for when it starts (GlContextSystem.getExtensions) that the map never uses: compressed
 * texture formats and linear filtering of float textures (the map's textures are its own RGBA render targets). Asking
 * enables the extension in the GPU process, a synchronous round trip each: 20-30 ms of the page's main thread at the
 * renderer's start under SwiftShader and load (docs/venue-map-journal.md, "The cold open against canvas 2D: the renderer's
 * start", sixth session).
 */
export const UNUSED_EXTENSIONS: ReadonlySet<string> = new Set([
  'OES_texture_float_linear',
  'WEBGL_compressed_texture_s3tc',
  'WEBGL_compressed_texture_s3tc_srgb',
  'WEBGL_compressed_texture_etc',
  'WEBGL_compressed_texture_etc1',
  'WEBGL_compressed_texture_pvrtc',
  'WEBKIT_WEBGL_compressed_texture_pvrtc',
  'WEBGL_compressed_texture_atc',
  'WEBGL_compressed_texture_astc',
  'EXT_texture_compression_bptc',
  'EXT_texture_compression_rgtc',
]);

type ContextCheck = (this: GlContextSystem, gl: WebGL2RenderingContext) => void;
const contextSystem = GlContextSystem.prototype as unknown as { validateContext: ContextCheck };
const pixiValidateContext = contextSystem.validateContext;

/**
 * PixiJS's check of a context given to it, for the map's context made without depth or stencil buffers
 * (SeatMapRenderer.create): PixiJS warns, for every renderer on such a context, that masks may not render, and the
 * map draws none (nor Graphics to mask with: NoGraphicsAdaptor). For a WebGL 2 context without a stencil buffer this
 * sets what PixiJS's own check sets for WebGL 2 (every feature supported) and says nothing; any other context is
 * checked by PixiJS's.
 */
export function validateContextWithoutStencil(this: GlContextSystem, gl: WebGL2RenderingContext): void {
  if (this.webGLVersion !== 2 || gl.getContextAttributes()?.stencil !== false) {
    pixiValidateContext.call(this, gl);
    return;
  }
  Object.assign(this.supports, { uint32Indices: true, uniformBufferObject: true, vertexArrayObject: true,
    srgbTextures: true, nonPowOf2wrapping: true, nonPowOf2mipmaps: true, msaa: true });
}

/** Makes `gl` answer "not available" for UNUSED_EXTENSIONS without asking the browser (an own property over the prototype's). */
export function skipUnusedExtensions(gl: Pick<WebGL2RenderingContext, 'getExtension'>): void {
  const ask = gl.getExtension.bind(gl) as (name: string) => unknown;
  (gl as { getExtension: (name: string) => unknown }).getExtension = (name: string) => (UNUSED_EXTENSIONS.has(name) ? null : ask(name));
}

let installed = false;

/** Puts the parts above (and UnbatchedPipe) in the place of PixiJS's for WebGL renderers made from now on (once a page). */
export function useLeanRenderer(): void {
  useUnbatchedPipe();
  if (installed) return;
  installed = true;
  extensions.remove({ type: ExtensionType.WebGLPipesAdaptor, name: 'mesh', ref: GlMeshAdaptor });
  extensions.remove({ type: ExtensionType.WebGLPipesAdaptor, name: 'graphics', ref: GlGraphicsAdaptor });
  extensions.remove({ type: ExtensionType.WebGLSystem, name: 'limits', ref: GlLimitsSystem });
  extensions.add(OwnShaderMeshAdaptor, NoGraphicsAdaptor, LimitsWithoutShaderTest);
  // In place on PixiJS's context system rather than a system of our own: one added would run after every other system
  // (PixiJS's are ordered by priority, then by when they were added), and the others read the context it makes.
  contextSystem.validateContext = validateContextWithoutStencil;
}
