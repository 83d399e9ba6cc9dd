import { describe, expect, it, vi } from 'vitest';
import type { Mesh, MeshPipe, WebGLRenderer } from 'pixi.js';

// PixiJS reads the browser's navigator when loaded (as in SeatLayer.test.ts); nothing here needs WebGL.
vi.stubGlobal('navigator', { userAgent: 'node' });
vi.stubGlobal('document', { createElement: () => ({ getContext: () => null }) });
const { LimitsWithoutShaderTest, NoGraphicsAdaptor, OwnShaderMeshAdaptor, skipUnusedExtensions, UNUSED_EXTENSIONS, validateContextWithoutStencil } = await import('./leanRenderer');
const { GlContextSystem } = await import('pixi.js');

/** A stand-in WebGL 2 context that logs the calls made of it. */
function loggingGl() {
  const log: string[] = [];
  const gl = {
    MAX_TEXTURE_IMAGE_UNITS: 0x8872,
    MAX_UNIFORM_BUFFER_BINDINGS: 0x8a2f,
    getParameter: (p: number) => (log.push(`getParameter ${p}`), p === 0x8872 ? 16 : 72),
    getExtension: (name: string) => (log.push(`getExtension ${name}`), { name }),
    createShader: () => (log.push('createShader'), {}),
    compileShader: () => log.push('compileShader'),
  };
  return { gl, log };
}

describe('PixiJS without the start-up work the map does not use', () => {
  it('when PixiJS asks for a compressed texture format or float filtering, then the context answers none without asking the browser', () => {
    const { gl, log } = loggingGl();
    skipUnusedExtensions(gl as unknown as WebGL2RenderingContext);
    for (const name of UNUSED_EXTENSIONS) expect(gl.getExtension(name)).toBeNull();
    expect(log).toEqual([]);
  });

  it('when PixiJS asks for an extension the map’s renderer uses (losing the context, anisotropy, the provoking vertex), then the browser is asked', () => {
    const { gl, log } = loggingGl();
    skipUnusedExtensions(gl as unknown as WebGL2RenderingContext);
    expect(gl.getExtension('WEBGL_lose_context')).toEqual({ name: 'WEBGL_lose_context' });
    expect(gl.getExtension('WEBGL_provoking_vertex')).toEqual({ name: 'WEBGL_provoking_vertex' });
    expect(gl.getExtension('EXT_texture_filter_anisotropic')).toEqual({ name: 'EXT_texture_filter_anisotropic' });
    expect(log).toEqual(['getExtension WEBGL_lose_context', 'getExtension WEBGL_provoking_vertex', 'getExtension EXT_texture_filter_anisotropic']);
  });

  it('when the context is made, then the limits are read from it and no test shader is compiled', () => {
    const { gl, log } = loggingGl();
    const renderer = { gl: undefined, context: { webGLVersion: 2 } } as unknown as WebGLRenderer;
    const limits = new LimitsWithoutShaderTest(renderer);
    limits.contextChange(gl as unknown as WebGL2RenderingContext);
    expect(limits.maxTextures).toBe(16);
    expect(limits.maxBatchableTextures).toBe(16);
    expect(limits.maxUniformBindings).toBe(72);
    expect(log.some((l) => l.includes('Shader'))).toBe(false);
  });

  it('makes no default mesh shader, and a mesh without a shader of its own is refused, not drawn with another', () => {
    const adaptor = new OwnShaderMeshAdaptor();
    adaptor.init();
    expect((adaptor as unknown as { _shader?: unknown })._shader).toBeUndefined();
    const mesh = { shader: null } as unknown as Mesh;
    expect(() => adaptor.execute({} as MeshPipe, mesh)).toThrow(/a shader of their own/);
    expect(() => adaptor.destroy()).not.toThrow();
  });

  it('makes no graphics shader, and drawing PixiJS Graphics is refused', () => {
    const adaptor = new NoGraphicsAdaptor();
    adaptor.contextChange();
    expect(adaptor.shader).toBeNull();
    expect(() => adaptor.execute()).toThrow(/no PixiJS Graphics/);
  });

  describe('a context given to PixiJS without a stencil buffer (the map\u2019s: no depth or stencil)', () => {
    /** PixiJS's context system after it took `stencil` context of `version`, with its features as PixiJS's check left them. */
    function checked(version: 1 | 2, stencil: boolean, check: (system: InstanceType<typeof GlContextSystem>, gl: WebGL2RenderingContext) => void) {
      const system = new GlContextSystem({} as WebGLRenderer);
      system.webGLVersion = version;
      Object.assign(system.supports, { uint32Indices: false, uniformBufferObject: false, vertexArrayObject: false, srgbTextures: false, nonPowOf2wrapping: false, nonPowOf2mipmaps: false, msaa: false });
      check(system, { getContextAttributes: () => ({ stencil }) } as unknown as WebGL2RenderingContext);
      return { ...system.supports };
    }
    const pixiCheck = (system: InstanceType<typeof GlContextSystem>, gl: WebGL2RenderingContext) => (system as unknown as { validateContext(gl: WebGL2RenderingContext): void }).validateContext(gl);

    it('when PixiJS takes a WebGL 2 context without a stencil buffer, then it says nothing and knows the features PixiJS would for one with a stencil buffer', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        const ours = checked(2, false, (system, gl) => validateContextWithoutStencil.call(system, gl));
        expect(warn).not.toHaveBeenCalled();
        expect(ours).toEqual(checked(2, true, pixiCheck));
        expect(Object.values(ours).every((v) => v === true)).toBe(true);
      } finally {
        warn.mockRestore();
      }
    });

    it('when the context is WebGL 1 without a stencil buffer, then PixiJS checks it as its own and warns', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        const ours = checked(1, false, (system, gl) => validateContextWithoutStencil.call(system, gl));
        expect(warn.mock.calls.some((c) => String(c[1]).includes('stencil'))).toBe(true);
        expect(ours.uniformBufferObject).toBe(false);
      } finally {
        warn.mockRestore();
      }
    });
  });
});
