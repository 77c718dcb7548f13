import * as M from './metrics';

function runAll(metrics: object): number {
  return Object.keys(metrics).length;
}

export function evaluate(p: string[]): number { // want status:"used"
  return runAll(M) + p.length;
}
