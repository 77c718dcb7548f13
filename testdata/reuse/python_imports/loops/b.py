from loops.a import ghost
