// scope: production

export function fa(x: number): number {
  return x + 1;
}
