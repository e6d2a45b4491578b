//! A tiny seeded generator (SplitMix64): deterministic, no dependency.

/// `SplitMix64`: each seed gives its own stream; [`Rng::derive`] gives independent streams for
/// parallel work (puzzle `i` of a run uses `Rng::new(seed).derive(i)`), so output does not
/// depend on the number of threads.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// An independent stream for item `index` of a run.
    #[must_use]
    pub fn derive(&self, index: u64) -> Rng {
        let mut r = Rng(self.0 ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
        Rng(r.next_u64())
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A value in `0..n` (`n > 0`), by multiply-shift (bias below 2^-32).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// Shuffles `items` in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}
