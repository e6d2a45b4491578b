//! End-to-end tests of the human-style commands: `explain`, `hint`, `rate --se`, against
//! serate's (Sudoku Explainer's) ratings of 1,000 generated puzzles, the engine's solutions,
//! pencilmark lines and junk.

use simdoku::Grid;
use simdoku::logic::Board;
use simdoku_core::testkit::{NO_SOLUTION, TWO_SOLUTIONS};

mod common;
use common::{simdoku, text};

/// serate's ratings (`puzzle,ER,EP,ED`) of `simdoku generate -n 1000 --seed 1`.
const SERATE: &str = include_str!("../../simdoku-logic/tests/data/serate_gen1.csv");

/// A few of those lines: serate rates them 2.0, 2.5, 2.8, 1.7 (rated here); and a forum hardest
/// puzzle whose path takes the nested forcing chains (serate 10.3, rated here too).
const RATED: [(&str, &str); 4] = [
    (
        "4...291..51..3.47..871....3..8....9..5......4269.........346..5...9..7.6.........",
        "2.0,1.2,1.2",
    ),
    (
        "...5.........1.5.49......7..47.5.3..6.3...14.....6..8.2.847............33.12.....",
        "2.5,1.2,1.2",
    ),
    (
        ".....28...724..1.......3..5...2...71.9..3.5.28......3..8.....6...9........691.7..",
        "2.8,1.2,1.2",
    ),
    (
        "...4...7662..3..5.........8865.1.........2.....96...14.9..8......2...19...4.5....",
        "1.7,1.2,1.2",
    ),
];
const NESTED: (&str, &str) = (
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    "10.3,1.2,1.2",
);

fn json_lines(out: &[u8]) -> Vec<serde_json::Value> {
    text(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn rate_se_gives_serates_ratings_or_beyond() {
    let puzzles: Vec<(&str, &str)> = SERATE
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_once(',').unwrap())
        .collect();
    let input: String = puzzles.iter().flat_map(|(p, _)| [*p, "\n"]).collect();
    let out = simdoku(&["rate", "--se", "-q"], input.as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1000);
    let mut rated = 0;
    for (line, (p, want)) in lines.iter().zip(&puzzles) {
        let (echo, got) = line.split_once(',').unwrap();
        assert_eq!(echo, *p);
        if got == "beyond" {
            let er: f64 = want.split(',').next().unwrap().parse().unwrap();
            assert!(er >= 4.0, "{p}: serate {want}, ours beyond");
        } else {
            assert_eq!(got, *want, "{p}");
            rated += 1;
        }
    }
    assert!(rated >= 600, "{rated} rated");
}

#[test]
fn rate_se_csv_and_json_on_known_puzzles_and_junk() {
    let input = format!(
        "{}\n{}\n{}\n123\n{TWO_SOLUTIONS}\n{NO_SOLUTION}\n{}x{}\n",
        RATED[0].0,
        RATED[1].0,
        NESTED.0,
        &RATED[2].0[..40],
        &RATED[2].0[41..]
    );
    let out = simdoku(&["rate", "--se", "-q"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1), "invalid lines: exit 1");
    let want = [
        format!("{},{}", RATED[0].0, RATED[0].1),
        format!("{},{}", RATED[1].0, RATED[1].1),
        format!("{},{}", NESTED.0, NESTED.1),
        "123,invalid".to_string(),
        format!("{TWO_SOLUTIONS},multiple"),
        format!("{NO_SOLUTION},none"),
    ];
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 7);
    assert_eq!(
        lines[..6],
        want.iter().map(String::as_str).collect::<Vec<_>>()
    );
    assert!(lines[6].ends_with(",invalid"));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("<stdin>:4: expected 81 cells, found 3"),
        "{stderr}"
    );
    assert!(stderr.contains("<stdin>:7: column 41"), "{stderr}");

    let out = simdoku(
        &["rate", "--se", "-q", "--format", "json"],
        input.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    let rows = json_lines(&out.stdout);
    assert_eq!(rows.len(), 7);
    assert_eq!(rows[0]["status"], "rated");
    assert_eq!(
        rows[0]["er"].to_string(),
        "2.0",
        "one decimal, as serate prints"
    );
    assert_eq!(rows[1]["er"].to_string(), "2.5");
    assert_eq!(rows[1]["ep"].to_string(), "1.2");
    assert_eq!(rows[1]["ed"].to_string(), "1.2");
    let statuses: Vec<&str> = rows.iter().map(|r| r["status"].as_str().unwrap()).collect();
    assert_eq!(
        statuses,
        [
            "rated", "rated", "rated", "invalid", "multiple", "none", "invalid"
        ]
    );
    assert_eq!(rows[3]["error"], "expected 81 cells, found 3");
    assert_eq!(rows[2]["er"].to_string(), "10.3");

    // The default rating is the engine's, untouched by --se.
    let out = simdoku(&["rate", "-q"], format!("{}\n", RATED[0].0).as_bytes());
    let line = text(&out.stdout);
    assert!(line.trim_end().ends_with("-singles"), "{line}");
    // --se and --samples do not go together.
    assert_eq!(
        simdoku(&["rate", "--se", "--samples", "4"], b"")
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn explain_steps_solve_the_puzzle_and_end_with_what_happened() {
    let input = format!(
        "{}\n{}\n{}\n123\n{TWO_SOLUTIONS}\n",
        RATED[0].0, RATED[3].0, NESTED.0
    );
    let out = simdoku(&["explain", "-q", "--format", "json"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let rows = json_lines(&out.stdout);
    assert_eq!(rows.len(), 5);
    for (row, p) in rows.iter().zip([RATED[0].0, RATED[3].0, NESTED.0]) {
        assert_eq!(row["status"], "solved");
        assert_eq!(row["puzzle"], p);
        // Applying every step's placements gives the engine's solution, and no elimination
        // removes a digit of the solution.
        let solution = simdoku::solve(&Grid::parse(p).unwrap()).unwrap();
        let mut cells = *Grid::parse(p).unwrap().cells();
        for step in row["steps"].as_array().unwrap() {
            for pl in step["placements"].as_array().unwrap() {
                let (c, d) = (pl[0].as_u64().unwrap() as usize, pl[1].as_u64().unwrap());
                assert_eq!(u64::from(solution.get(c)), d, "{}", step["text"]);
                cells[c] = d as u8;
            }
            for el in step["eliminations"].as_array().unwrap() {
                let c = el[0].as_u64().unwrap() as usize;
                for d in el[1].as_array().unwrap() {
                    assert_ne!(u64::from(solution.get(c)), d.as_u64().unwrap());
                }
            }
            let text = step["text"].as_str().unwrap();
            assert!(text.contains(step["technique"].as_str().unwrap()), "{text}");
        }
        assert_eq!(Grid::from_cells(cells).unwrap(), solution);
    }
    assert_eq!(rows[3]["status"], "invalid");
    assert_eq!(rows[4]["status"], "multiple");
    assert_eq!(rows[4]["steps"], serde_json::json!([]));
    assert!(rows[4].get("stuck").is_none());

    // The text form: a header, the steps (difficulty, then the step), the end.
    let out = simdoku(&["explain", "-q"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let blocks: Vec<&str> = stdout.split("# ").skip(1).collect();
    let headers: Vec<&str> = stdout.lines().filter(|l| l.starts_with("# ")).collect();
    assert_eq!(headers[0], format!("# {}", RATED[0].0));
    let first: Vec<&str> = stdout
        .lines()
        .take_while(|l| !l.starts_with("# solved"))
        .collect();
    let steps = rows[0]["steps"].as_array().unwrap();
    assert_eq!(first.len(), steps.len() + 1);
    for (line, step) in first[1..].iter().zip(steps) {
        assert_eq!(
            *line,
            format!("{} {}", step["difficulty"], step["text"].as_str().unwrap())
        );
    }
    assert!(stdout.contains(&format!("# solved ({} steps)\n", steps.len())));
    assert!(stdout.contains("# 123\n# invalid\n"));
    assert!(stdout.ends_with(&format!("# {TWO_SOLUTIONS}\n# multiple solutions\n")));
    assert!(blocks.len() >= 10);
    assert!(text(&out.stderr).contains("<stdin>:4: expected 81 cells, found 3"));
}

#[test]
fn hint_is_the_first_step_one_line_per_input_line() {
    let solved = simdoku::solve(&Grid::parse(RATED[0].0).unwrap())
        .unwrap()
        .to_string();
    let input = format!(
        "{}\n\n# comment\n{}\nxyz\n{solved}\n",
        RATED[0].0, RATED[1].0
    );
    let out = simdoku(&["hint", "-q"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines,
        [
            format!("{},1.2,r2c3=2 hidden single in box 1", RATED[0].0).as_str(),
            format!("{},1.2,r6c6=4 hidden single in box 5", RATED[1].0).as_str(),
            "xyz,invalid",
            format!("{solved},solved").as_str(),
        ]
    );
    assert!(text(&out.stderr).contains("<stdin>:5: "));
    let explained = simdoku(&["explain", "-q"], format!("{}\n", RATED[1].0).as_bytes());
    let second = text(&explained.stdout).lines().nth(1).unwrap().to_string();
    assert_eq!(second, "1.2 r6c6=4 hidden single in box 5");

    let out = simdoku(&["hint", "-q", "--format", "json"], input.as_bytes());
    let rows = json_lines(&out.stdout);
    assert_eq!(rows[0]["status"], "hint");
    assert_eq!(rows[0]["step"]["placements"][0][0], 11);
    assert_eq!(rows[0]["step"]["placements"][0][1], 2);
    assert_eq!(rows[2]["status"], "invalid");
    assert_eq!(rows[3]["status"], "solved");
}

#[test]
fn pencilmark_lines_are_read_from_their_candidates() {
    let (p, want) = RATED[1];
    let b = Board::parse(p).unwrap();
    let marks = b.pencilmarks();
    assert_eq!(marks.len(), 729);
    // The board after the first hint, as candidates: its rating keeps ER (the path is the
    // puzzle's from there on).
    let mut after = b.clone();
    simdoku::logic::next_step(&b).unwrap().apply(&mut after);
    let input = format!("{marks}\n{}\n", after.pencilmarks());
    let out = simdoku(&["rate", "--se", "-q"], input.as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], format!("{marks},{want}"));
    assert!(lines[1].starts_with(&after.pencilmarks()));
    assert!(lines[1].split(',').nth(1).unwrap() == want.split(',').next().unwrap());

    let out = simdoku(&["hint", "-q"], input.as_bytes());
    let hints = text(&out.stdout);
    assert!(
        hints
            .lines()
            .next()
            .unwrap()
            .ends_with(",1.2,r6c6=4 hidden single in box 5")
    );
    let out = simdoku(&["explain", "-q"], input.as_bytes());
    assert!(out.status.success());
    let explained = text(&out.stdout);
    assert_eq!(explained.matches("# solved (").count(), 2, "{explained}");
}

/// Two solutions, "solved" through a unique rectangle (the first) and a BUG (the second), which
/// assume one: `rate --se` rated them 7.2 and 5.6 and `explain` said `# solved`.
#[test]
fn several_solutions_through_uniqueness_steps_are_multiple_not_rated() {
    let two = [
        "4...291..51..3.47..871....3..8....9..5......4.69.........346..5...9..7.6.........",
        "...5....353.....218....6...2.9....7.....851.....9.1...92.....6....1.3..4........7",
    ];
    let input = format!("{}\n{}\n", two[0], two[1]);
    let out = simdoku(&["rate", "--se", "-q"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        format!("{},multiple\n{},multiple\n", two[0], two[1])
    );
    // explain and hint count first: no steps (they went through a unique rectangle and a BUG
    // to a "solution"), the status instead, exit status 0 as for rate and solve.
    let out = simdoku(&["explain", "-q", "--format", "json"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    for row in json_lines(&out.stdout) {
        assert_eq!(row["status"], "multiple");
        assert_eq!(row["steps"], serde_json::json!([]));
        assert!(row.get("stuck").is_none());
    }
    let out = simdoku(&["explain", "-q"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        format!(
            "# {}\n# multiple solutions\n# {}\n# multiple solutions\n",
            two[0], two[1]
        )
    );
    let out = simdoku(&["hint", "-q"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        format!("{},multiple\n{},multiple\n", two[0], two[1])
    );
}

/// A puzzle with no solution got an ordinary step from `hint` (and `explain` printed steps
/// that led nowhere before `# stuck`); one with several could get a unique rectangle or a BUG
/// step. Now: no step, `none` or `multiple`, in every form, exit status 0 (as `rate`, `solve`).
#[test]
fn hint_and_explain_say_no_solution_or_multiple_instead_of_steps() {
    // Two solutions, and no solution: the raw finder has a step for each.
    const TWO: &str =
        "4...291..51..3.47..871....3..8....9..5......4.69.........346..5...9..7.6.........";
    for p in [NO_SOLUTION, TWO] {
        assert!(
            simdoku::logic::next_step(&Board::parse(p).unwrap()).is_some(),
            "{p}"
        );
    }
    let (p, _) = RATED[0];
    let input = format!("{NO_SOLUTION}\n{TWO}\n{p}\n");
    let out = simdoku(&["hint", "-q"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        format!("{NO_SOLUTION},none\n{TWO},multiple\n{p},1.2,r2c3=2 hidden single in box 1\n")
    );
    let out = simdoku(&["hint", "-q", "--format", "json"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    let rows = json_lines(&out.stdout);
    assert_eq!(
        text(&out.stdout).lines().next().unwrap(),
        format!(r#"{{"file":"<stdin>","line":1,"puzzle":"{NO_SOLUTION}","status":"none"}}"#)
    );
    assert_eq!(rows[1]["status"], "multiple");
    assert!(rows[1].get("step").is_none());
    assert_eq!(rows[2]["status"], "hint");

    let out = simdoku(&["explain", "-q"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with(&format!(
            "# {NO_SOLUTION}\n# no solution\n# {TWO}\n# multiple solutions\n# {p}\n1.2 "
        )),
        "{stdout}"
    );
    let out = simdoku(&["explain", "-q", "--format", "json"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout).lines().next().unwrap(),
        format!(
            r#"{{"file":"<stdin>","line":1,"puzzle":"{NO_SOLUTION}","status":"none","steps":[]}}"#
        )
    );
    let rows = json_lines(&out.stdout);
    assert_eq!(rows[1]["status"], "multiple");
    assert_eq!(rows[2]["status"], "solved");

    // Pencilmark lines: counted on their candidates. A cell with none left has no solution.
    let mut dead = Board::parse(p).unwrap().pencilmarks();
    let c = p.find('.').unwrap();
    dead.replace_range(9 * c..9 * c + 9, ".........");
    let open = "123456789".repeat(81);
    let input = format!("{dead}\n{open}\n");
    let out = simdoku(&["hint", "-q"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), format!("{dead},none\n{open},multiple\n"));
}

/// The logic commands run no engine (their solution counts are the logic's own): the summary
/// names none, and an `-e` other than `auto` is said to be unused, the output unchanged.
#[test]
fn the_logic_commands_name_no_engine_and_say_an_engine_is_unused() {
    let (p, rating) = RATED[0];
    let input = format!("{p}\n");
    for args in [&["explain"][..], &["hint"], &["rate", "--se"]] {
        let plain = simdoku(args, input.as_bytes());
        assert!(plain.status.success(), "{}", text(&plain.stderr));
        let summary = text(&plain.stderr);
        assert!(summary.contains("1 puzzle in"), "{summary}");
        assert!(!summary.contains("engine"), "{args:?}: {summary}");
        let with_e: Vec<&str> = args.iter().copied().chain(["-e", "scalar"]).collect();
        let named = simdoku(&with_e, input.as_bytes());
        assert!(named.status.success(), "{}", text(&named.stderr));
        assert_eq!(named.stdout, plain.stdout, "{args:?}");
        assert!(
            text(&named.stderr).contains(&format!("{}: -e scalar is not used", args[0])),
            "{}",
            text(&named.stderr)
        );
    }
    let out = simdoku(&["rate", "--se", "-q"], input.as_bytes());
    assert_eq!(text(&out.stdout), format!("{p},{rating}\n"));
    // The engine tools still take and name theirs.
    let out = simdoku(&["minimize", "-e", "scalar"], input.as_bytes());
    assert!(out.status.success());
    assert!(
        text(&out.stderr).contains("engine scalar"),
        "{}",
        text(&out.stderr)
    );
}
