#!/usr/bin/env node
// The npm package's scb-check command: runs the scb-check binary of the
// platform package npm installed beside this one (an optional dependency,
// chosen by its os, cpu and libc fields) with the same arguments, standard
// streams and exit status, and with $SCB_CHECK_AST_GREP naming the
// ast-grep of this package's own @ast-grep/cli unless the caller set it.
'use strict';

const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const platforms = {
  'linux x64': '@scbcheck/cli-linux-x64',
  'linux arm64': '@scbcheck/cli-linux-arm64',
};

function fail(message) {
  process.stderr.write(`scb-check: ${message}\n`);
  process.exit(2);
}

const key = `${process.platform} ${process.arch}`;
const pkg = platforms[key];
if (!pkg) {
  fail(`no binary is published for ${key} (there are: ${Object.keys(platforms).join(', ')}); ` +
    'build it from source: go install github.com/scbcheck/scbcheck/cmd/scb-check@latest');
}

let binary;
try {
  binary = path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'bin', 'scb-check');
} catch (err) {
  // npm leaves an optional dependency out with --omit=optional, and when
  // its libc field does not match (musl).
  fail(`${pkg} is not installed: it is an optional dependency of @scbcheck/cli, ` +
    'left out by --omit=optional (or --no-optional) and on a system without glibc; ' +
    'install @scbcheck/cli again without that option');
}

// The ast-grep of the @ast-grep/cli this package depends on (its bin
// entry), resolved from this file as its own require would be: npm nests
// that version under this package when the project depends on another
// @ast-grep/cli, and pnpm keeps it beside this package only, so the
// project's node_modules/.bin/ast-grep, which the binary would find, may
// be another version or none. Undefined when it cannot be found: then the
// binary looks for ast-grep itself, and says how to install it.
function dependencyAstGrep() {
  let manifest;
  try {
    manifest = require.resolve('@ast-grep/cli/package.json');
  } catch (err) {
    return undefined;
  }
  let bin;
  try {
    bin = JSON.parse(fs.readFileSync(manifest, 'utf8')).bin;
  } catch (err) {
    return undefined;
  }
  const entry = bin !== null && typeof bin === 'object' ? bin['ast-grep'] : undefined;
  if (typeof entry !== 'string') {
    return undefined;
  }
  const file = path.resolve(path.dirname(manifest), entry);
  try {
    return fs.statSync(file).isFile() ? file : undefined;
  } catch (err) {
    return undefined;
  }
}

// Like the binary, an empty value counts as not set.
const env = { ...process.env };
if (!env.SCB_CHECK_AST_GREP) {
  const astGrep = dependencyAstGrep();
  if (astGrep !== undefined) {
    env.SCB_CHECK_AST_GREP = astGrep;
  }
}

const result = spawnSync(binary, process.argv.slice(2), { stdio: 'inherit', env });
if (result.error) {
  fail(`could not run ${binary}: ${result.error.message}`);
}
if (result.signal) {
  // Die of the same signal, so that the caller sees what the binary saw.
  process.kill(process.pid, result.signal);
}
process.exit(result.status);
