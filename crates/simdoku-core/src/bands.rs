//! The `bands` engine (stub: see issue 3).
