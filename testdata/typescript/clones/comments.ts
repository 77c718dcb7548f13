// Comments of both kinds and a lone string statement ("use strict") leave
// the fingerprint; one statement plus comments is never a candidate.

function alpha(value: number): number {
  // one statement and a comment
  return value + 1;
}

function beta(item: number): number {
  /* one statement and a comment */
  return item + 1;
}

function gamma(value: number): number { // want clone:"g1"
  // a line comment
  const next = value + 1;
  return next;
}

function delta(item: number): number { // want clone:"g1"
  /* a block comment */
  const after = item + 1;
  return after;
}

function epsilon(item: number): number { // want clone:"g1"
  "use strict";
  /** a doc comment */
  const after = item + 1;
  return after;
}
