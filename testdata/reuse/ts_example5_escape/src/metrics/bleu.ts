export function bleu(p: string[]): number { // want status:"maybe_used"
  return p.length * SMOOTHING;
}

export function chrf(p: string[]): number { // want status:"test_only"
  return p.length;
}

export const SMOOTHING = 1e-9; // want status:"maybe_used"
