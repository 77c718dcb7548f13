// trivial-wrapper (spec 12.2): a function that is not exported (a method
// that is not #private is public), without default, rest or destructured
// parameters, whose one statement returns a parameter, forwards every
// parameter in order to any callee, or returns a constant or a literal.
// Every flagged line carries its rule id.

const MAX_SIZE = 10;

function identity(value) { // want "trivial-wrapper"
  return value;
}

function forward(value) { // want "trivial-wrapper"
  return normalize(value);
}

// A lone expression statement is examined like a return.
function notify(message) { // want "trivial-wrapper"
  console.log(message);
}

// Exported functions are public.
export function publicForward(value) {
  return normalize(value);
}

export const publicArrow = (value) => value;

function swap(left, right) {
  return normalize(right, left);
}

function withDefault(value = 1) {
  return normalize(value);
}

function rest(...values) {
  return normalize(values);
}

function picked({ value }) {
  return value;
}

// An arrow function's expression body is its one statement.
const limit = () => MAX_SIZE; // want "trivial-wrapper"

const log = (message) => console.warn(message); // want "trivial-wrapper"

const sum = (left, right) => left + right;

function answer() { // want "trivial-wrapper"
  return 42;
}

// A string literal is not flagged.
function greeting() {
  return "hello";
}

function twoStatements(value) {
  const next = value + 1;
  return next;
}

class Box {
  get(value) {
    return value;
  }

  #unwrap(value) { // want "trivial-wrapper"
    return value;
  }
}

/* scbc ignore[trivial-wrapper] */
function ignored(value) {
  return value;
}
