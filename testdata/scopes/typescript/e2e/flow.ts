// scope: tests

export function fflow(x: number): number {
  return x + 1;
}
