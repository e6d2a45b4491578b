//! x86-64 SIMD engines. The only crate of the workspace with `unsafe` and `std::arch`.
//!
//! Each engine has a safe constructor that returns `None` when the CPU lacks its features;
//! every `unsafe` block carries a `// SAFETY:` line. On other targets this crate is empty.
#![warn(clippy::undocumented_unsafe_blocks)]

#[cfg(target_arch = "x86_64")]
pub mod avx2;
#[cfg(target_arch = "x86_64")]
pub mod sse;
