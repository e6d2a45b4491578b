//! Kernels over byte rows for the game's endgame search (`simdoku-game`): a table of rows of
//! `k` small values, some of whose rows (by index) form a position.

use std::arch::x86_64::{
    __m256i, _mm256_and_si256, _mm256_andnot_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256,
    _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8, _mm256_setr_epi8,
    _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_storeu_si256,
};

/// See [`crate::first_single`].
pub(crate) fn first_single(
    rows: &[u8],
    k: usize,
    picked: &[u32],
) -> Result<Option<(usize, u8)>, crate::Unsupported> {
    if !std::arch::is_x86_feature_detected!("avx2") {
        return Err(crate::Unsupported);
    }
    // SAFETY: AVX2 was detected just above.
    Ok(unsafe { first_single_avx2(rows, k, picked) })
}

/// 32 columns at a time: each row's 32 bytes become two bytes of one-hot bits per column (low
/// values 0..8 in one vector, 8..16 in the other) by a 16-entry table lookup, and two vectors
/// per half keep what was seen once and what twice.
#[target_feature(enable = "avx2")]
fn first_single_avx2(rows: &[u8], k: usize, picked: &[u32]) -> Option<(usize, u8)> {
    let low = _mm256_setr_epi8(
        1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0, //
        1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0,
    );
    let high = _mm256_setr_epi8(
        0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128, //
        0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128,
    );
    let nibble = _mm256_set1_epi8(15);
    let mut g = 0;
    while g < k {
        let width = (k - g).min(32);
        let (mut once_lo, mut twice_lo) = (_mm256_setzero_si256(), _mm256_setzero_si256());
        let (mut once_hi, mut twice_hi) = (_mm256_setzero_si256(), _mm256_setzero_si256());
        for &r in picked {
            let start = r as usize * k + g;
            let v = load32(rows, start);
            let d = _mm256_and_si256(v, nibble);
            let lo = _mm256_shuffle_epi8(low, d);
            let hi = _mm256_shuffle_epi8(high, d);
            twice_lo = _mm256_or_si256(twice_lo, _mm256_and_si256(once_lo, lo));
            once_lo = _mm256_or_si256(once_lo, lo);
            twice_hi = _mm256_or_si256(twice_hi, _mm256_and_si256(once_hi, hi));
            once_hi = _mm256_or_si256(once_hi, hi);
        }
        let single_lo = _mm256_andnot_si256(twice_lo, once_lo);
        let single_hi = _mm256_andnot_si256(twice_hi, once_hi);
        let none = _mm256_cmpeq_epi8(
            _mm256_or_si256(single_lo, single_hi),
            _mm256_setzero_si256(),
        );
        let cols = !(_mm256_movemask_epi8(none) as u32) & (u32::MAX >> (32 - width));
        if cols != 0 {
            let t = cols.trailing_zeros() as usize;
            let (lo, hi) = (bytes(single_lo)[t], bytes(single_hi)[t]);
            let value = if lo != 0 {
                lo.trailing_zeros() as u8
            } else {
                8 + hi.trailing_zeros() as u8
            };
            return Some((g + t, value));
        }
        g += 32;
    }
    None
}

/// See [`crate::kept_counts`].
pub(crate) fn kept_counts(masks: &[u64], set: u64, counts: &mut [u32]) {
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: popcnt was detected just above.
        unsafe { kept_counts_popcnt(masks, set, counts) }
    } else {
        kept_counts_plain(masks, set, counts);
    }
}

#[target_feature(enable = "popcnt")]
fn kept_counts_popcnt(masks: &[u64], set: u64, counts: &mut [u32]) {
    kept_counts_plain(masks, set, counts);
}

#[inline(always)]
fn kept_counts_plain(masks: &[u64], set: u64, counts: &mut [u32]) {
    for (c, &m) in counts.iter_mut().zip(masks) {
        *c = (set & m).count_ones();
    }
}

/// The 32 bytes of `rows` from `start`, zeros past its end.
#[target_feature(enable = "avx2")]
fn load32(rows: &[u8], start: usize) -> __m256i {
    if let Some(s) = rows.get(start..start + 32) {
        // SAFETY: the slice holds 32 readable bytes; the load is unaligned.
        return unsafe { _mm256_loadu_si256(s.as_ptr().cast()) };
    }
    let mut buf = [0u8; 32];
    let tail = rows.get(start..).unwrap_or(&[]);
    buf[..tail.len()].copy_from_slice(tail);
    // SAFETY: `buf` is 32 bytes; the load is unaligned.
    unsafe { _mm256_loadu_si256(buf.as_ptr().cast()) }
}

/// The bytes of a vector.
#[target_feature(enable = "avx2")]
fn bytes(v: __m256i) -> [u8; 32] {
    let mut out = [0u8; 32];
    // SAFETY: `out` is 32 writable bytes; the store is unaligned.
    unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), v) };
    out
}

#[cfg(test)]
mod tests {
    use simdoku_core::rng::Rng;

    /// The plain loop: per column, the values seen once (bits), first column with one.
    fn reference(rows: &[u8], k: usize, picked: &[u32]) -> Option<(usize, u8)> {
        (0..k).find_map(|j| {
            let mut seen = [0u32; 16];
            for &r in picked {
                seen[usize::from(rows[r as usize * k + j] & 15)] += 1;
            }
            (0..16u8)
                .find(|&v| seen[usize::from(v)] == 1)
                .map(|v| (j, v))
        })
    }

    #[test]
    fn kept_counts_are_population_counts() {
        let mut rng = Rng::new(5);
        let masks: Vec<u64> = (0..100).map(|_| rng.next_u64()).collect();
        let set = rng.next_u64();
        let mut counts = vec![0; 100];
        super::kept_counts(&masks, set, &mut counts);
        for (c, m) in counts.iter().zip(&masks) {
            assert_eq!(
                *c,
                (0..64).filter(|b| (set & m) >> b & 1 == 1).count() as u32
            );
        }
    }

    #[test]
    fn agrees_with_the_plain_loop() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            return;
        }
        let mut rng = Rng::new(11);
        let mut found = 0;
        for case in 0..3000 {
            let k = 1 + rng.below(81);
            let n = 1 + rng.below(70);
            // Few values per column (singles rare), now and then any byte.
            let spread = 1 + rng.below(if case % 7 == 0 { 256 } else { 4 });
            let rows: Vec<u8> = (0..n * k).map(|_| (1 + rng.below(spread)) as u8).collect();
            let mut picked: Vec<u32> = (0..n as u32).filter(|_| rng.below(3) > 0).collect();
            if case % 5 == 0 {
                picked.push(n as u32 - 1); // the last row: its load runs past the end
            }
            let got = super::first_single(&rows, k, &picked).expect("AVX2");
            assert_eq!(
                got,
                reference(&rows, k, &picked),
                "case {case}, k {k}, n {n}"
            );
            found += usize::from(got.is_some());
        }
        assert!(found > 100 && found < 2900, "{found}");
    }
}
