#!/usr/bin/env node
// The npm package's scb-check command: runs the scb-check binary of the
// platform package npm installed beside this one (an optional dependency,
// chosen by its os, cpu and libc fields) with the same arguments, standard
// streams and exit status.
'use strict';

const { spawnSync } = require('child_process');
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

const result = spawnSync(binary, process.argv.slice(2), { stdio: 'inherit' });
if (result.error) {
  fail(`could not run ${binary}: ${result.error.message}`);
}
if (result.signal) {
  // Die of the same signal, so that the caller sees what the binary saw.
  process.kill(process.pid, result.signal);
}
process.exit(result.status);
