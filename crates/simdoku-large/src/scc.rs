//! Tarjan's strongly connected components over at most 128 nodes whose successor sets are
//! bitsets: the value graph of one house, for the all-different GAC of the dom/wdeg search
//! (`solver.rs`) and of the learning search (`cdcl/gac.rs`).

use crate::dom::Dom;

const NONE: u8 = u8::MAX;

/// The scratch of the search, kept between calls.
#[derive(Clone, Debug)]
pub(crate) struct Tarjan<D> {
    index: Vec<u8>,
    low: Vec<u8>,
    /// Successors of each node still to visit.
    rem: Vec<D>,
    call: Vec<u8>,
    stack: Vec<u8>,
}

impl<D> Default for Tarjan<D> {
    fn default() -> Tarjan<D> {
        Tarjan {
            index: Vec::new(),
            low: Vec::new(),
            rem: Vec::new(),
            call: Vec::new(),
            stack: Vec::new(),
        }
    }
}

impl<D: Dom> Tarjan<D> {
    /// The components among the nodes reachable from `roots`, skipping the nodes in `done`
    /// (finished already); `succ(u)` are the successors of node `u`. Each node `v` of a
    /// component gets the component as `comp[v]`.
    pub(crate) fn run(&mut self, roots: D, mut done: D, succ: impl Fn(usize) -> D, comp: &mut [D]) {
        let size = D::BITS as usize;
        self.index.resize(size, NONE);
        self.low.resize(size, 0);
        self.rem.resize(size, D::ZERO);
        let mut m = roots;
        while m != D::ZERO {
            self.index[m.trailing_zeros() as usize] = NONE;
            m = m.without_lowest();
        }
        self.call.clear();
        self.stack.clear();
        let mut counter = 0u8;
        let mut onstack = D::ZERO;
        let mut roots = roots;
        while roots != D::ZERO {
            let root = roots.trailing_zeros() as usize;
            roots = roots.without_lowest();
            if self.index[root] != NONE {
                continue;
            }
            self.enter(root, succ(root), &mut counter, &mut onstack);
            while let Some(&top) = self.call.last() {
                let u = top as usize;
                let rem = self.rem[u] & !done;
                if rem != D::ZERO {
                    let w = rem.trailing_zeros() as usize;
                    self.rem[u] = rem.without_lowest();
                    if self.index[w] == NONE {
                        self.enter(w, succ(w), &mut counter, &mut onstack);
                    } else if onstack.has(w) {
                        self.low[u] = self.low[u].min(self.index[w]);
                    }
                    continue;
                }
                self.call.pop();
                if self.low[u] == self.index[u] {
                    let mut mask = D::ZERO;
                    loop {
                        let w = self.stack.pop().expect("tarjan stack") as usize;
                        mask |= D::bit(w);
                        if w == u {
                            break;
                        }
                    }
                    onstack &= !mask;
                    done |= mask;
                    let mut m = mask;
                    while m != D::ZERO {
                        comp[m.trailing_zeros() as usize] = mask;
                        m = m.without_lowest();
                    }
                }
                if let Some(&p) = self.call.last() {
                    let p = p as usize;
                    self.low[p] = self.low[p].min(self.low[u]);
                }
            }
        }
    }

    /// Node `w` gets its index, its successors still to visit, and enters both stacks.
    fn enter(&mut self, w: usize, succ: D, counter: &mut u8, onstack: &mut D) {
        self.index[w] = *counter;
        self.low[w] = *counter;
        *counter += 1;
        self.rem[w] = succ;
        self.call.push(w as u8);
        self.stack.push(w as u8);
        *onstack |= D::bit(w);
    }
}
