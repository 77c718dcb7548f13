// Boolean operators: &&, || and ?? add one to both counts for each binary
// node (`a && b && c` is two nodes), as in JavaScript. TypeScript's `as`,
// `satisfies` and non-null `!` are no operators: they add nothing (TSX has
// no `<T>x` assertion: JSX takes the syntax).

// cc: 1 + if + 4 operators = 6; cog: if 1 + 4 = 5
function ready(a: boolean, b: boolean, c: boolean, d?: boolean): boolean { // want name:"ready" cc:"6" cog:"5" sloc:"4" nesting:"1"
  if (a && b && c) {
    return d ?? a;
  }
  return b || c;
}

// The logical assignments ||=, &&= and ??= short-circuit: one each.
// Optional chaining, a default parameter value, `+=`, `!` (logical not and
// non-null), `as`, `satisfies` and comparisons add nothing; the
// two final && do.
// cc: 1 + 3 + 2 && = 6; cog: 3 + 2 = 5
function defaults(opts: Options = {}, user?: User): boolean { // want name:"defaults" cc:"6" cog:"5" sloc:"8" nesting:"0"
  opts.size ||= 10;
  opts.name &&= opts.name.trim();
  opts.cache ??= new Map<string, number>();
  opts.count! += 1;
  const same = (opts.size as number) === 10;
  const conf = { size: opts.size as number } satisfies Options;
  return !user?.profile!.name && same && conf !== null;
}

// Operators inside a ternary's condition: cc 1 + ternary + || = 3;
// cog: ternary 1 + || 1 = 2 (boolean operators never score nesting)
function pick<T>(a: T | null, b: T): T { // want name:"pick" cc:"3" cog:"2" sloc:"2" nesting:"1"
  return a || b ? a! : b;
}

interface Options {
  size?: number;
  name?: string;
  cache?: Map<string, number>;
  count?: number;
}

interface User {
  profile?: { name: string };
}
