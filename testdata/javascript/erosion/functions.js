// What is a callable: function declarations, generator declarations, class
// and object methods, and arrow functions or function expressions bound to a
// name (const/let/var, class fields). Other anonymous functions are part of
// their enclosing callable, as Python lambdas and Rust closures are.

// Two callbacks are not callables: their && and ternary count here, with no
// nesting for the function boundary.
// cc: 1 + && + ternary = 3; cog: && 1 + ternary 1 = 2
function positives(xs) { // want name:"positives" cc:"3" cog:"2" sloc:"4" nesting:"1"
  return xs
    .filter((x) => x > 0 && Number.isFinite(x))
    .map(function (x) { return x > 100 ? 100 : x; });
}

// A bound arrow function is named by its binding; the closing `};` is not SLOC.
// cc 1 + if = 2; cog 1
const clamp = (x) => { // want name:"clamp" cc:"2" cog:"1" sloc:"3" nesting:"1"
  if (x > 1) return 1;
  return x;
};

// An expression body: cc 1, cog 0, one line
const double = (x) => x * 2; // want name:"double" cc:"1" cog:"0" sloc:"1" nesting:"0"

// A bound function expression: cc 1 + || = 2; cog 1
var orZero = function (a) { return a || 0; }; // want name:"orZero" cc:"2" cog:"1" sloc:"1" nesting:"0"

// A generator declaration; yield adds nothing. cc 1 + while = 2; cog 1
function* counter(limit) { // want name:"counter" cc:"2" cog:"1" sloc:"4" nesting:"1"
  let i = 0;
  while (i < limit) {
    yield i++;
  }
}

// A nested named function is its own callable (outer.inner) and its branches
// also count in its parent, as in the reference; it adds no nesting.
// outer: cc 1 + 2 if = 3; cog: inner's if 1 + if 1 = 2; sloc 8
function outer(x) { // want name:"outer" cc:"3" cog:"2" sloc:"8" nesting:"1"
  function inner(y) { // want name:"outer.inner" cc:"2" cog:"1" sloc:"4" nesting:"1"
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

// Methods are qualified by their class; getters, static and private methods
// and arrow-function fields are methods too.
class Cart {
  // cc: 1 + for-of + if = 3; cog: for 1 + if (1 + 1) = 3
  total(items) { // want name:"Cart.total" cc:"3" cog:"3" sloc:"6" nesting:"2"
    let sum = 0;
    for (const item of items) {
      if (item.price > 0) {
        sum += item.price;
      }
    }
    return sum;
  }

  get empty() { // want name:"Cart.empty" cc:"1" cog:"0" sloc:"2" nesting:"0"
    return this.items.length === 0;
  }

  static of(items) { // want name:"Cart.of" cc:"2" cog:"1" sloc:"2" nesting:"1"
    return new Cart(items ? items : []);
  }

  #secret() { // want name:"Cart.#secret" cc:"1" cog:"0" sloc:"2" nesting:"0"
    return 42;
  }

  onClick = (event) => { // want name:"Cart.onClick" cc:"2" cog:"1" sloc:"2" nesting:"0"
    this.last = event.target || null;
  };
}

// A class expression bound to a name has no name of its own: its methods are
// qualified by nothing. An object literal's methods are callables too.
const Plain = class {
  run() { // want name:"run" cc:"1" cog:"0" sloc:"2" nesting:"0"
    return 1;
  }
};

const handlers = {
  start(x) { // want name:"start" cc:"2" cog:"1" sloc:"2" nesting:"1"
    return x ? 1 : 0;
  },
};
