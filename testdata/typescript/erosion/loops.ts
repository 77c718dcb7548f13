// Loops: for, for-of, for-in (both for_in_statement), while and do-while are a
// branch and a flow break each; break and continue are jumps (+1 cognitive).
// As in JavaScript.

// cc: 1 + 5 loops = 6; cog: five loops at nesting 0 = 5. `n += x` is a compound
// assignment that does not short-circuit: it adds nothing.
// sloc: 14 (`} while (n < 10);` is code)
function loops(xs: number[], obj: Record<string, number>): number { // want name:"loops" cc:"6" cog:"5" sloc:"14" nesting:"1"
  let n: number = 0;
  for (let i = 0; i < xs.length; i++) {
    n += xs[i];
  }
  for (const x of xs) {
    n += x;
  }
  for (const k in obj) {
    n += obj[k];
  }
  while (n > 100) {
    n -= 100;
  }
  do {
    n += 1;
  } while (n < 10);
  return n;
}

// for > if > continue, and for > while > if > break:
// cog: for 1 + if (1 + 1) + continue 1 + while (1 + 1) + if (1 + 2) + break 1 = 10
// cc: 1 + for + if + while + if = 5; nesting: the break is 3 flow breaks deep
function search(rows: Row[], target: number): Row | null { // want name:"search" cc:"5" cog:"10" sloc:"8" nesting:"3"
  for (const row of rows) {
    if (row.skip) {
      continue;
    }
    while (row.next()) {
      if (row.value === target) {
        break;
      }
    }
  }
  return null;
}

// A label adds nothing; a labelled break is one jump like any other.
// cc: 1 + 2 for + if = 4; cog: for 1 + for (1 + 1) + if (1 + 2) + break 1 = 7
function findPair(grid: number[][], v: number): number | null { // want name:"findPair" cc:"4" cog:"7" sloc:"8" nesting:"3"
  let hit: number | null = null;
  outer: for (const row of grid) {
    for (const cell of row) {
      if (cell === v) {
        hit = cell;
        break outer;
      }
    }
  }
  return hit;
}

interface Row {
  skip: boolean;
  value: number;
  next(): boolean;
}
