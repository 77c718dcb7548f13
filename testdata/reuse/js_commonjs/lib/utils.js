exports.compile = function (x) { return x; }; // want status:"used"
exports.version = '1'; // want status:"used"
exports.other = 2; // want status:"unused"
