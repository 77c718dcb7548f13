int legacy_add(int a, int b); // want status:"used"
