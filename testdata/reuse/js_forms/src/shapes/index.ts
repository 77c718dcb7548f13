export { area as surface } from './area.js';
export * as units from './units';
export type { Shape } from './types';
