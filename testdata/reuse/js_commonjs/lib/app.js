var compile = require('./utils').compile;

exports = module.exports = createApp; // want status:"used"

function createApp() {
  return compile(require('./utils').version);
}
