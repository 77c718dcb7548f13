//go:build ignore

// A generator beside the library: a second package in the directory.
package main

func main() {}
