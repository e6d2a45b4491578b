//! A tour of the `simdoku` API: every operation once. `cargo run -p simdoku --example tour`.

use std::ops::ControlFlow;

use simdoku::{ClueSymmetry, Generator, Grid, GridExt, Pencilmarks, Singles, Solution, Solver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Parse: a line (0 . _ empty), a block with or without separators, a cell array.
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let g: Grid = line.parse()?;
    let block = Grid::parse_block(&g.pretty())?;
    let from_cells = Grid::try_from(*g.cells())?;
    assert!(block == g && from_cells == g);
    if let Err(e) = Grid::parse_block("1 2 3 | 4 5 6 | 7 8 9\n1 2 3 x\n") {
        println!("a bad block says where: {e}");
    }
    if let Err(e) = Grid::try_from([10u8; 81]) {
        println!("a bad array says which cell: {e}");
    }

    // Solve with the fastest engine (chosen once, cached), only if unique, count, visit, iterate.
    let s = simdoku::solve(&g).ok_or("no solution")?;
    println!("solution   {s}");
    assert_eq!(g.solution(), Solution::Unique(s));
    assert!(g.is_uniquely_solvable());
    let mut open = g;
    open.set(0, 0);
    println!(
        "one clue less: {} solutions",
        simdoku::count(&open, 1_000_000)
    );
    let mut visited = 0;
    simdoku::for_each_solution(&open, |_| {
        visited += 1;
        ControlFlow::Continue(())
    });
    let first_three: Vec<Grid> = simdoku::solutions(&open).take(3).collect();
    println!(
        "visited {visited}, first of the lazy iterator {}",
        first_three[0]
    );

    // Batches on all cores, input order, one Result per item.
    let lines = [line, "not a puzzle"];
    for (i, r) in simdoku::batch::solve_lines(&lines).iter().enumerate() {
        match r {
            Ok(Some(s)) => println!("batch {i}: {s}"),
            Ok(None) => println!("batch {i}: no solution"),
            Err(e) => println!("batch {i}: {e}"),
        }
    }
    println!("batch counts {:?}", simdoku::batch::count(&[g, open], 2));

    // Generate, minimize, rate, shuffle, canonical forms.
    let mut maker = Generator::seeded(2024)
        .symmetry(ClueSymmetry::Rot180)
        .clues(30);
    let made = maker.generate();
    println!(
        "generated  {} ({} clues)",
        made.puzzle,
        made.puzzle.givens()
    );
    let minimal = Generator::seeded(1).minimal(true).generate();
    println!(
        "minimal    {} ({} clues)",
        minimal.puzzle,
        minimal.puzzle.givens()
    );
    let solved = maker.generate_solved();
    let cut = maker.generate_from(&solved).ok_or("not a solved grid")?;
    println!("cut from   {solved}: {}", cut.puzzle);
    if let Some(easy) = maker.generate_graded(Singles::Naked, 100) {
        println!("graded     {} ({})", easy.puzzle, Singles::Naked);
    }
    let mut rng_core = simdoku::Rng::new(7); // any rand_core::RngCore works here
    let _ = Generator::from_rng(&mut rng_core).generate();
    println!("minimized  {}", maker.minimize(&made.puzzle)?);
    let r = maker.rate(&g);
    println!("rating     {:.1} guesses, {}", r.guesses, r.grade);
    println!("rated      {:.1} guesses", simdoku::rate(&g, 8, 1).guesses);
    let shuffled = simdoku::shuffled(&g, &mut simdoku::Rng::new(3));
    let (canon, autos) = simdoku::canonical_with_automorphisms(&shuffled);
    assert_eq!(canon, simdoku::canonical(&g));
    println!("canonical  {canon} ({autos} automorphisms)");
    println!(
        "minlex     {}",
        String::from_utf8_lossy(&simdoku::minlex(&g).to_line_with(b'0'))
    );
    assert!(simdoku::is_minimal(&simdoku::minimize(&g)?));

    // Pencilmarks.
    let marks = Pencilmarks::from_grid(&g);
    let back: Pencilmarks = marks.to_string().parse()?;
    println!("pencilmarks: {} solutions", back.count(2).solutions);

    // Human-style steps: a hint, the whole explanation, Sudoku Explainer's ER/EP/ED.
    use simdoku::logic::{Board, explain, next_step, rate as rate_se};
    let board = Board::from_grid(&g);
    if let Some(hint) = next_step(&board) {
        println!("hint       {hint} ({})", hint.rating());
    }
    let explained = explain(&board);
    println!(
        "explained  {} steps, solved: {}",
        explained.steps.len(),
        explained.solved()
    );
    match rate_se(&board) {
        Ok(r) => println!("ER/EP/ED   {r}"),
        Err(why) => println!("ER/EP/ED   none: {why}"),
    }
    for r in simdoku::batch::rate_se_lines(&[line, "not a puzzle"]) {
        println!("rate --se  {r:?}");
    }

    // Large grids and Sudoku-X.
    use simdoku::large::{Config, LargeGrid, Status};
    let mut large = simdoku::large::Solver::new(5, true, Config::default());
    let (status, sol, _) = large.count(&LargeGrid::empty(5), 1, None);
    assert_eq!(status, Status::Solved);
    println!(
        "25x25 Sudoku-X: {} cells filled",
        sol.ok_or("none")?.givens()
    );

    // The game's protocol.
    let action = simdoku::game::Action::parse("Ee5").ok_or("not a move")?;
    println!("game move {:?}", action.placed());

    // Engines by name, for benchmarks and cross-checks.
    for spec in simdoku::engines::ENGINES.iter().filter(|e| e.available()) {
        let mut solver = Solver::from_spec(spec);
        println!(
            "engine {:6} counts {}",
            solver.name(),
            solver.count(&open, 1_000_000)
        );
    }
    let report = simdoku::engines::cross_check(
        &[g, open],
        &simdoku::engines::ENGINES
            .iter()
            .filter(|e| e.available())
            .collect::<Vec<_>>(),
        100,
    );
    assert!(report.ok());
    println!("auto picks {}", Solver::new().name());
    Ok(())
}
