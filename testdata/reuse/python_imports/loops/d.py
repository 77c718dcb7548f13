from loops.c import *
