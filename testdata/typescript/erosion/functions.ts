// What is a callable: as in JavaScript, function declarations, generator
// declarations, class and object methods, and arrow functions or function
// expressions bound to a name (const/let/var, class fields, which TypeScript
// calls public_field_definition whatever their modifiers). Bodiless
// declarations are no callables: overload signatures, `declare function`,
// abstract methods and interface methods have no code to measure, as Rust's
// trait signatures. Enums, interfaces and type aliases are no callables.

// Two callbacks are not callables: their && and ternary count here, with no
// nesting for the function boundary.
// cc: 1 + && + ternary = 3; cog: && 1 + ternary 1 = 2
function positives(xs: number[]): number[] { // want name:"positives" cc:"3" cog:"2" sloc:"4" nesting:"1"
  return xs
    .filter((x: number): boolean => x > 0 && Number.isFinite(x))
    .map(function (x: number) { return x > 100 ? 100 : x; });
}

// A bound arrow function with a typed binding; the closing `};` is not SLOC.
// cc 1 + if = 2; cog 1
const clamp: (x: number) => number = (x) => { // want name:"clamp" cc:"2" cog:"1" sloc:"3" nesting:"1"
  if (x > 1) return 1;
  return x;
};

// An expression body with a generic parameter: cc 1, cog 0, one line
const double = <T extends number>(x: T): number => x * 2; // want name:"double" cc:"1" cog:"0" sloc:"1" nesting:"0"

// Overload signatures are no callables; the implementation is.
// cc: 1 + ternary = 2; cog 1
function pad(s: string): string;
function pad(s: string, n: number): string;
function pad(s: string, n?: number): string { // want name:"pad" cc:"2" cog:"1" sloc:"2" nesting:"1"
  return n === undefined ? s : s.padStart(n);
}

declare function external(a: number): number;

// A `this` parameter is the receiver, not a parameter: cc 1 + ?? = 2; cog 1
function handler(this: HTMLElement, event: Event): void { // want name:"handler" cc:"2" cog:"1" sloc:"2" nesting:"0"
  this.title = event.type ?? "";
}

// A generator declaration; yield adds nothing. cc 1 + while = 2; cog 1
function* counter(limit: number): Generator<number> { // want name:"counter" cc:"2" cog:"1" sloc:"4" nesting:"1"
  let i = 0;
  while (i < limit) {
    yield i++;
  }
}

// An abstract class: its abstract method is no callable, its concrete method
// is, qualified by the class.
abstract class Shape {
  abstract area(): number;

  describe(): string { // want name:"Shape.describe" cc:"2" cog:"1" sloc:"2" nesting:"1"
    return this.area() > 0 ? "solid" : "flat";
  }
}

// Methods are qualified by their class; a constructor with parameter
// properties, accessors, static, private, protected, #private and async
// methods and typed arrow-function fields are methods too. Overload
// signatures of a method are no callables.
class Cart extends Shape {
  private items: Item[] = [];

  constructor(private readonly owner: string, public limit = 10) { // want name:"Cart.constructor" cc:"1" cog:"0" sloc:"2" nesting:"0"
    super();
  }

  // cc: 1 + for-of + if = 3; cog: for 1 + if (1 + 1) = 3
  area(): number { // want name:"Cart.area" cc:"3" cog:"3" sloc:"6" nesting:"2"
    let sum = 0;
    for (const item of this.items) {
      if (item.price > 0) {
        sum += item.price;
      }
    }
    return sum;
  }

  get empty(): boolean { // want name:"Cart.empty" cc:"1" cog:"0" sloc:"2" nesting:"0"
    return this.items.length === 0;
  }

  static of(owner?: string): Cart { // want name:"Cart.of" cc:"2" cog:"1" sloc:"2" nesting:"1"
    return new Cart(owner ? owner : "nobody");
  }

  add(item: Item): void;
  add(items: Item[]): void;
  add(x: Item | Item[]): void { // want name:"Cart.add" cc:"2" cog:"1" sloc:"2" nesting:"1"
    this.items.push(...(Array.isArray(x) ? x : [x]));
  }

  protected async load(): Promise<void> { // want name:"Cart.load" cc:"1" cog:"0" sloc:"2" nesting:"0"
    await Promise.resolve();
  }

  #secret(): number { // want name:"Cart.#secret" cc:"1" cog:"0" sloc:"2" nesting:"0"
    return 42;
  }

  private onClick = (event: MouseEvent): void => { // want name:"Cart.onClick" cc:"2" cog:"1" sloc:"2" nesting:"0"
    this.last = event.target || null;
  };

  last: EventTarget | null = null;
}

// Interfaces, type aliases and enums hold no callables, even with function
// types in them.
interface Item {
  price: number;
  render(): string;
  onSale?: (at: Date) => boolean;
}

type Pricer = (item: Item) => number;

enum Color {
  Red = "red",
  Green = "green",
}

// A namespace qualifies its functions like a class: NS.helper, exported or not.
namespace Geometry {
  export function helper(x: number): number { // want name:"Geometry.helper" cc:"2" cog:"1" sloc:"2" nesting:"1"
    return x > 0 ? x : -x;
  }

  function inner(): number { // want name:"Geometry.inner" cc:"1" cog:"0" sloc:"2" nesting:"0"
    return helper(-1);
  }
}

// An object literal's methods are callables too, named without a scope.
const handlers = {
  start(x: number): number { // want name:"start" cc:"2" cog:"1" sloc:"2" nesting:"1"
    return x ? 1 : 0;
  },
};

// A nested named function is its own callable (outer.inner) and its branches
// also count in its parent, as in the reference; it adds no nesting.
// outer: cc 1 + 2 if = 3; cog: inner's if 1 + if 1 = 2; sloc 8
function outer(x: number): number { // want name:"outer" cc:"3" cog:"2" sloc:"8" nesting:"1"
  function inner(y: number): number { // want name:"outer.inner" cc:"2" cog:"1" sloc:"4" nesting:"1"
    if (y) {
      return 1;
    }
    return 0;
  }
  if (x) {
    return inner(x);
  }
  return 0;
}
