export function add(a: number, b: number): number { return a + b; } // want status:"used"
export function sub(a: number, b: number): number { return a - b; } // want status:"used"
export const ZERO = 0; // want status:"unused"
