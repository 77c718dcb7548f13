// Boolean operators: &&, || and ?? add one to both counts for each binary
// node (`a && b && c` is two nodes), as the reference counts and/or.

// cc: 1 + if + 4 operators = 6; cog: if 1 + 4 = 5
function ready(a, b, c, d) { // want name:"ready" cc:"6" cog:"5" sloc:"4" nesting:"1"
  if (a && b && c) {
    return d ?? a;
  }
  return b || c;
}

// The logical assignments ||=, &&= and ??= short-circuit: one each.
// Optional chaining, a default parameter value, `+=`, `!` and comparisons add
// nothing (docs/languages.md); the final && does.
// cc: 1 + 3 + && = 5; cog: 3 + 1 = 4
function defaults(opts = {}, user) { // want name:"defaults" cc:"5" cog:"4" sloc:"7" nesting:"0"
  opts.size ||= 10;
  opts.name &&= opts.name.trim();
  opts.cache ??= new Map();
  opts.count += 1;
  const same = opts.size === 10;
  return !user?.profile?.name && same;
}

// Operators inside a ternary's condition: cc 1 + ternary + || = 3;
// cog: ternary 1 + || 1 = 2 (boolean operators never score nesting)
function pick(a, b) { // want name:"pick" cc:"3" cog:"2" sloc:"2" nesting:"1"
  return a || b ? a : b;
}
