// Prints, for every function ESLint sees in the given files, one line:
//
//	path<TAB>start line<TAB>start column<TAB>end line<TAB>cc<TAB>optional<TAB>defaults<TAB>nested<TAB>name
//
// cc is ESLint's own `complexity` rule (threshold 0, so every function
// reports). optional counts the `?.` links and defaults the default values
// (AssignmentPattern) ESLint 9 adds to this function; nested is what the
// functions nested in it add under scb-check's rules (their cc - 1 -
// optional - defaults, at any depth), since scb-check counts a function's
// whole subtree. Run from a directory where `eslint` resolves.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(path.join(process.cwd(), "noop.js"));
const { Linter } = require("eslint");

const linter = new Linter({ configType: "flat" });
// TypeScript and TSX files are read by @typescript-eslint/parser, which
// takes JSX by the file's extension.
const isTypeScript = (file) => /\.(ts|mts|cts|tsx)$/.test(file);
let tsParser = null;
const tally = {
  create(context) {
    const sourceCode = context.sourceCode;
    const stack = [];
    const records = [];
    // The complexity rule reports at the function's head, as ESLint's
    // getFunctionHeadLoc finds it: a method's, property's or class
    // field's key, else an arrow's `=>`, else the function's start.
    const head = (node) => {
      const p = node.parent;
      if (p.type === "Property" || p.type === "MethodDefinition" || p.type === "PropertyDefinition") {
        return p.loc.start;
      }
      if (node.type === "ArrowFunctionExpression") {
        return sourceCode.getTokenBefore(node.body, (t) => t.value === "=>").loc.start;
      }
      return node.loc.start;
    };
    const enter = (node) => stack.push({ node, head: head(node), optional: 0, defaults: 0, children: [] });
    const exit = () => {
      const r = stack.pop();
      records.push(r);
      if (stack.length > 0) stack[stack.length - 1].children.push(r);
    };
    const top = () => stack[stack.length - 1];
    return {
      ":function": enter,
      ":function:exit": exit,
      "MemberExpression[optional=true]"() { if (top()) top().optional++; },
      "CallExpression[optional=true]"() { if (top()) top().optional++; },
      AssignmentPattern() { if (top()) top().defaults++; },
      "Program:exit"() { globalThis.__records = records; },
    };
  },
};

for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, "utf8");
  globalThis.__records = [];
  const languageOptions = { ecmaVersion: "latest", sourceType: /\.c[jt]s$/.test(file) ? "commonjs" : "module" };
  if (isTypeScript(file)) {
    tsParser ??= require("@typescript-eslint/parser");
    languageOptions.parser = tsParser;
  }
  const messages = linter.verify(text, [{
    files: ["**/*.{js,mjs,cjs,jsx,ts,mts,cts,tsx}"],
    languageOptions,
    plugins: { bench: { rules: { tally } } },
    rules: { complexity: ["error", 0], "bench/tally": "error" },
  }], { filename: path.basename(file) });
  const fatal = messages.find((m) => m.fatal);
  if (fatal) {
    process.stderr.write(`${file}: ${fatal.message}\n`);
    continue;
  }
  // Match each function with the report at its head; class field
  // initializers and static blocks are code paths but not functions.
  const cc = new Map();
  for (const m of messages) {
    if (m.ruleId === "complexity" && !/^(Class field initializer|Class static block)/.test(m.message)) {
      cc.set(`${m.line}:${m.column - 1}`, Number(/complexity of (\d+)/.exec(m.message)[1]));
    }
  }
  const records = globalThis.__records;
  const missing = records.filter((r) => !cc.has(`${r.head.line}:${r.head.column}`));
  if (missing.length > 0) {
    process.stderr.write(`${file}: no complexity report for ${missing.length} functions\n`);
    continue;
  }
  records.forEach((r) => { r.cc = cc.get(`${r.head.line}:${r.head.column}`); });
  const own = (r) => r.cc - r.optional - r.defaults;
  const nested = (r) => r.children.reduce((s, c) => s + own(c) - 1 + nested(c), 0);
  for (const r of records) {
    const n = r.node;
    // scb-check's method starts at its key, ESLint's at its parameters.
    const p = n.parent;
    const method = p.type === "MethodDefinition" || (p.type === "Property" && (p.method || p.kind !== "init"));
    const start = method ? p.loc.start : n.loc.start;
    const name = n.id ? n.id.name : (n.parent && n.parent.key && n.parent.key.name) || "";
    process.stdout.write([file, start.line, start.column, n.loc.end.line, r.cc,
      r.optional, r.defaults, nested(r), name].join("\t") + "\n");
  }
}
