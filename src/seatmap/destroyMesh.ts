/** Destroys a mesh with its own geometry (and buffers) and shader; PixiJS's Mesh.destroy leaves them. */
import type { Geometry, Mesh, Shader } from 'pixi.js';

export function destroyMesh(mesh: Mesh<Geometry, Shader>, destroyShader = true): void {
  const geometry = mesh.geometry;
  const shader = mesh.shader;
  mesh.destroy();
  geometry.destroy(true);
  // Programs stay compiled in the renderer (Shader.destroy keeps them): the next scene reuses them.
  if (destroyShader) shader?.destroy();
}
