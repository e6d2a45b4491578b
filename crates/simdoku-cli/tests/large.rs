//! End-to-end tests of `simdoku large`.

use simdoku::large::{check_solution, text};
use simdoku_core::testkit::bench_data_dir;

mod common;
use common::{peak_rss_kb, simdoku};

fn large(name: &str) -> String {
    bench_data_dir()
        .join("large")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

#[test]
fn solves_files_in_their_own_form() {
    let out = simdoku(&["large", "--unique", &large("sigh_16x16_X_2.txt")], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let got = text::parse(&String::from_utf8(out.stdout).unwrap())
        .remove(0)
        .unwrap();
    let want = std::fs::read_to_string(large("sigh_16x16_X_2.solution.txt")).unwrap();
    assert_eq!(got.grid, text::parse(&want).remove(0).unwrap().grid);
    assert!(got.x);

    // Line form from stdin, one solution line per grid.
    let gecode = std::fs::read_to_string(large("gecode_16x16.txt")).unwrap();
    let two: String = gecode.lines().take(2).flat_map(|l| [l, "\n"]).collect();
    let out = simdoku(&["large"], two.as_bytes());
    assert!(out.status.success());
    let sols = std::fs::read_to_string(large("gecode_16x16.solution.txt")).unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        stdout.lines().collect::<Vec<_>>(),
        sols.lines().take(2).collect::<Vec<_>>()
    );
}

#[test]
fn malformed_grids_fail_with_file_and_line() {
    let out = simdoku(&["large", "-"], b"# c\n1 2 3 4\n1 2 3\n0 0 0 0\n0 0 0 0\n");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("<stdin>:3: row 2 has 3 values"), "{err}");
    let out = simdoku(
        &["large", "--timeout", "0.001", &large("121x121_g50.txt")],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stdout).unwrap().contains("timed out"));
}

#[test]
fn timeouts_past_a_duration_mean_no_limit() {
    // 1e30 s and inf do not fit a Duration: no limit (this panicked), not an error; NaN is a
    // usage error.
    for t in ["1e30", "inf"] {
        let out = simdoku(&["large", "--timeout", t, "-"], b"................\n");
        assert!(out.status.success(), "--timeout {t}: {out:?}");
        let line = String::from_utf8(out.stdout).unwrap();
        let got = text::parse(&line).remove(0).unwrap();
        let empty = text::parse("................").remove(0).unwrap();
        assert!(got.grid.is_full(), "{line}");
        assert!(
            check_solution(&empty.grid, &got.grid, false).is_ok(),
            "{line}"
        );
    }
    let out = simdoku(&["large", "--timeout", "NaN", "-"], b"................\n");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn threads_keep_the_input_order() {
    // 55 16x16 line grids, a malformed line, contradictory givens and a 4x4 without a
    // solution: with 1 and 3 threads the same output and stderr, line for line.
    let gecode = std::fs::read_to_string(large("gecode_16x16.txt")).unwrap();
    let mut input = String::new();
    for (i, line) in gecode.lines().enumerate() {
        input.push_str(line);
        input.push('\n');
        match i {
            10 => input.push_str("12345\n"),
            20 => input.push_str("1100000000000000\n"),
            30 => input.push_str("1200000400400000\n"),
            _ => {}
        }
    }
    let runs: Vec<_> = ["1", "3"]
        .iter()
        .map(|j| simdoku(&["large", "-j", j], input.as_bytes()))
        .collect();
    for out in &runs {
        assert_eq!(out.status.code(), Some(1));
    }
    assert_eq!(runs[0].stdout, runs[1].stdout);
    assert_eq!(runs[0].stderr, runs[1].stderr);
    let stdout = String::from_utf8(runs[1].stdout.clone()).unwrap();
    let sols = std::fs::read_to_string(large("gecode_16x16.solution.txt")).unwrap();
    let solved: Vec<&str> = stdout.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(solved, sols.lines().collect::<Vec<_>>());
    let notes: Vec<&str> = stdout.lines().filter(|l| l.starts_with('#')).collect();
    assert_eq!(notes.len(), 3, "{stdout}");
    assert!(notes[0].starts_with("# <stdin>:12: "), "{}", notes[0]);
    assert!(notes[1].contains("contradictory"), "{}", notes[1]);
    assert!(notes[2].contains("no solution"), "{}", notes[2]);
}

#[test]
fn shapes_output_file_and_quiet() {
    let dir = std::env::temp_dir().join(format!("simdoku-large-shapes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let dest = dir.join("out.txt");
    // A 6x6 of 3x2 boxes, a 5x5 jigsaw, and a clash, which -q keeps off stderr.
    let input = format!(
        "Boxes 3x2\n{}\nJigsaw\n{}\n{}\n1 1 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n",
        ".".repeat(36),
        "a a a b b\na a b b b\nc c d d d\nc c d d e\nc e e e e",
        ". . . . .\n".repeat(5)
    );
    let out = simdoku(
        &["large", "-q", "-o", dest.to_str().unwrap()],
        input.as_bytes(),
    );
    assert!(!out.status.success(), "the clash fails the run");
    assert!(out.stdout.is_empty() && out.stderr.is_empty(), "{out:?}");
    let written = std::fs::read_to_string(&dest).unwrap();
    let grids: Vec<_> = text::parse(&written)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(grids.len(), 2, "{written}");
    assert_eq!(grids[0].grid.side(), 6);
    assert!(written.contains("Jigsaw"), "{written}");
    assert!(written.contains("contradictory"), "{written}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn json_lines_give_status_and_solution_rows_per_grid() {
    // A 4x4 to solve, a malformed grid, a clash, an empty 6x6 (2x3 boxes).
    let input = "1 0 0 0\n0 0 1 0\n0 1 0 0\n0 0 0 1\n\n1 2 3\n\n1 1 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n\n\
                 0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n";
    let out = simdoku(&["large", "-q", "--format", "json", "-"], input.as_bytes());
    assert_eq!(
        out.status.code(),
        Some(1),
        "a malformed grid and a clash fail the run"
    );
    assert!(
        out.stderr.is_empty(),
        "-q: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "one line per grid: {stdout}");
    let first = lines[0];
    assert!(
        first.starts_with(
            r#"{"file":"<stdin>","line":1,"shape":"4x4","x":false,"status":"solved","givens":4,"solutions":1,"#
        ),
        "{first}"
    );
    // The solution rows, checked against the rules and the givens.
    let rows = first
        .split(r#""solution":"#)
        .nth(1)
        .unwrap()
        .trim_end_matches('}');
    let cells: Vec<u16> = rows
        .split(|c: char| !c.is_ascii_digit())
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().unwrap())
        .collect();
    let puzzle = text::parse(&input[..input.find("\n\n").unwrap()])
        .remove(0)
        .unwrap();
    let solution =
        simdoku::large::LargeGrid::with_values(puzzle.grid.shape().clone(), cells).unwrap();
    simdoku::large::check_solution(&puzzle.grid, &solution, false).unwrap();
    assert!(
        lines[1].starts_with(r#"{"file":"<stdin>","line":6,"status":"invalid","error":""#),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].contains(r#""status":"no solution","error":"contradictory givens"#),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].starts_with(
            r#"{"file":"<stdin>","line":13,"shape":"6x6 (2x3 boxes)","x":false,"status":"solved""#
        ),
        "{}",
        lines[3]
    );
}

#[test]
fn junk_is_reported_with_its_line_and_never_panics() {
    let out = simdoku(
        &["large", "-"],
        "\u{0}\u{ff}1 2\n99999999999999 1 1 1\n+--+\nSudoku X\n".as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("<stdin>:1: "), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// Every bad line was kept as an error (about 390 bytes) until the end of the run: 2 million
/// lines of junk took 776 MB. Now each grid goes on as it is read: every bad line is still
/// reported, in order, with its line and reason, the grid after them is solved, and memory
/// stays near the size of the text.
#[test]
fn many_bad_lines_are_each_reported_in_bounded_memory() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    const BAD: usize = 200_000;
    let path = std::env::temp_dir().join(format!("simdoku-junk-{}.txt", std::process::id()));
    let mut junk = "hello world!\n".repeat(BAD);
    junk.push_str("1...\n.2..\n..3.\n...4\n");
    std::fs::write(&path, &junk).unwrap();
    let name = path.to_string_lossy().into_owned();
    let mut child = Command::new(env!("CARGO_BIN_EXE_simdoku"))
        .args(["large", "-j", "1", &name])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stderr = child.stderr.take().unwrap();
    let errors = std::thread::spawn(move || {
        let mut s = String::new();
        stderr.read_to_string(&mut s).unwrap();
        s
    });
    // The old reader held every error before the first output line: the peak is reached by
    // then, and sampled while the output is read.
    let (mut stdout, mut out, mut peak) = (child.stdout.take().unwrap(), Vec::new(), 0u64);
    let mut buf = vec![0; 1 << 16];
    loop {
        let n = stdout.read(&mut buf).unwrap();
        if n == 0 {
            break;
        }
        out.extend_from_slice(&buf[..n]);
        peak = peak.max(peak_rss_kb(pid).unwrap_or(0));
    }
    let status = child.wait().unwrap();
    let errors = errors.join().unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(status.code(), Some(1));
    let err_lines: Vec<&str> = errors.lines().collect();
    // (The last line of words, right before the grid and unlike its rows, is its title.)
    assert_eq!(err_lines.len(), BAD - 1);
    for (i, line) in err_lines.iter().enumerate().step_by(9973) {
        assert_eq!(
            *line,
            format!(
                "{name}:{}: a row of 2 values; grid rows have 4 to 400 values (or a whole grid \
                 of 16, 36, 64, 81, ... 1225 characters on one line)",
                i + 1
            )
        );
    }
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines.len(),
        BAD - 1 + 4,
        "a comment per bad line, then the grid"
    );
    assert!(lines[BAD - 2].starts_with(&format!("# {name}:{}: a row of 2 values", BAD - 1)));
    assert_eq!(lines[BAD - 1..], ["1342", "4213", "2431", "3124"]);
    // The text is 2.6 MB; the errors alone took about 80 MB.
    assert!(peak < 48 * 1024, "peak RSS {peak} kB");
}

#[test]
fn output_keeps_the_input_form() {
    // Number form with the X line and a box-drawn input: the X line stays, numbers come back.
    let out = simdoku(&["large", "--unique", &large("sigh_16x16_X_3.txt")], b"");
    assert!(out.status.success());
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(out.starts_with("Sudoku X\n"), "{out}");
    let back = text::parse(&out).remove(0).unwrap();
    assert!(back.x && back.form == text::Form::Numbers);
    let want = std::fs::read_to_string(large("sigh_16x16_X_3.solution.txt")).unwrap();
    assert_eq!(back.grid, text::parse(&want).remove(0).unwrap().grid);
    // A stats line and a no-solution note are comments.
    let out = simdoku(
        &["large", "--stats", "-"],
        b"1 1 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.starts_with("# <stdin>:1: 4x4: no solution: contradictory givens"),
        "{stdout}"
    );
}

#[test]
fn x_marker_round_trips_in_both_forms() {
    // A 4x4 X puzzle in line form with its marker: the output keeps the marker and reads back
    // as an X grid; --x alone keeps line output to one line per grid.
    use simdoku::large::generate::{self, Rng};
    let mut rng = Rng::new(3);
    let full = generate::solution_grid_x(2, &mut rng, std::time::Duration::from_secs(5)).unwrap();
    let p = generate::remove_cells(&full, 6, &mut rng);
    let line = text::format(&p, text::Form::Line, false);
    let out = simdoku(&["large", "-"], format!("Sudoku X\n{line}").as_bytes());
    let out = String::from_utf8(out.stdout).unwrap();
    let back = text::parse(&out).remove(0).unwrap();
    assert!(back.x && back.form == text::Form::Line, "{out}");
    simdoku::large::check_solution(&p, &back.grid, true).unwrap();
    let out = simdoku(&["large", "--x", "-"], line.as_bytes());
    let out = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.lines().count(), 1, "{out}");
    simdoku::large::check_solution(&p, &text::parse(&out).remove(0).unwrap().grid, true).unwrap();
}

#[test]
fn the_command_solves_every_shape_and_keeps_its_header() {
    use simdoku::large::{LargeGrid, Shape, check_solution};
    let map: String = (0..49)
        .map(|c| b"1234567"[(c / 7 + 2 * (c % 7)) % 7] as char)
        .collect();
    let input = format!(
        "{}\nBoxes 3x2\n{}\nSudoku X\n{}\nJigsaw\n{map}\n{}\n",
        ".".repeat(36),
        ".".repeat(36),
        ".".repeat(64),
        ".".repeat(49)
    );
    let out = simdoku(&["large", "-j", "2", "-"], input.as_bytes());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = String::from_utf8(out.stdout).unwrap();
    let back: Vec<_> = text::parse(&out).into_iter().map(Result::unwrap).collect();
    assert_eq!(back.len(), 4, "{out}");
    let jigsaw: Vec<usize> = (0..49).map(|c| (c / 7 + 2 * (c % 7)) % 7).collect();
    let want = [
        Shape::boxes(2, 3).unwrap(),
        Shape::boxes(3, 2).unwrap(),
        Shape::boxes(2, 4).unwrap(),
        Shape::jigsaw(7, &jigsaw).unwrap(),
    ];
    for (b, shape) in back.iter().zip(&want) {
        assert_eq!(b.grid.shape(), shape);
        check_solution(&LargeGrid::empty_of(shape.clone()), &b.grid, b.x).unwrap();
    }
    assert!(back[2].x && !back[0].x);
}

#[test]
fn one_grid_on_several_threads_counts_the_same() {
    // -j on one grid: a portfolio of searches. The unique 16x16 X grid and its solution, the
    // empty 4x4 grid's 288 solutions, and a count cut at a limit are the same on 1 and 3 threads.
    let field = |out: &std::process::Output, key: &str| -> String {
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v[key].to_string()
    };
    let unique = large("sigh_16x16_X_1.txt");
    let empty4 = ".".repeat(16);
    let cases: [(&[&str], &[u8]); 3] = [
        (&["--limit", "2", &unique], b""),
        (&["--limit", "1000", "-"], empty4.as_bytes()),
        (
            &["--limit", "7", "-"],
            b"Sudoku X\n................................................................\n",
        ),
    ];
    for (args, input) in cases {
        let runs: Vec<_> = ["1", "3"]
            .iter()
            .map(|j| {
                let mut a = vec!["large", "-q", "--format", "json", "-j", j];
                a.extend_from_slice(args);
                simdoku(&a, input)
            })
            .collect();
        for key in ["status", "solutions"] {
            assert_eq!(field(&runs[0], key), field(&runs[1], key), "{args:?} {key}");
        }
        if args.contains(&unique.as_str()) {
            assert_eq!(field(&runs[1], "status"), "\"unique\"");
            assert_eq!(field(&runs[0], "solution"), field(&runs[1], "solution"));
        }
    }
    let out = simdoku(
        &[
            "large", "-q", "--format", "json", "-j", "4", "--limit", "1000", "-",
        ],
        empty4.as_bytes(),
    );
    assert_eq!(field(&out, "solutions"), "288");
}

#[test]
fn limit_zero_counts_every_solution_of_a_size_line() {
    // `4x4` alone is the empty 4x4 (as sigh's solver reads a size): 288 grids; `--limit 0`
    // counts them all (sigh's `count`), a smaller limit stops there, --unique proves nothing.
    let count = |args: &[&str]| {
        let out = simdoku(&[&["large", "--stats"], args].concat(), b"4x4\n");
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(count(&["--limit", "0"]).contains("288 solutions;"));
    assert!(count(&["--limit", "0", "-j", "2"]).contains("288 solutions;"));
    assert!(count(&["--limit", "10"]).contains("10 solutions or more"));
    assert!(count(&["--unique", "--limit", "0"]).contains("288 solutions;"));
}

#[test]
fn a_16x16_in_0_to_f_is_solved_and_written_back_in_0_to_f() {
    // The bundled 16x16 (numbers) written as a hexadoku line: 0-F for 1-16, `.` empty.
    let numbers = std::fs::read_to_string(large("16x16_g50.txt")).unwrap();
    let p = text::parse(&numbers).remove(0).unwrap();
    let hex: String = p
        .grid
        .cells()
        .iter()
        .map(|&v| match v {
            0 => '.',
            v => b"0123456789ABCDEF"[usize::from(v) - 1] as char,
        })
        .collect();
    let out = simdoku(&["large", "-"], format!("{hex}\n").as_bytes());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = String::from_utf8(out.stdout).unwrap();
    let line = line.trim_end();
    assert_eq!(line.len(), 256);
    assert!(
        line.bytes().all(|c| b"0123456789ABCDEF".contains(&c)),
        "{line}"
    );
    // Read back, it is a solution of the puzzle.
    let back = text::parse(line).remove(0).unwrap();
    assert_eq!(back.alphabet, simdoku::large::Alphabet::ZeroBased);
    check_solution(&p.grid, &back.grid, false).unwrap();
}

#[test]
fn a_byte_order_mark_is_skipped() {
    // Notepad's mark before the first number was read as part of a cell: invalid grid.
    // A grid in rows of numbers, and one on one line.
    for grid in ["1 2 . .\n. . 1 2\n2 . . 1\n. 1 2 .\n", "1.343..22.4..321\n"] {
        let plain = simdoku(&["large", "-q"], grid.as_bytes());
        let marked = simdoku(&["large", "-q"], format!("\u{feff}{grid}").as_bytes());
        assert!(
            marked.status.success(),
            "{}",
            String::from_utf8_lossy(&marked.stdout)
        );
        assert_eq!(marked.stdout, plain.stdout);
    }
}

#[test]
fn a_bad_timeout_does_not_wait_for_stdin() {
    // The options were checked after reading every input: `simdoku large -t NaN` at a
    // terminal waited for stdin to end before saying the option was wrong.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_simdoku"))
        .args(["large", "-t", "NaN"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > std::time::Duration::from_secs(20) {
            child.kill().unwrap();
            panic!("still waiting for stdin");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    drop(child.stdin.take());
    assert_eq!(status.code(), Some(2));
}

/// --minimize prints a minimal puzzle of each unique grid in its form (Sudoku-X kept), whose
/// solution is the grid's; a grid with several solutions is reported and not printed.
#[test]
fn minimize_prints_minimal_puzzles_with_the_same_solution() {
    use simdoku::large::{Config, Solver, Status};
    let gecode = std::fs::read_to_string(large("gecode_16x16.txt")).unwrap();
    let mut input: String = gecode.lines().take(2).flat_map(|l| [l, "\n"]).collect();
    input.push_str(&std::fs::read_to_string(large("sigh_16x16_X_2.txt")).unwrap());
    input.push_str("\n16x16\n");
    let out = simdoku(&["large", "--minimize"], input.as_bytes());
    // (The empty 16x16 is not minimized: exit status 1, one line on stderr.)
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let notes: Vec<&str> = stdout.lines().filter(|l| l.starts_with('#')).collect();
    assert_eq!(notes.len(), 4, "{stdout}");
    assert!(notes[0].contains(" givens, minimal, "), "{}", notes[0]);
    assert!(
        notes[3].contains("solutions"),
        "the empty grid: {}",
        notes[3]
    );
    let inputs = text::parse(&input);
    let puzzles: Vec<_> = text::parse(&stdout)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(
        puzzles.len(),
        3,
        "three unique grids, the empty one not printed"
    );
    for (original, minimal) in inputs.iter().zip(&puzzles) {
        let original = original.as_ref().unwrap();
        assert_eq!(minimal.x, original.x);
        assert_eq!(minimal.form, original.form);
        let mut solver = Solver::for_shape(original.grid.shape(), original.x, Config::default());
        let (_, want, _) = solver.count(&original.grid, 2, None);
        let (status, got, _) = solver.count(&minimal.grid, 2, None);
        assert_eq!(status, Status::Unique);
        assert_eq!(got, want);
        // Givens of the original only, and each needed.
        let side = minimal.grid.side();
        let mut g = minimal.grid.clone();
        for c in 0..side * side {
            let v = g.cells()[c];
            if v == 0 {
                continue;
            }
            assert_eq!(original.grid.cells()[c], v);
            g.set(c / side, c % side, 0);
            assert_eq!(
                solver.count(&g, 2, None).0,
                Status::Multiple,
                "given {c} is needed"
            );
            g.set(c / side, c % side, v);
        }
    }
    // --no-guesses: the puzzle left is solved by propagation alone; --seed changes the order.
    let one: String = gecode.lines().take(1).flat_map(|l| [l, "\n"]).collect();
    let original = text::parse(&one).remove(0).unwrap();
    let mut solver = Solver::for_shape(original.grid.shape(), false, Config::default());
    let mut seen = std::collections::HashSet::new();
    for seed in ["1", "2", "3"] {
        let out = simdoku(
            &["large", "--minimize", "--no-guesses", "--seed", seed],
            one.as_bytes(),
        );
        assert!(out.status.success());
        let got = text::parse(&String::from_utf8(out.stdout).unwrap())
            .remove(0)
            .unwrap();
        let (status, _, stats) = solver.count(&got.grid, 2, None);
        assert_eq!((status, stats.guesses), (Status::Unique, 0), "seed {seed}");
        assert!(got.grid.givens() < original.grid.givens());
        seen.insert(got.grid.cells().to_vec());
    }
    assert!(seen.len() > 1, "the seed orders the removals");
    let out = simdoku(&["large", "--seed", "2"], one.as_bytes());
    assert_eq!(out.status.code(), Some(2), "--seed needs --minimize");

    // JSON: the puzzle's rows and whether it is minimal.
    let out = simdoku(
        &["large", "--minimize", "--format", "json"],
        input.as_bytes(),
    );
    let first = String::from_utf8(out.stdout).unwrap();
    let first: serde_json::Value = serde_json::from_str(first.lines().next().unwrap()).unwrap();
    assert_eq!(first["minimal"], true);
    assert_eq!(first["minimized"].as_array().unwrap().len(), 16);
}

/// --generate prints a new puzzle for each grid taken as a template (empty, Sudoku-X, with
/// givens): unique, minimal, its solution (in the JSON line) one of the template's; a
/// template without a solution is reported and nothing printed.
/// A grid --minimize cannot minimize is a failure, said on stderr: several solutions, or
/// with --no-guesses one that needs a guess as given (no removal could make it need none).
#[test]
fn minimize_says_what_it_could_not_minimize() {
    let out = simdoku(
        &["large", "--minimize"],
        format!("{}\n", ".".repeat(81)).as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("a puzzle to minimize has one solution"),
        "{stderr}"
    );
    // A unique 9x9 that propagation does not solve (from the forum's hardest list).
    let hard =
        "1.3...78..56789...78....5.....59.67..6..728...7.6.8.2...7...2.86.28.795....92..67\n";
    let out = simdoku(
        &["large", "--minimize", "--no-guesses", "-f", "json"],
        hard.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("needs a guess as given"), "{stderr}");
    let line: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(line["minimal"], false, "{line}");
    // Without --no-guesses the same grid is minimized.
    assert!(
        simdoku(&["large", "--minimize"], hard.as_bytes())
            .status
            .success()
    );
}

#[test]
fn generate_makes_puzzles_from_templates() {
    use simdoku::large::{Config, Solver, Status, check_solution};
    let some = "1 0 0 0 0 0 0 0 0\n0 0 0 0 2 0 0 0 0\n0 0 0 0 0 0 0 0 3\n0 4 0 0 0 0 0 0 0\n\
                0 0 0 0 0 0 0 0 0\n0 0 0 0 0 1 0 0 0\n0 0 2 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0\n\
                0 0 0 0 0 0 4 0 0\n";
    let input = format!("16x16\nSudoku X\n9x9\n\n{some}\n11.{}\n", ".".repeat(78));
    let templates: Vec<_> = text::parse(&input)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(templates.len(), 4);
    for no_guesses in [false, true] {
        let mut args = vec!["large", "--generate", "--format", "json", "--seed", "5"];
        if no_guesses {
            args.push("--no-guesses");
        }
        let out = simdoku(&args, input.as_bytes());
        assert_eq!(
            out.status.code(),
            Some(1),
            "the last template has no solution"
        );
        let stdout = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<serde_json::Value> = stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 4, "{stdout}");
        assert_eq!(lines[3]["status"], "no solution");
        assert!(lines[3].get("minimized").is_none());
        for (t, line) in templates.iter().zip(&lines).take(3) {
            assert_eq!(line["status"], "solved", "{line}");
            assert_eq!(line["minimal"], true, "{line}");
            let rows = |key: &str| -> Vec<u16> {
                line[key]
                    .as_array()
                    .unwrap()
                    .iter()
                    .flat_map(|r| {
                        r.as_array()
                            .unwrap()
                            .iter()
                            .map(|v| v.as_u64().unwrap() as u16)
                    })
                    .collect()
            };
            let shape = t.grid.shape().clone();
            let puzzle =
                simdoku::large::LargeGrid::with_values(shape.clone(), rows("minimized")).unwrap();
            let solution = simdoku::large::LargeGrid::with_values(shape, rows("solution")).unwrap();
            check_solution(&t.grid, &solution, t.x).unwrap();
            check_solution(&puzzle, &solution, t.x).unwrap();
            let mut solver = Solver::for_shape(t.grid.shape(), t.x, Config::default());
            let (status, got, _) = solver.count(&puzzle, 2, None);
            assert_eq!((status, got.as_ref()), (Status::Unique, Some(&solution)));
            assert!(!no_guesses || solver.solved_by_propagation(&puzzle));
        }
    }
    // The text form: the template's form, after a `#` line that says what was made.
    let out = simdoku(&["large", "--generate"], b"Sudoku X\n9x9\n");
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout
            .lines()
            .next()
            .unwrap()
            .contains("a new puzzle, minimal"),
        "{stdout}"
    );
    let made = text::parse(&stdout).remove(0).unwrap();
    assert!(made.x && made.grid.givens() > 0, "{stdout}");
    // --x on a template in line form: the puzzle carries its `Sudoku X` line, so that it
    // reads back as the same (unique) X puzzle.
    let out = simdoku(
        &["large", "--generate", "--x"],
        format!("{}\n", ".".repeat(81)).as_bytes(),
    );
    assert!(out.status.success());
    let made = text::parse(&String::from_utf8(out.stdout).unwrap())
        .remove(0)
        .unwrap();
    assert!(made.x);
    let mut solver = Solver::for_shape(made.grid.shape(), true, Config::default());
    assert_eq!(solver.count(&made.grid, 2, None).0, Status::Unique);
    // One seed, one puzzle, at any -j: the template is solved by one search.
    let puzzles = |j: &str| {
        let out = simdoku(
            &["large", "--generate", "--no-guesses", "-j", j],
            b"25x25\n",
        );
        assert!(out.status.success());
        let stdout = String::from_utf8(out.stdout).unwrap();
        stdout
            .lines()
            .filter(|l| !l.starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let one = puzzles("1");
    for _ in 0..3 {
        assert_eq!(puzzles("2"), one);
    }
    // --generate and --minimize exclude each other; --no-guesses needs one of them.
    assert_eq!(
        simdoku(&["large", "--generate", "--minimize"], b"9x9\n")
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        simdoku(&["large", "--no-guesses"], b"9x9\n").status.code(),
        Some(2)
    );
}

/// -j 2 on a batch (as many grids as threads or more): the threads without a grid at the end
/// help the grids still running; statuses and counts are those of -j 1, in input order.
#[test]
fn a_batch_on_several_threads_counts_the_same() {
    let mut input = std::fs::read_to_string(large("gecode_16x16.txt")).unwrap();
    input.push_str(&std::fs::read_to_string(large("peak_25x25_g50.txt")).unwrap());
    input.push_str("Sudoku X\n");
    input.push_str(&".".repeat(64));
    input.push('\n');
    let fields = |j: &str, limit: &str| -> Vec<(String, String)> {
        let out = simdoku(
            &[
                "large", "-q", "--format", "json", "-j", j, "--limit", limit, "-",
            ],
            input.as_bytes(),
        );
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                (
                    v["line"].to_string(),
                    format!("{} {}", v["status"], v["solutions"]),
                )
            })
            .collect()
    };
    for limit in ["1", "2", "20"] {
        let one = fields("1", limit);
        assert!(one.len() > 55, "{}", one.len());
        assert_eq!(fields("2", limit), one, "limit {limit}");
    }
}

/// A shape in place of a file is that empty grid (as sigh's solver's `generate 16x16`); an
/// input without a grid says so; `--limit 0` gives the count of a grid of one solution too.
#[test]
fn shapes_as_arguments_empty_inputs_and_counts_of_one() {
    let out = simdoku(&["large", "--generate", "--no-guesses", "9x9"], b"");
    assert!(out.status.success());
    let made = text::parse(&String::from_utf8(out.stdout).unwrap())
        .remove(0)
        .unwrap();
    assert_eq!(made.grid.side(), 9);
    assert!(made.grid.givens() >= 17);
    let out = simdoku(&["large", "-"], b"# only a comment\n\n");
    assert!(out.status.success());
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("no grid in the input")
    );
    let out = simdoku(
        &["large", "-l", "0"],
        b"1.3...78..56789...78....5.....59.67..6..728...7.6.8.2...7...2.86.28.795....92..67\n",
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.starts_with("# ") && stdout.contains(": unique;"),
        "{stdout}"
    );
}
