// A vendored copy of another module: left out of DIR.
package ext

var Exported = 1
