//! The `sse` engine (stub: see issue 4).
