// Different names and literal values, the same statements and operators:
// clones, whatever the form of the function. The signature (parameter and
// return types included) is not in the fingerprint; types inside the body
// are, written as they are (as Rust's and Go's type names).

function first(value: number): number { // want clone:"g1"
  const x = value + 1;
  const y = x * 2;
  return y;
}

function second(item: bigint | number): string { // want clone:"g1"
  const total = item + 7;
  const doubled = total * 3;
  return doubled;
}

// A bound arrow function with a block body is a candidate like a declaration.
const fourth = (n: number): number => { // want clone:"g1"
  const a = n + 1;
  const b = a * 2;
  return b;
};

// `as` casts, `!` and `satisfies` are part of the fingerprint: not a clone of
// the three above.
function third(item: number): number {
  const total = (item as number) + 7;
  const doubled = total! * 3;
  return doubled;
}

// The same statements with their annotations: clones of each other, not of
// the group above (the annotation is in the body).
function typed(value: number) { // want clone:"g2"
  const x: number = value + 1;
  const y: number = x * 2;
  return y;
}

function typedToo(item: number) { // want clone:"g2"
  const total: number = item + 7;
  const doubled: number = total * 3;
  return doubled;
}

// Another type name in the body: not a clone of typed.
function typedString(item: number) {
  const total: string = item + 7;
  const doubled: string = total * 3;
  return doubled;
}

// An expression body is one statement: never a candidate.
const sum = (a: number, b: number): number => a + b;
const add = (x: number, y: number): number => x + y;

// Overload signatures and abstract methods have no body: never candidates.
function over(a: string): string;
function over(a: number): number;
function over(a: any): any { // want clone:"g1"
  const t = a + 2;
  const u = t * 5;
  return u;
}
