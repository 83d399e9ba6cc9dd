import { describe, expect, it, vi } from 'vitest';
import type { Mesh, MeshPipe, WebGLRenderer } from 'pixi.js';

// PixiJS reads the browser's navigator when loaded (as in SeatLayer.test.ts); nothing here needs WebGL.
vi.stubGlobal('navigator', { userAgent: 'node' });
vi.stubGlobal('document', { createElement: () => ({ getContext: () => null }) });
const { LimitsWithoutShaderTest, NoGraphicsAdaptor, OwnShaderMeshAdaptor, skipUnusedExtensions, UNUSED_EXTENSIONS } = await import('./leanRenderer');

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
});
