// Branches: if, else if, switch, catch and the ternary count as in
// JavaScript (docs/languages.md). Type annotations, return types, type
// parameters and generic arguments add nothing. Lines holding only closing
// punctuation (`}`, `};`) are not SLOC; `} else {` is.

// cc 1, cog 0; sloc: the function line and the return
function straight(x: number): number { // want name:"straight" cc:"1" cog:"0" sloc:"2" nesting:"0"
  return x;
}

// cc: 1 + if = 2; cog: if 1, a plain else is free (as in Rust)
// nesting: the else block is inside the if, one flow break deep
function ifElse<T>(x: T | null): number { // want name:"ifElse" cc:"2" cog:"1" sloc:"5" nesting:"1"
  if (x !== null) {
    return 1;
  } else {
    return 0;
  }
}

// else if is an if_statement inside the first one's else_clause.
// cc: 1 + 2 if = 3; cog: if 1 + else-if (1 + 1) = 3
function sign(x: number): -1 | 0 | 1 { // want name:"sign" cc:"3" cog:"3" sloc:"7" nesting:"2"
  if (x > 0) {
    return 1;
  } else if (x < 0) {
    return -1;
  } else {
    return 0;
  }
}

// Each non-default case is a cyclomatic branch; the switch is one flow break,
// default adds nothing, break is a jump. An enum member in a case is a plain
// member expression.
// cc: 1 + 3 cases = 4; cog: switch 1 + break 1 = 2
// sloc: every line but the two closing braces (`default:` is code)
function label(code: Code): string { // want name:"label" cc:"4" cog:"2" sloc:"10" nesting:"1"
  switch (code) {
    case Code.Zero:
      return "zero";
    case Code.One:
    case Code.Two:
      return "small";
    default:
      break;
  }
  return "many";
}

// An enum is no callable and adds nothing (its lines are SLOC of the file).
enum Code {
  Zero,
  One,
  Two,
}

// try and finally add nothing; catch (with its `unknown` annotation) is a
// branch and a flow break, and so is the ternary inside it.
// cc: 1 + catch + ternary = 3; cog: catch 1 + ternary (1 + 1) = 3
function parse(text: string, fallback?: object): object | null { // want name:"parse" cc:"3" cog:"3" sloc:"7" nesting:"2"
  try {
    return JSON.parse(text) as object;
  } catch (err: unknown) {
    return fallback === undefined ? null : fallback;
  } finally {
    done();
  }
}

// A conditional type `A extends B ? C : D` is a type, not a ternary: the
// alias is no callable and the function using it counts only its own if.
type Unwrap<T> = T extends Promise<infer U> ? U : T;

// cc: 1 + if = 2; cog 1; the `as` cast and the generic call add nothing
function first<T>(xs: Array<Unwrap<T>>): Unwrap<T> | undefined { // want name:"first" cc:"2" cog:"1" sloc:"4" nesting:"1"
  if (xs.length === 0) {
    return undefined;
  }
  return xs[0] as Unwrap<T>;
}

declare function done(): void;
