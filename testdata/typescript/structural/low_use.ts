// low-use-short-function (spec 12.3), run with the default budgets, as in
// JavaScript: a short function called from one or two places whose callers
// stay small once it is inlined.

function clean(value: string): string { // want "low-use-short-function"
  const trimmed = value.trim();
  return trimmed.toLowerCase();
}

export function route(value: string): string {
  const result = clean(value);
  return result;
}

// Called from three places: kept.
function tidy(value: string): string {
  const trimmed = value.trim();
  return trimmed.toUpperCase();
}

export function a(value: string): string[] {
  return [tidy(value), tidy(value), tidy(value)];
}

// A bound arrow function is a target of bare calls too.
const squash = (value: string): string => { // want "low-use-short-function"
  const parts = value.split(" ");
  return parts.join("");
};

export function b(value: string): string {
  const result = squash(value);
  return result;
}

// Methods are never targets of a bare call.
class Shop {
  clean(value: string): string {
    const trimmed = value.trim();
    return trimmed;
  }

  run(value: string): string {
    return this.clean(value);
  }
}

// A namespace is a module scope: its functions call each other bare.
namespace Text {
  function strip(value: string): string { // want "low-use-short-function"
    const trimmed = value.trim();
    return trimmed.replace(/\s+/g, " ");
  }

  export function normal(value: string): string {
    const result = strip(value);
    return result;
  }
}

// scbc ignore[low-use-short-function]
function keep(value: string): string {
  const trimmed = value.trim();
  return trimmed;
}

export function c(value: string): string {
  const result = keep(value);
  return result;
}
