//! The decision order (EVSIDS): an activity per variable, bumped for the variables of each
//! conflict by an increment that grows by `1 / decay` per conflict (rescaled before it
//! overflows), and a binary max-heap of the variables by activity. Knows nothing of the
//! assignment: the caller pops until it finds an unassigned variable and puts variables back
//! when backtracking unassigns them.

/// Variables ordered by activity.
#[derive(Clone, Debug)]
pub(super) struct VarOrder {
    activity: Vec<f64>,
    var_inc: f64,
    heap: Vec<u32>,
    /// Each variable's index in `heap`; `u32::MAX` when it is not there.
    heap_pos: Vec<u32>,
}

impl Default for VarOrder {
    fn default() -> VarOrder {
        VarOrder {
            activity: Vec::new(),
            var_inc: 1.0,
            heap: Vec::new(),
            heap_pos: Vec::new(),
        }
    }
}

impl VarOrder {
    /// Variables `0..` with the initial `activity`, all in the heap; the increment back to 1.
    pub(super) fn reset(&mut self, activity: impl Iterator<Item = f64>) {
        self.activity.clear();
        self.activity.extend(activity);
        self.var_inc = 1.0;
        let n = self.activity.len();
        self.heap.clear();
        self.heap_pos.clear();
        self.heap_pos.resize(n, u32::MAX);
        for v in 0..n {
            self.insert(v as u32);
        }
    }

    /// Variable `v`'s activity.
    #[inline]
    pub(super) fn activity(&self, v: usize) -> f64 {
        self.activity[v]
    }

    /// Whether `v` is in the heap.
    #[inline]
    pub(super) fn contains(&self, v: usize) -> bool {
        self.heap_pos[v] != u32::MAX
    }

    /// Raises `v`'s activity by the current increment.
    pub(super) fn bump(&mut self, v: usize) {
        self.activity[v] += self.var_inc;
        if self.activity[v] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.var_inc *= 1e-100;
        }
        if self.heap_pos[v] != u32::MAX {
            self.up(self.heap_pos[v] as usize);
        }
    }

    /// After a conflict: later bumps weigh `1 / decay` times more.
    pub(super) fn decay(&mut self, decay: f64) {
        self.var_inc /= decay;
    }

    /// Puts `v` (not in the heap) into it.
    pub(super) fn insert(&mut self, v: u32) {
        self.heap_pos[v as usize] = self.heap.len() as u32;
        self.heap.push(v);
        self.up(self.heap.len() - 1);
    }

    /// Takes out the variable of highest activity.
    pub(super) fn pop(&mut self) -> Option<u32> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("heap");
        self.heap_pos[top as usize] = u32::MAX;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.heap_pos[last as usize] = 0;
            self.down(0);
        }
        Some(top)
    }

    fn up(&mut self, mut i: usize) {
        let v = self.heap[i];
        let a = self.activity[v as usize];
        while i > 0 {
            let p = (i - 1) / 2;
            let pv = self.heap[p];
            if self.activity[pv as usize] >= a {
                break;
            }
            self.heap[i] = pv;
            self.heap_pos[pv as usize] = i as u32;
            i = p;
        }
        self.heap[i] = v;
        self.heap_pos[v as usize] = i as u32;
    }

    fn down(&mut self, mut i: usize) {
        let v = self.heap[i];
        let a = self.activity[v as usize];
        let len = self.heap.len();
        loop {
            let l = 2 * i + 1;
            if l >= len {
                break;
            }
            let r = l + 1;
            let c = if r < len
                && self.activity[self.heap[r] as usize] > self.activity[self.heap[l] as usize]
            {
                r
            } else {
                l
            };
            let cv = self.heap[c];
            if self.activity[cv as usize] <= a {
                break;
            }
            self.heap[i] = cv;
            self.heap_pos[cv as usize] = i as u32;
            i = c;
        }
        self.heap[i] = v;
        self.heap_pos[v as usize] = i as u32;
    }
}
