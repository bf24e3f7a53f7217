"""Small but real games that exercise one part of the core each, through the public API."""
