import * as M from './metrics';

export function evaluate(p: string[]): number { // want status:"used"
  return M.bleu(p);
}
