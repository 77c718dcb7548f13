// Different names and literal values, the same statements and operators:
// clones, whatever the form of the function.

function first(value) { // want clone:"g1"
  const x = value + 1;
  const y = x * 2;
  return y;
}

function second(item) { // want clone:"g1"
  const total = item + 7;
  const doubled = total * 3;
  return doubled;
}

// `-` instead of `+`: not a clone of the two above.
function third(item) {
  const total = item - 7;
  const doubled = total * 3;
  return doubled;
}

// A bound arrow function with a block body is a candidate like a declaration;
// the signature (here none of its own) is not in the fingerprint.
const fourth = (n) => { // want clone:"g1"
  const a = n + 1;
  const b = a * 2;
  return b;
};

// An expression body is one statement: never a candidate.
const sum = (a, b) => a + b;
const add = (x, y) => x + y;

// let instead of const is a different keyword: not a clone.
function fifth(item) {
  let total = item + 7;
  let doubled = total * 3;
  return doubled;
}
