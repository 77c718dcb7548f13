exports.format = function (s) { return s; }; // want status:"used"
exports.unusedHelper = 1; // want status:"unused"
