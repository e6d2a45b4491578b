//! Puzzle generation and the other tools, on the fastest counting engine: [`Generator`].

use simdoku_core::Grid;
use simdoku_core::rng::Rng;
use simdoku_dispatch::Work;
use simdoku_tools::{
    ClueSymmetry, GenerateOptions, Generated, NotUnique, Pencilmarks, Rating, Singles, Symmetry,
};

use crate::rated::{Rated, SeTarget, generate_rated};
use crate::solve::Solver;

/// Makes puzzles: unique by default, optionally minimal, down to a number of clues, with a
/// clue symmetry, of a singles grade or a Sudoku Explainer difficulty
/// ([`generate_rated`](Generator::generate_rated)); seeded (the same seed gives the same puzzles on every
/// CPU) or drawn from any `rand_core::RngCore`. Also minimizes, rates and shuffles.
///
/// ```
/// use simdoku::{ClueSymmetry, Generator};
/// let mut maker = Generator::seeded(7).clues(28).symmetry(ClueSymmetry::Rot180);
/// let g = maker.generate();
/// assert!(simdoku::is_unique(&g.puzzle));
/// assert!((0..81).all(|i| (g.puzzle.get(i) == 0) == (g.puzzle.get(80 - i) == 0)));
/// ```
#[derive(Debug)]
pub struct Generator {
    options: GenerateOptions,
    rng: Rng,
    solver: Solver,
    samples: usize,
}

impl Default for Generator {
    fn default() -> Self {
        Generator::new()
    }
}

impl Generator {
    /// A generator seeded from the clock.
    pub fn new() -> Generator {
        Generator::seeded(Rng::seed_from_time())
    }

    /// A generator whose puzzles depend only on `seed`.
    pub fn seeded(seed: u64) -> Generator {
        Generator::with_rng(Rng::new(seed))
    }

    /// A generator seeded by one draw from any `rand_core` generator.
    pub fn from_rng<R: rand_core::RngCore + ?Sized>(rng: &mut R) -> Generator {
        Generator::with_rng(Rng::from_rng_core(rng))
    }

    /// A generator on the workspace's own [`Rng`].
    pub fn with_rng(rng: Rng) -> Generator {
        Generator {
            options: GenerateOptions::default(),
            rng,
            solver: Solver::for_work(Work::Count),
            samples: 16,
        }
    }

    /// Stop removing clues at `clues` givens (default 0: as few as the removal order allows).
    #[must_use]
    pub fn clues(mut self, clues: usize) -> Generator {
        self.options.clues = clues;
        self
    }

    /// Keep this symmetry in the set of givens.
    #[must_use]
    pub fn symmetry(mut self, symmetry: ClueSymmetry) -> Generator {
        self.options.symmetry = symmetry;
        self
    }

    /// Make the puzzles minimal (every clue needed).
    #[must_use]
    pub fn minimal(mut self, minimal: bool) -> Generator {
        self.options.minimal = minimal;
        self
    }

    /// Symmetries sampled by [`Generator::rate`] (default 16).
    #[must_use]
    pub fn samples(mut self, samples: usize) -> Generator {
        self.samples = samples.max(1);
        self
    }

    /// A puzzle with a unique solution, and the solution.
    pub fn generate(&mut self) -> Generated {
        simdoku_tools::generate(self.solver.engine(), &self.options, &mut self.rng)
    }

    /// A puzzle whose singles grade is `grade` (naked singles, hidden singles, beyond): up to
    /// `attempts` puzzles are made; `None` when none had the grade.
    pub fn generate_graded(&mut self, grade: Singles, attempts: usize) -> Option<Generated> {
        (0..attempts)
            .map(|_| self.generate())
            .find(|g| simdoku_tools::singles_grade(&Pencilmarks::from_grid(&g.puzzle)) == grade)
    }

    /// A puzzle whose Sudoku Explainer rating is in `target` (an ER band, [`SeTarget`], or a
    /// [`Level`](crate::Level)): up to `attempts` candidates are made with this generator's
    /// options and rated with [`logic::rate`](crate::logic::rate); `None` when none was in the
    /// band. Exact bands reach ER 9.4 at most; [`Level::Extreme`](crate::Level::Extreme) takes
    /// the puzzles rated above 6.0 or that the rater cannot rate (no exact ER). Seeded, the
    /// same puzzles on every CPU.
    ///
    /// ```
    /// use simdoku::logic::{Board, rate};
    /// use simdoku::{Generator, Level, SeTarget};
    /// let mut maker = Generator::seeded(4).minimal(true);
    /// let r = maker.generate_rated(SeTarget::er(45, 60).unwrap(), 2000).unwrap();
    /// let er = rate(&Board::from_grid(&r.puzzle)).unwrap().er;  // rated again: the same
    /// assert!((45..=60).contains(&er) && Some(er) == r.rating.map(|r| r.er));
    /// assert!(simdoku::is_minimal(&r.puzzle));
    /// let hard = maker.generate_rated(Level::Extreme, 1000).unwrap(); // past ER 6.0 or beyond
    /// let again = rate(&Board::from_grid(&hard.puzzle)).ok();
    /// assert!(hard.rating == again && again.is_none_or(|r| r.er > 60));
    /// assert!(simdoku::is_unique(&hard.puzzle));
    /// ```
    pub fn generate_rated(
        &mut self,
        target: impl Into<SeTarget>,
        attempts: usize,
    ) -> Option<Rated> {
        generate_rated(
            self.solver.engine(),
            &self.options,
            target.into(),
            attempts,
            &mut self.rng,
        )
    }

    /// A random solved grid.
    pub fn generate_solved(&mut self) -> Grid {
        simdoku_tools::random_solution(&mut self.rng)
    }

    /// A puzzle cut from `solution` (a complete grid that keeps the rules; `None` otherwise).
    pub fn generate_from(&mut self, solution: &Grid) -> Option<Generated> {
        simdoku_tools::generate_from(self.solver.engine(), solution, &self.options, &mut self.rng)
    }

    /// Every clue of `puzzle` whose removal keeps its solution unique, removed.
    pub fn minimize(&mut self, puzzle: &Grid) -> Result<Grid, NotUnique> {
        simdoku_tools::minimize(self.solver.engine(), puzzle)
    }

    /// The puzzle's difficulty: mean guesses over random symmetries, and its singles grade.
    pub fn rate(&mut self, puzzle: &Grid) -> Rating {
        simdoku_tools::rate(self.solver.engine(), puzzle, self.samples, &mut self.rng)
    }

    /// A random equivalent of `grid` (rows, columns, bands, stacks, transposition, digits):
    /// same number of solutions, same difficulty.
    pub fn shuffle(&mut self, grid: &Grid) -> Grid {
        Symmetry::random(&mut self.rng).apply(grid)
    }
}

/// A random equivalent of `grid` drawn with `rng` (see [`Generator::shuffle`]).
///
/// ```
/// let p: simdoku::Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///         .parse()
///         .unwrap();
/// let q = simdoku::shuffled(&p, &mut simdoku::Rng::new(1));
/// assert_eq!(simdoku::canonical(&p), simdoku::canonical(&q));
/// assert!(simdoku::is_unique(&q));
/// ```
pub fn shuffled(grid: &Grid, rng: &mut Rng) -> Grid {
    Symmetry::random(rng).apply(grid)
}

/// [`minimize`](Generator::minimize) with this thread's cached engine.
pub fn minimize(puzzle: &Grid) -> Result<Grid, NotUnique> {
    crate::solve::with_solver(Work::Count, |s| simdoku_tools::minimize(s.engine(), puzzle))
}

/// True when `puzzle` has a unique solution and needs every one of its clues.
pub fn is_minimal(puzzle: &Grid) -> bool {
    crate::solve::with_solver(Work::Count, |s| {
        simdoku_tools::is_minimal(s.engine(), puzzle)
    })
}

/// The puzzle's difficulty over `samples` random symmetries drawn from `seed`.
///
/// ```
/// let p: simdoku::Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///         .parse()
///         .unwrap();
/// let r = simdoku::rate(&p, 16, 1);
/// assert_eq!((r.solutions, r.grade), (1, simdoku::Singles::Beyond));
/// ```
pub fn rate(puzzle: &Grid, samples: usize, seed: u64) -> Rating {
    crate::solve::with_solver(Work::Count, |s| {
        simdoku_tools::rate(s.engine(), puzzle, samples, &mut Rng::new(seed))
    })
}
