export const CM = 1; // want status:"used"
export const INCH = 2.54; // want status:"test_only"
