// Strings (template strings too) become $STR, numbers, booleans, null,
// undefined and regular expressions $LIT; `this` and keywords stay as written.

class Greeter {
  hello(name: string): string { // want clone:"g1"
    const greeting = `hello ${name}`;
    return this.print(greeting, 1, true, null);
  }

  bye(who: string): string { // want clone:"g1"
    const words = `bye ${who}!`;
    return this.print(words, 2.5, false, undefined);
  }

  // A concatenation is not one string; a bare call has no `this.`.
  other(who: string): string {
    const words = "bye " + who;
    return print(words, /x+/g, false, undefined);
  }

  print(...args: unknown[]): string {
    return args.join();
  }
}

// The regular expression is a literal like the number in the first.
function check(text: string) { // want clone:"g2"
  const found = text.match(/a+/);
  return found;
}

function check2(text: string) { // want clone:"g2"
  const found = text.match(42);
  return found;
}

declare function print(...args: unknown[]): string;
