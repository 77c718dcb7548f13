// low-use-short-function (spec 12.3), run with the default budgets: a short
// function called from one or two places whose callers stay small once it is
// inlined.

function clean(value) { // want "low-use-short-function"
  const trimmed = value.trim();
  return trimmed.toLowerCase();
}

export function route(value) {
  const result = clean(value);
  return result;
}

// Called from three places: kept.
function tidy(value) {
  const trimmed = value.trim();
  return trimmed.toUpperCase();
}

export function a(value) {
  return [tidy(value), tidy(value), tidy(value)];
}

// A bound arrow function is a target of bare calls too.
const squash = (value) => { // want "low-use-short-function"
  const parts = value.split(" ");
  return parts.join("");
};

export function b(value) {
  const result = squash(value);
  return result;
}

// Methods are never targets of a bare call.
class Shop {
  clean(value) {
    const trimmed = value.trim();
    return trimmed;
  }

  run(value) {
    return this.clean(value);
  }
}

// scbc ignore[low-use-short-function]
function keep(value) {
  const trimmed = value.trim();
  return trimmed;
}

export function c(value) {
  const result = keep(value);
  return result;
}
