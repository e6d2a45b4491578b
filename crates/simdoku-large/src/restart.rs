//! The restart schedule of both searches: Luby's sequence of failure (conflict) budgets.

/// The Luby sequence 1 1 2 1 1 2 4 1 1 2 ..., from i = 1.
pub(crate) fn luby(i: u32) -> u64 {
    let mut i = u64::from(i);
    loop {
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::luby;

    #[test]
    fn luby_sequence() {
        let l: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(l, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
