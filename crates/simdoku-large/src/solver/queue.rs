//! The queue of houses waiting for GAC when the box size is set at run time (with a constant
//! box size the queue is one word of bits, in [`super::core`]).

/// Distinct houses waiting for a rule, first in, first out (a ring of `houses` slots: each house
/// is in it once at most).
#[derive(Clone, Debug)]
pub(super) struct HouseQueue {
    queued: Vec<bool>,
    ring: Vec<u32>,
    head: usize,
    len: usize,
}

impl HouseQueue {
    pub(super) fn new(houses: usize) -> HouseQueue {
        HouseQueue {
            queued: vec![false; houses],
            ring: vec![0; houses],
            head: 0,
            len: 0,
        }
    }

    #[inline]
    pub(super) fn push(&mut self, h: usize) {
        if !self.queued[h] {
            self.queued[h] = true;
            let mut at = self.head + self.len;
            if at >= self.ring.len() {
                at -= self.ring.len();
            }
            self.ring[at] = h as u32;
            self.len += 1;
        }
    }

    #[inline]
    pub(super) fn pop(&mut self) -> Option<usize> {
        if self.len == 0 {
            return None;
        }
        let h = self.ring[self.head] as usize;
        self.queued[h] = false;
        self.head += 1;
        if self.head == self.ring.len() {
            self.head = 0;
        }
        self.len -= 1;
        Some(h)
    }

    pub(super) fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub(super) fn clear(&mut self) {
        while self.pop().is_some() {}
        self.head = 0;
    }
}
