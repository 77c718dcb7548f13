package main

import "example.com/ext"

var _ = ext.Exported
