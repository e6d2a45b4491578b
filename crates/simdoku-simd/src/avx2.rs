//! The `avx2` and `avx512` engines (stub: see issue 9).
