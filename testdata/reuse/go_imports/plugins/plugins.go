package plugins

var Registered = true // want status:"unused"
