// Branches: if, else if, switch, catch and the ternary (spec 7 and 8 applied
// to JavaScript, docs/languages.md). Lines holding only closing punctuation
// (`}`, `};`) are not SLOC; `} else {` is.

// cc 1, cog 0; sloc: the function line and the return
function straight(x) { // want name:"straight" cc:"1" cog:"0" sloc:"2" nesting:"0"
  return x;
}

// cc: 1 + if = 2; cog: if 1, a plain else is free (as in Rust)
// nesting: the else block is inside the if, one flow break deep
function ifElse(x) { // want name:"ifElse" cc:"2" cog:"1" sloc:"5" nesting:"1"
  if (x > 0) {
    return 1;
  } else {
    return 0;
  }
}

// else if is an if_statement inside the first one's else_clause.
// cc: 1 + 2 if = 3; cog: if 1 + else-if (1 + 1) = 3
function sign(x) { // want name:"sign" cc:"3" cog:"3" sloc:"7" nesting:"2"
  if (x > 0) {
    return 1;
  } else if (x < 0) {
    return -1;
  } else {
    return 0;
  }
}

// Every else-if nests in the previous one: cog 1 + 2 + 3 = 6; cc 1 + 3 = 4
function grade(score) { // want name:"grade" cc:"4" cog:"6" sloc:"9" nesting:"3"
  if (score > 90) {
    return "A";
  } else if (score > 80) {
    return "B";
  } else if (score > 70) {
    return "C";
  } else {
    return "F";
  }
}

// Each non-default case is a cyclomatic branch (ESLint's count); the switch
// is one flow break (as a Rust match), default adds nothing, break is a jump.
// cc: 1 + 3 cases = 4; cog: switch 1 + break 1 = 2
// sloc: every line but the two closing braces (`default:` is code)
function label(code) { // want name:"label" cc:"4" cog:"2" sloc:"10" nesting:"1"
  switch (code) {
    case 0:
      return "zero";
    case 1:
    case 2:
      return "small";
    default:
      break;
  }
  return "many";
}

// try and finally add nothing; catch is a branch and a flow break, and so is
// the ternary, which sits inside the catch.
// cc: 1 + catch + ternary = 3; cog: catch 1 + ternary (1 + 1) = 3
function parse(text, fallback) { // want name:"parse" cc:"3" cog:"3" sloc:"7" nesting:"2"
  try {
    return JSON.parse(text);
  } catch (err) {
    return fallback === undefined ? null : fallback;
  } finally {
    done();
  }
}

// Twelve decisions: cc 1 + 10 if + 1 ternary = 12 (above 10);
// cog: the k-th if of an else-if chain scores k: 1 + 2 + ... + 10 = 55, and the
// ternary in the last else sits under 10 ifs: 1 + 10 = 11; 66 in all
function code(c, strict) { // want name:"code" cc:"12" cog:"66" sloc:"23" nesting:"11"
  if (c === 0) {
    return "a";
  } else if (c === 1) {
    return "b";
  } else if (c === 2) {
    return "c";
  } else if (c === 3) {
    return "d";
  } else if (c === 4) {
    return "e";
  } else if (c === 5) {
    return "f";
  } else if (c === 6) {
    return "g";
  } else if (c === 7) {
    return "h";
  } else if (c === 8) {
    return "i";
  } else if (c === 9) {
    return "j";
  } else {
    return strict ? "k" : "z";
  }
}
