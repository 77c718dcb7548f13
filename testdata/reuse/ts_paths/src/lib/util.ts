export function fmt(n: number): string { return String(n); } // want status:"used"
