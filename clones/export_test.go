package clones

// Serialize013 exposes the normalised text that block candidates hash.
var Serialize013 = serialize013
