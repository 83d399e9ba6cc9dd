/**
 * The header every console call carries (`platform: admin`, docs/api.md). A module of its own, without TypeBox, so
 * a small script (the map's source, eventMapSource.ts) can name it without loading the schemas.
 */
export const PLATFORM_HEADER = 'platform';
export const PLATFORM_ADMIN = 'admin';
