//! The workspace's one generator, [`simdoku_core::rng::Rng`] (xorshift64*), re-exported.

pub use simdoku_core::rng::Rng;
