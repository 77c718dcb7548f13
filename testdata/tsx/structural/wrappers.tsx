// trivial-wrapper (spec 12.2), as in JavaScript: a function that is not
// exported (a method that is not #private, private or protected is public),
// without optional, default, rest or destructured parameters and without a
// `this` receiver, whose one statement returns a parameter, forwards every
// parameter in order to any callee, or returns a constant or a literal.
// Type annotations do not matter. Every flagged line carries its rule id.

const MAX_SIZE = 10;

function identity(value: number): number { // want "trivial-wrapper"
  return value;
}

function forward<T>(value: T): T { // want "trivial-wrapper"
  return normalize(value);
}

// A lone expression statement is examined like a return.
function notify(message: string): void { // want "trivial-wrapper"
  console.log(message);
}

// Exported functions are public.
export function publicForward(value: number): number {
  return normalize(value);
}

export const publicArrow = (value: number): number => value;

function swap(left: number, right: number): number {
  return normalize(right, left);
}

// A default value, an optional parameter, a rest parameter and a
// destructured one make the parameters non-trivial.
function withDefault(value: number = 1): number {
  return normalize(value);
}

function optional(value?: number): number {
  return normalize(value);
}

function rest(...values: number[]): number {
  return normalize(values);
}

function picked({ value }: { value: number }): number {
  return value;
}

// A `this` parameter is a receiver, as a method's self.
function bound(this: Window, value: number): number {
  return normalize(value);
}

// An overload signature is no callable; the implementation is examined.
function over(value: string): string;
function over(value: unknown): unknown { // want "trivial-wrapper"
  return value;
}

// An arrow function's expression body is its one statement.
const limit = (): number => MAX_SIZE; // want "trivial-wrapper"

const log = (message: string): void => console.warn(message); // want "trivial-wrapper"

const sum = (left: number, right: number): number => left + right;

function answer(): number { // want "trivial-wrapper"
  return 42;
}

// A string literal is not flagged.
function greeting(): string {
  return "hello";
}

function twoStatements(value: number): number {
  const next = value + 1;
  return next;
}

class Box {
  get(value: number): number {
    return value;
  }

  #unwrap(value: number): number { // want "trivial-wrapper"
    return value;
  }

  private unbox(value: number): number { // want "trivial-wrapper"
    return value;
  }

  protected peek(value: number): number { // want "trivial-wrapper"
    return value;
  }

  public show(value: number): number {
    return value;
  }

  // A constructor's parameter properties are parameters like any other.
  constructor(private readonly size: number) {}
}

/* scbc ignore[trivial-wrapper] */
function ignored(value: number): number {
  return value;
}

declare function normalize(...values: unknown[]): number;
