function slugify(s) { return s; } // want status:"used"
function pad(s) { return s; } // want status:"used"
function trim(s) { return s; } // want status:"unused"

module.exports = {
  slugify,
  pad,
  trim,
};
