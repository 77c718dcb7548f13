module.exports = function greet(name) { return name; }; // want status:"used"
