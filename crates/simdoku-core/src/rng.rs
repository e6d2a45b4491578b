//! The workspace's one random number generator: xorshift64*, seeded, no dependency, the same
//! stream on every platform, so seeded tests, generators and game players repeat exactly. (It
//! is the generator the tests and the large-grid generator always used, so their seeded cases
//! and the bundled large instances keep their streams.)
//!
//! With the `rand_core` feature, [`Rng`] implements `rand_core::RngCore` and `SeedableRng`,
//! so it works with the `rand` ecosystem; any `rand_core::RngCore` can seed one through
//! [`Rng::from_rng_core`].

/// xorshift64*: a 64-bit state, three shifts and a multiply per draw. [`Rng::derive`] gives
/// independent streams for parallel work (item `i` of a run uses `Rng::new(seed).derive(i)`), so
/// output does not depend on the number of threads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    /// The stream of `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A seed from the clock and the process id, for runs started without one.
    pub fn seed_from_time() -> u64 {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        nanos ^ (u64::from(std::process::id()) << 32)
    }

    /// An independent stream for item `index` of a run.
    #[must_use]
    pub fn derive(&self, index: u64) -> Rng {
        let mut r = Rng::new(self.0 ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
        Rng::new(r.next_u64())
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
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

    /// A random permutation of `0..n`.
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        self.shuffle(&mut p);
        p
    }

    /// A generator seeded from any `rand_core` generator (one 64-bit draw).
    #[cfg(feature = "rand_core")]
    pub fn from_rng_core<R: rand_core::RngCore + ?Sized>(rng: &mut R) -> Rng {
        Rng::new(rng.next_u64())
    }
}

#[cfg(feature = "rand_core")]
impl rand_core::RngCore for Rng {
    fn next_u32(&mut self) -> u32 {
        (Rng::next_u64(self) >> 32) as u32
    }

    fn next_u64(&mut self) -> u64 {
        Rng::next_u64(self)
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        rand_core::impls::fill_bytes_via_next(self, dest);
    }

    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_core::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

#[cfg(feature = "rand_core")]
impl rand_core::SeedableRng for Rng {
    type Seed = [u8; 8];

    fn from_seed(seed: [u8; 8]) -> Rng {
        Rng::new(u64::from_le_bytes(seed))
    }

    fn seed_from_u64(state: u64) -> Rng {
        Rng::new(state)
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Rng::new(7);
        let mut seen = [0u32; 9];
        for _ in 0..9000 {
            seen[rng.below(9)] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
        assert_ne!(Rng::new(1).derive(0), Rng::new(1).derive(1));
        let mut p = Rng::new(3).permutation(20);
        p.sort_unstable();
        assert_eq!(p, (0..20).collect::<Vec<_>>());
    }
}
