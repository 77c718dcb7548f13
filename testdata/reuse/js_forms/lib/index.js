const util = require('./util');
const { slugify, pad: padLeft } = require('./strings');
const greet = require('./greet');

import('./lazy');

module.exports = { run: () => util.format(slugify('a')) + padLeft('b') + greet('x') };
