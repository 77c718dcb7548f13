from loops.b import ghost
