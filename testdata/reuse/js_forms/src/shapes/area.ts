export function area(r: number): number { return r * r; } // want status:"used"

export default class Circle { r = 0; } // want status:"used"
