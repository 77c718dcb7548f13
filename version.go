package scbcheck

// Version is this module's version: what `scb-check --version` prints,
// what SARIF reports as the tool's version, and what a baseline records.
const Version = "0.2.0"
