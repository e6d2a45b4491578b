//! End-to-end tests of what a new user of the binary runs into: limits of 0, byte-order marks,
//! grids of other sizes, puzzles drawn over nine lines, JSON lines, `--empty`, `shuffle`, completions, the man page, help
//! with examples, and no progress bar where nobody watches.

use simdoku::engines::Scalar;
use simdoku::rules::check_solution;
use simdoku::tools::canonical;
use simdoku::{Engine, Grid};
use simdoku_core::testkit::{NO_SOLUTION, SOLUTION, TWO_SOLUTIONS, reference_count};

mod common;
use common::{data, simdoku, text};

const BOM: &str = "\u{feff}";

/// A puzzle with a unique solution (top95's first).
const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("simdoku-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn limits_of_zero_are_usage_errors() {
    for args in [
        &["count", "--limit", "0"][..],
        &["check", "--limit", "0"],
        &["rate", "--samples", "0"],
        &["rate", "--samples", "18446744073709551615"], // ran without end
        &["bench", "--passes", "0", "-"],
    ] {
        let out = simdoku(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains(args[1]) && stderr.contains("not in 1.."),
            "{args:?}: {stderr}"
        );
        assert!(out.stdout.is_empty());
    }
    // A --min-time that is not a number of seconds is a usage error: NaN made bench loop for
    // ever.
    for t in ["NaN", "inf", "-1"] {
        let arg = format!("--min-time={t}");
        let out = simdoku(&["bench", &arg, "-"], format!("{PUZZLE}\n").as_bytes());
        assert_eq!(out.status.code(), Some(2), "{t}");
        assert!(text(&out.stderr).contains("--min-time"), "{t}");
    }
    let help = text(&simdoku(&["count", "--help"], b"").stdout);
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(help.contains("At least 1: 0 is a usage error"), "{help}");
    // 1 is the smallest limit: it still finds a solution.
    let out = simdoku(
        &["count", "-q", "--limit", "1"],
        format!("{PUZZLE}\n").as_bytes(),
    );
    assert_eq!(text(&out.stdout), format!("{PUZZLE},1\n"));
}

#[test]
fn a_byte_order_mark_is_skipped_by_every_reading_command() {
    let input = format!("{BOM}{PUZZLE}\n{SOLUTION}\n");
    let dir = temp_dir("bom");
    let file = dir.join("bom.txt");
    std::fs::write(&file, &input).unwrap();
    let file = file.to_string_lossy().into_owned();
    for cmd in [
        "solve",
        "count",
        "solutions",
        "minimize",
        "rate",
        "canon",
        "shuffle",
        "check",
    ] {
        for (args, stdin) in [
            (vec![cmd, "-q"], input.as_bytes()),
            (vec![cmd, "-q", &file], &b""[..]),
        ] {
            let out = simdoku(&args, stdin);
            assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
            let stdout = text(&out.stdout);
            assert!(!stdout.contains("invalid"), "{args:?}: {stdout}");
        }
    }
    let out = simdoku(&["solve", "-q", &file], b"");
    let first = text(&out.stdout).lines().next().unwrap().to_string();
    let (echo, solution) = first.split_once(',').unwrap();
    assert_eq!(echo, PUZZLE);
    check_solution(&PUZZLE.parse().unwrap(), &solution.parse().unwrap()).unwrap();
    // A mark before a CSV header: the header is still skipped.
    let out = simdoku(
        &["solve", "-q"],
        format!("{BOM}quizzes,solutions\r\n{PUZZLE},\r\n").as_bytes(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().count(), 1);
    // A first line taken for a header with nothing after it is not a silent empty run: it is
    // an invalid line (exit 1), in every command that reads puzzle lines.
    for cmd in ["solve", "count", "rate", "explain", "hint"] {
        let out = simdoku(&[cmd, "-q"], b"hello\n");
        assert_eq!(out.status.code(), Some(1), "{cmd}");
        assert!(text(&out.stdout).contains("invalid"), "{cmd}");
        assert!(
            text(&out.stderr).starts_with("<stdin>:1: read as a CSV header"),
            "{cmd}: {}",
            text(&out.stderr)
        );
    }
    // A UTF-16 file (Windows PowerShell 5's `>` writes them) reads as its text.
    let utf16 = |t: &str| -> Vec<u8> {
        [0xFF, 0xFE]
            .into_iter()
            .chain(t.encode_utf16().flat_map(u16::to_le_bytes))
            .collect()
    };
    let out = simdoku(&["solve", "-q"], &utf16(&format!("{PUZZLE}\r\n")));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let plain = simdoku(&["solve", "-q"], format!("{PUZZLE}\n").as_bytes());
    assert_eq!(out.stdout, plain.stdout);
    let out = simdoku(
        &["large", "-q"],
        &utf16("1,,3,\r\n,,,2\r\n,1,,\r\n2,,,\r\n"),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "1 2 3 4\n3 4 1 2\n4 1 2 3\n2 3 4 1\n\n");
    // The same grid as JSON (`json.dump(grid, f)`), and a JSON document with no grid.
    let out = simdoku(
        &["large", "-q"],
        b"[[1,0,3,0],[0,0,0,2],[0,1,0,0],[2,0,0,0]]",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "1 2 3 4\n3 4 1 2\n4 1 2 3\n2 3 4 1\n\n");
    let out = simdoku(&["large", "-q"], b"{\"name\": \"none\"}");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).starts_with("# <stdin>:1: JSON without a grid"));
    // Only at the start: a mark inside the input is a bad character where it stands.
    let out = simdoku(
        &["solve", "-q"],
        format!("{PUZZLE}\n{BOM}{PUZZLE}\n").as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn other_grid_sizes_are_invalid_with_a_hint() {
    let sixteen = ".".repeat(256);
    let four = "1.......2.......";
    let input = format!("{sixteen}\n{four}\n{PUZZLE}\n");
    for cmd in ["solve", "count", "rate"] {
        let out = simdoku(&[cmd, "-q"], input.as_bytes());
        assert_eq!(out.status.code(), Some(1), "{cmd}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains("<stdin>:1: 256 cells: a 16x16 grid; use 'simdoku large'"),
            "{cmd}: {stderr}"
        );
        assert!(
            stderr.contains("<stdin>:2: 16 cells: a 4x4 grid; use 'simdoku large'"),
            "{cmd}: {stderr}"
        );
        let stdout = text(&out.stdout);
        let words: Vec<&str> = stdout
            .lines()
            .map(|l| l.rsplit(',').next().unwrap())
            .collect();
        assert_eq!(&words[..2], ["invalid", "invalid"], "{cmd}: {stdout}");
        assert_eq!(words.len(), 3, "the batch goes on");
    }
    let out = simdoku(&["check"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("<stdin>:1: 256 cells: a 16x16 grid"));
    // The same 16x16 line really is read by `large`.
    let out = simdoku(&["large"], format!("{sixteen}\n").as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
    // Its 256 values with spaces between them, none above 9 in the first 81: not a 9x9 (its
    // first 81 values were solved as one, with exit status 0), and `large` reads it.
    let mut values = vec!["0"; 256];
    values[0] = "1";
    values[20] = "2";
    let spaced = format!("{}\n", values.join(" "));
    let out = simdoku(&["solve", "-q"], spaced.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("<stdin>:1: 256 cells: a 16x16 grid; use 'simdoku large'"));
    let out = simdoku(&["large"], spaced.as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn values_with_separators_then_a_rating_or_comment() {
    // The 81 values of a spreadsheet row or a number list, then what other tools add after a
    // puzzle: a rating column, a comment. Each was an invalid line ("found 1").
    let solution = Scalar::new().solve(&PUZZLE.parse().unwrap()).0.unwrap();
    let zeros: Vec<String> = PUZZLE.replace('.', "0").chars().map(String::from).collect();
    let input = format!(
        "{0},11.2\n{1} # 11.2\n{2}\t11.9\t11.9\t11.3\n",
        zeros.join(","),
        zeros.join(" "),
        zeros.join("\t")
    );
    let out = simdoku(&["solve", "--empty", ".", "-q"], input.as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let want = format!("{PUZZLE},{solution}");
    assert_eq!(text(&out.stdout).lines().collect::<Vec<_>>(), [&want; 3]);
    // Not 81 values: the count found, and what came after them.
    let short = format!("{} # 11.2\n", zeros[..80].join(" "));
    let out = simdoku(&["solve", "-q"], short.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("<stdin>:1: expected 81 cells, found 80, then '#'"),
        "{}",
        text(&out.stderr)
    );
}

/// [`PUZZLE`] drawn over nine lines as Simple Sudoku and `HoDoKu` print it (`|` between boxes,
/// rules between bands and around), as a bare nine-line `.sdk`, and as a spreadsheet's CSV
/// (nine fields a row, empty cells empty).
fn drawn(style: &str) -> String {
    let rows: Vec<String> = (0..9)
        .map(|r| {
            let c: Vec<String> = PUZZLE[9 * r..9 * r + 9].chars().map(String::from).collect();
            match style {
                "sdk" => c.concat(),
                "csv" => c
                    .iter()
                    .map(|v| if v == "." { "" } else { v })
                    .collect::<Vec<_>>()
                    .join(","),
                "json" => format!(
                    "  [{}]",
                    c.iter()
                        .map(|v| if v == "." { "0" } else { v.as_str() })
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                "ss" => format!(
                    "{}|{}|{}",
                    c[..3].concat(),
                    c[3..6].concat(),
                    c[6..].concat()
                ),
                _ => format!(
                    "| {} | {} | {} |",
                    c[..3].join(" "),
                    c[3..6].join(" "),
                    c[6..].join(" ")
                ),
            }
        })
        .collect();
    let rule = if style == "ss" {
        "-----------"
    } else {
        "+-------+-------+-------+"
    };
    let mut lines: Vec<String> = Vec::new();
    for (r, row) in rows.into_iter().enumerate() {
        if !matches!(style, "sdk" | "csv" | "json") && (r % 3 == 0 && (r > 0 || style == "hodoku"))
        {
            lines.push(rule.to_string());
        }
        lines.push(row);
    }
    if style == "hodoku" {
        lines.push(rule.to_string());
    }
    if style == "json" {
        // As `json.dumps` with an indent writes a list of nine lists: rows end with commas.
        return format!("[\n{}\n]\n", lines.join(",\n"));
    }
    lines.join("\n") + "\n"
}

#[test]
fn puzzles_drawn_over_nine_lines_are_read_in_place() {
    let solution = Scalar::new().solve(&PUZZLE.parse().unwrap()).0.unwrap();
    let want = format!("{PUZZLE},{solution}");
    for style in ["sdk", "ss", "hodoku", "csv", "json"] {
        // Between puzzle lines, in input order, with a comment and a blank line.
        let input = format!("{PUZZLE}\n# drawn\n{}\n{PUZZLE}\n", drawn(style));
        let out = simdoku(&["solve"], input.as_bytes());
        assert!(out.status.success(), "{style}: {}", text(&out.stderr));
        let stdout = text(&out.stdout);
        assert_eq!(
            stdout.lines().collect::<Vec<_>>(),
            [&want, &want, &want],
            "{style}"
        );
        for cmd in ["count", "rate", "canon", "explain", "check"] {
            let out = simdoku(&[cmd, "-q"], drawn(style).as_bytes());
            assert!(out.status.success(), "{style} {cmd}: {}", text(&out.stderr));
        }
    }
    // The values with separators: one line of 81 (spreadsheet rows joined, number lists),
    // or a spreadsheet's nine rows of nine (empty fields empty); shown as the puzzle.
    let values: Vec<String> = PUZZLE
        .chars()
        .map(|c| if c == '.' { "0".into() } else { c.to_string() })
        .collect();
    let input = format!(
        "{}\n{}\n{}",
        values.join(","),
        values.join(" "),
        drawn("csv")
    );
    let out = simdoku(&["solve"], input.as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout).lines().collect::<Vec<_>>(),
        [&want, &want, &want]
    );
    // A drawing cut short is one invalid entry where it starts; the batch goes on.
    let sdk = drawn("sdk");
    let cut: Vec<&str> = sdk.lines().take(4).collect();
    let input = format!("{PUZZLE}\n{}\n\n{PUZZLE}\n", cut.join("\n"));
    let out = simdoku(&["solve", "-q"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let words: Vec<&str> = stdout
        .lines()
        .map(|l| l.rsplit(',').next().unwrap())
        .collect();
    assert_eq!(words.len(), 3, "{stdout}");
    assert_eq!(words[1], "invalid");
    assert!(
        text(&out.stderr)
            .contains("<stdin>:2: 4 rows of 9 cells (lines 2-5): a grid drawn over lines has 9"),
        "{}",
        text(&out.stderr)
    );
}

/// A row of a drawn grid that is no row (`sed '5s/8/x/'`) ended the drawing: the rows above
/// and below it were two grids cut short, and the row a line of its own, three invalid records
/// for one grid. It is one, at the broken row's line, that says what is wrong with it.
#[test]
fn a_broken_row_of_a_drawn_grid_is_one_invalid_record() {
    let marks = "4 1679 12679 | 139 2369 269 | 8 1239 5
26789 3 1256789 | 14589 24569 245689 | 12679 1249 124679
2689 15689 125689 | 7 234569 245689 | 12369 12349 123469
------+-------+------
3789 2 15789 | 3459 34579 4579 | 13579 6 13789
3679 15679 15679 | 359 8 25679 | 4 12359 12379
36789 4 56789 | 359 1 25679 | 23579 23589 23789
------+-------+------
289 89 289 | 6 459 3 | 1259 7 12489
5 6789 3 | 2 479 1 | 69 489 4689
1 6789 4 | 589 579 5789 | 23569 23589 23689
";
    let out = simdoku(&["solve", "-q"], marks.as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let broken = marks.replacen("3789 2", "37x9 2", 1);
    let out = simdoku(&["solve", "-q"], broken.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "<stdin>:5: row 4 of the pencilmark grid drawn over lines 1-11: column 3: unexpected \
         'x' (a cell lists its candidates 1-9; '.' or '0' alone is an empty cell)\n"
    );
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(stdout.ends_with(",invalid\n"), "{stdout}");
    // A grid of values drawn with borders, broken in its first row, between two puzzles and a
    // blank line from each: one record in its place, and the puzzles are solved.
    let solution = Scalar::new().solve(&PUZZLE.parse().unwrap()).0.unwrap();
    let drawn = drawn("hodoku").replacen("| 4 .", "| 4 x", 1);
    let input = format!("{PUZZLE}\n\n{drawn}\n{PUZZLE}\n");
    let out = simdoku(&["solve", "-q"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    // (The grid as read: the broken row's cells empty.)
    let read = format!("{}{}", ".".repeat(9), &PUZZLE[9..]);
    assert_eq!(
        text(&out.stdout),
        format!("{PUZZLE},{solution}\n{read},invalid\n{PUZZLE},{solution}\n")
    );
    assert_eq!(
        text(&out.stderr),
        "<stdin>:4: row 1 of the grid drawn over lines 3-14: column 5: unexpected 'x' (cells \
         are 1-9, or 0, . or _ for empty)\n"
    );
}

#[test]
fn every_puzzle_of_a_json_file_whatever_its_line_breaks() {
    // As Python's `json.dump(puzzles, f, indent=2)` writes a list of two grids of numbers (one
    // number a line), and a list of strings inside an object with the solutions beside them: every
    // puzzle, each reported at the line where it starts; a grid cut short is one invalid record.
    let solution = Scalar::new().solve(&PUZZLE.parse().unwrap()).0.unwrap();
    let want = format!("{PUZZLE},{solution}");
    let grid: Vec<String> = (0..9)
        .map(|r| {
            let v: Vec<String> = PUZZLE[9 * r..9 * r + 9]
                .chars()
                .map(|c| format!("      {}", if c == '.' { '0' } else { c }))
                .collect();
            format!("    [\n{}\n    ]", v.join(",\n"))
        })
        .collect();
    let grid = format!("  [\n{}\n  ]", grid.join(",\n"));
    let doc = format!("[\n{grid},\n{grid}\n]\n");
    let out = simdoku(&["solve"], doc.as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout).lines().collect::<Vec<_>>(),
        [&want, &want]
    );
    let obj = format!(
        "{{\"puzzles\": [\n  \"{PUZZLE}\",\n  \"{}\"\n], \"solutions\": [\"{solution}\"]}}\n",
        &PUZZLE[..80]
    );
    let out = simdoku(&["solve"], obj.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(lines, [want.clone(), format!("{},invalid", &PUZZLE[..80])]);
    assert!(
        text(&out.stderr).contains("<stdin>:3: expected 81 cells, found 80"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn puzzles_where_other_programs_put_them_in_a_line() {
    // A spreadsheet's quoted fields, an id before the puzzle (Kaggle's 3-million set, with its
    // header), a JSON array on one line, a JSON object per line: each the puzzle, shown as it.
    let solution = Scalar::new().solve(&PUZZLE.parse().unwrap()).0.unwrap();
    let want = format!("{PUZZLE},{solution}");
    let rows: Vec<String> = (0..9)
        .map(|r| {
            let v: Vec<String> = PUZZLE[9 * r..9 * r + 9]
                .chars()
                .map(|c| if c == '.' { "0".into() } else { c.to_string() })
                .collect();
            format!("[{}]", v.join(","))
        })
        .collect();
    let input = format!(
        "id,puzzle,solution,clues,difficulty\n\
         0,{PUZZLE},{solution},27,2.2\n\
         \"{PUZZLE}\",\"{solution}\"\n\
         [{}]\n\
         {{\"puzzle\": \"{PUZZLE}\", \"level\": 2}}\n",
        rows.join(",")
    );
    let out = simdoku(&["solve"], input.as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout).lines().collect::<Vec<_>>(),
        [&want, &want, &want, &want]
    );
    // Project Euler's file: a title over nine rows of nine digits, 0 empty.
    let euler = format!("Grid 01\n{}Grid 02\n{}", drawn("sdk"), drawn("sdk")).replace('.', "0");
    let out = simdoku(&["solve"], euler.as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout).lines().collect::<Vec<_>>(),
        [&want, &want]
    );
    // A first field that is a puzzle cut short keeps its own error (the solution after it
    // is not taken for the puzzle).
    let out = simdoku(
        &["solve", "-q"],
        format!("{},{solution}\n", &PUZZLE[..80]).as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("<stdin>:1: expected 81 cells, found 80"));
}

#[test]
fn pencilmark_grids_drawn_over_nine_lines_are_pencilmark_puzzles() {
    // PUZZLE's candidates after removing each given from its row, column and box, drawn as
    // HoDoKu prints them; the same marks as one 729-character line give the same answers.
    let g: Grid = PUZZLE.parse().unwrap();
    let marks: Vec<String> = (0..81)
        .map(|c| {
            let (r, k) = (c / 9, c % 9);
            if g.get(c) != 0 {
                return g.get(c).to_string();
            }
            (1..=9u8)
                .filter(|&d| {
                    !(0..81).any(|o| {
                        let (ro, ko) = (o / 9, o % 9);
                        let peer = ro == r || ko == k || (ro / 3 == r / 3 && ko / 3 == k / 3);
                        peer && g.get(o) == d
                    })
                })
                .map(|d| d.to_string())
                .collect()
        })
        .collect();
    let rule = ".-----------.-----------.-----------.";
    let mut grid = vec![rule.to_string()];
    for r in 0..9 {
        let third = |b: usize| marks[9 * r + 3 * b..9 * r + 3 * b + 3].join(" ");
        grid.push(format!("| {} | {} | {} |", third(0), third(1), third(2)));
    }
    grid.push(rule.to_string());
    let drawn = grid.join("\n") + "\n";
    let line: String = marks
        .iter()
        .flat_map(|m| {
            (1..=9u8).map(move |d| {
                if m.contains(&d.to_string()) {
                    char::from(b'0' + d)
                } else {
                    '.'
                }
            })
        })
        .collect();
    for cmd in ["solve", "count", "explain"] {
        let a = simdoku(&[cmd, "-q"], drawn.as_bytes());
        let b = simdoku(&[cmd, "-q"], format!("{line}\n").as_bytes());
        assert!(a.status.success(), "{cmd}: {}", text(&a.stderr));
        assert_eq!(text(&a.stdout), text(&b.stdout), "{cmd}");
    }
}

#[test]
fn a_puzzle_given_in_place_of_a_file_is_read() {
    let solution = Scalar::new().solve(&PUZZLE.parse().unwrap()).0.unwrap();
    let out = simdoku(&["solve", PUZZLE], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), format!("{PUZZLE},{solution}\n"));
    let out = simdoku(&["count", "-q", PUZZLE, PUZZLE], b"");
    assert_eq!(text(&out.stdout), format!("{PUZZLE},1\n{PUZZLE},1\n"));
    // Contradictory givens: reported as the argument's line 1.
    let bad = format!("44{}", &PUZZLE[2..]);
    let out = simdoku(&["solve", "-q", &bad], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).starts_with("<argument>:1: "),
        "{}",
        text(&out.stderr)
    );
    // A name that is no puzzle is still a missing file.
    let out = simdoku(&["solve", "-q", "no-such-file.txt"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no-such-file.txt: No such file"));
}

/// The value of `"key":` in a JSON line written by simdoku (strings unquoted, no escapes).
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let start = line.find(&format!("\"{key}\":"))? + key.len() + 3;
    let rest = &line[start..];
    if let Some(s) = rest.strip_prefix('"') {
        Some(&s[..s.find('"')?])
    } else {
        Some(&rest[..rest.find([',', '}'])?])
    }
}

#[test]
fn solve_count_and_rate_write_json_lines() {
    let bad = format!("{}\"{}", &PUZZLE[..4], &PUZZLE[5..]);
    let input = format!("{PUZZLE}\n\n{NO_SOLUTION}\n{TWO_SOLUTIONS}\n{bad}\n");
    let out = simdoku(
        &["solve", "-q", "--unique", "--format", "json"],
        input.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1), "one invalid line");
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    for l in &lines {
        assert!(
            l.starts_with("{\"file\":\"<stdin>\",\"line\":") && l.ends_with('}'),
            "{l}"
        );
    }
    assert_eq!(field(lines[0], "line"), Some("1"));
    assert_eq!(field(lines[0], "puzzle"), Some(PUZZLE));
    assert_eq!(field(lines[0], "status"), Some("solved"));
    let solution: Grid = field(lines[0], "solution").unwrap().parse().unwrap();
    check_solution(&PUZZLE.parse().unwrap(), &solution).unwrap();
    assert_eq!(
        lines[1],
        format!(r#"{{"file":"<stdin>","line":3,"puzzle":"{NO_SOLUTION}","status":"none"}}"#)
    );
    assert_eq!(field(lines[2], "status"), Some("multiple"));
    assert_eq!(field(lines[2], "line"), Some("4"));
    // The reason names the quote character, escaped.
    assert_eq!(
        lines[3],
        format!(
            r#"{{"file":"<stdin>","line":5,"puzzle":"{}","status":"invalid","error":"column 5: unexpected '\"' (cells are 1-9, or 0, . or _ for empty)"}}"#,
            bad.replace('"', "\\\"")
        )
    );

    let out = simdoku(
        &["count", "-q", "--limit", "2", "--format", "json"],
        format!("{PUZZLE}\n{NO_SOLUTION}\n{TWO_SOLUTIONS}\n").as_bytes(),
    );
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    let got: Vec<_> = stdout
        .lines()
        .map(|l| {
            (
                field(l, "status").unwrap(),
                field(l, "count").unwrap(),
                field(l, "at_least").unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("unique", "1", "false"),
            ("none", "0", "false"),
            ("multiple", "2", "true")
        ]
    );
    assert_eq!(
        reference_count(&TWO_SOLUTIONS.parse().unwrap(), 10),
        2,
        "the count is the real one"
    );
    // Counting to one cannot tell a unique puzzle from one of several.
    let out = simdoku(
        &["count", "-q", "--limit", "1", "--format", "json"],
        format!("{PUZZLE}\n{TWO_SOLUTIONS}\n").as_bytes(),
    );
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    for l in stdout.lines() {
        assert_eq!(field(l, "status"), Some("solved"), "{l}");
        assert_eq!(field(l, "at_least"), Some("true"), "{l}");
    }

    let out = simdoku(
        &["rate", "-q", "--samples", "2", "--format", "json"],
        format!("{PUZZLE}\n{TWO_SOLUTIONS}\nxyz\n").as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(field(lines[0], "status"), Some("rated"));
    assert!(field(lines[0], "guesses").unwrap().parse::<f64>().is_ok());
    assert!(
        ["naked-singles", "hidden-singles", "beyond-singles"]
            .contains(&field(lines[0], "grade").unwrap()),
        "{}",
        lines[0]
    );
    assert_eq!(field(lines[1], "status"), Some("multiple"));
    assert_eq!(field(lines[2], "status"), Some("invalid"));
    assert_eq!(field(lines[2], "line"), Some("3"));
    assert!(field(lines[2], "error").unwrap().contains("unexpected 'x'"));
}

#[test]
fn empty_cells_are_written_as_asked() {
    let zeros = PUZZLE.replace('.', "0");
    let input = format!("{PUZZLE}\n");
    let out = simdoku(&["solve", "-q", "--empty", "0"], input.as_bytes());
    assert!(text(&out.stdout).starts_with(&format!("{zeros},")));
    // Read with 0, written with `.`.
    let out = simdoku(
        &["count", "-q", "--empty", "."],
        format!("{zeros}\n").as_bytes(),
    );
    assert_eq!(text(&out.stdout), format!("{PUZZLE},1\n"));
    // Without --empty a puzzle is echoed as it was written.
    let out = simdoku(&["count", "-q"], format!("{zeros}\n").as_bytes());
    assert_eq!(text(&out.stdout), format!("{zeros},1\n"));
    for args in [
        &["generate", "-q", "-n", "3", "--seed", "5", "--empty", "0"][..],
        &["canon", "-q", "--empty", "0"],
        &["shuffle", "-q", "--empty", "0"],
        &["minimize", "-q", "--empty", "0"],
        &["solutions", "-q", "--empty", "0"],
    ] {
        let out = simdoku(args, input.as_bytes());
        assert!(out.status.success(), "{args:?}");
        let stdout = text(&out.stdout);
        assert!(
            !stdout.is_empty() && !stdout.contains('.'),
            "{args:?}: {stdout}"
        );
        for l in stdout.lines() {
            let g: Grid = l
                .trim_start_matches("# ")
                .split(',')
                .next_back()
                .unwrap()
                .parse()
                .unwrap();
            assert!(g.givens() >= 17, "{args:?}: {l}");
        }
    }
    // minimize writes its minimal puzzle as the input wrote its own, not `0` then `.` on one
    // line; a `.` input stays `.`.
    let out = simdoku(
        &["minimize", "-q"],
        format!("{zeros}\n{PUZZLE}\n").as_bytes(),
    );
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    let (echo, minimal) = lines[0].split_once(',').unwrap();
    assert_eq!(echo, zeros);
    assert!(!minimal.contains('.') && minimal.contains('0'), "{stdout}");
    let (echo, minimal) = lines[1].split_once(',').unwrap();
    assert_eq!(echo, PUZZLE);
    assert!(!minimal.contains('0') && minimal.contains('.'), "{stdout}");
    let out = simdoku(&["solve", "--empty", "x"], b"");
    assert_eq!(out.status.code(), Some(2));
}

/// Solutions up to 2, by the scalar engine (itself checked against the reference counter in
/// core's tests).
fn count(g: &Grid) -> u64 {
    Scalar::new().count(g, 2).solutions
}

#[test]
fn shuffle_keeps_puzzles_equivalent_and_follows_the_seed() {
    let path = data("top95.txt");
    let run = |args: &[&str]| {
        let out = simdoku(args, b"");
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let a = run(&["shuffle", "-q", "--seed", "7", "-j", "1", &path]);
    let b = run(&["shuffle", "-q", "--seed", "7", "-j", "2", &path]);
    let c = run(&["shuffle", "-q", "--seed", "8", &path]);
    assert_eq!(
        a, b,
        "the same seed gives the same output on any thread count"
    );
    assert_ne!(a, c);
    let originals: Vec<Grid> = simdoku_core::testkit::bench_set("top95");
    let shuffled: Vec<Grid> = a.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(shuffled.len(), originals.len());
    let mut moved = 0;
    for (p, q) in originals.iter().zip(&shuffled) {
        assert_eq!(canonical(p), canonical(q), "an equivalent puzzle");
        assert_eq!(p.givens(), q.givens());
        assert_eq!(count(q), count(p));
        moved += usize::from(p != q);
    }
    assert!(moved > 90, "puzzles really move: {moved}");
    // A bad line keeps its place; the summary names the seed.
    let out = simdoku(
        &["shuffle", "--seed", "3"],
        format!("{TWO_SOLUTIONS}\nbad\n").as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[1], "invalid");
    assert_eq!(count(&lines[0].parse().unwrap()), 2);
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("shuffle seed 3") && stderr.contains("<stdin>:2:"),
        "{stderr}"
    );
}

#[test]
fn completions_and_man_pages() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = simdoku(&["completions", shell], b"");
        assert!(out.status.success(), "{shell}");
        let script = text(&out.stdout);
        assert!(
            script.contains("shuffle") && script.contains("empty"),
            "{shell}"
        );
    }
    assert_eq!(
        simdoku(&["completions", "tcsh"], b"").status.code(),
        Some(2)
    );
    let out = simdoku(&["man"], b"");
    assert!(out.status.success());
    let page = text(&out.stdout);
    assert!(
        page.starts_with(".ie \\n(.g") || page.contains(".TH simdoku"),
        "{}",
        &page[..200]
    );
    assert!(page.contains("shuffle") && page.contains("completions"));
    let dir = temp_dir("man");
    let out = simdoku(&["man", "--dir", &dir.to_string_lossy()], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    for page in [
        "simdoku.1",
        "simdoku-solve.1",
        "simdoku-shuffle.1",
        "simdoku-large.1",
    ] {
        let roff = std::fs::read_to_string(dir.join(page)).unwrap();
        assert!(roff.contains(".TH"), "{page}");
    }
    // A --dir that is a file: the message names it (it said only "File exists (os error 17)").
    let file = dir.join("simdoku.1").to_string_lossy().into_owned();
    let out = simdoku(&["man", "--dir", &file], b"");
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with(&format!("simdoku: {file}: ")),
        "{stderr}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn every_command_has_help_with_an_example() {
    let out = simdoku(&["--help"], b"");
    let help = text(&out.stdout);
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 16, "{commands:?}");
    for c in commands {
        let out = simdoku(&[c, "--help"], b"");
        assert!(out.status.success(), "{c}");
        let help = text(&out.stdout);
        assert!(help.contains("Example"), "{c} --help has no example");
        assert!(help.contains(&format!("simdoku {c}")), "{c}");
        // The examples run as written from the repository root: every input file they name
        // is there (they named a `puzzles.txt` that is not).
        let root = simdoku_core::testkit::bench_data_dir().join("..");
        let examples = help.lines().skip_while(|l| !l.starts_with("Example"));
        for line in examples.filter(|l| l.contains("simdoku ")) {
            let words: Vec<&str> = line.split('#').next().unwrap().split_whitespace().collect();
            for (i, w) in words.iter().enumerate() {
                let written = i > 0 && ["-o", ">", "--plot"].contains(&words[i - 1]);
                let txt = std::path::Path::new(w)
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("txt"));
                if txt && !written {
                    assert!(root.join(w).exists(), "{c} --help: {line}: no file {w}");
                }
            }
        }
    }
}

#[test]
fn no_progress_bar_when_stderr_is_not_a_terminal() {
    let path = data("top95.txt");
    for args in [
        &["rate", "--samples", "2", &path][..],
        &["canon", &path],
        &["minimize", &path],
        &["shuffle", "--seed", "1", &path],
        &["solutions", "--max", "1", &path],
        &["generate", "-n", "50", "--seed", "1"],
        &["check", &path],
        &["large", &data("large/gecode_16x16.txt")],
    ] {
        let out = simdoku(args, b"");
        assert!(out.status.success(), "{args:?}");
        let stderr = text(&out.stderr);
        for l in stderr.lines() {
            assert!(l.starts_with("simdoku: "), "{args:?}: {l:?}");
        }
        assert!(
            !stderr.contains('\u{1b}') && !stderr.contains('\r'),
            "{args:?}"
        );
        // -q: nothing at all on stderr.
        let mut quiet = args.to_vec();
        quiet.insert(1, "-q");
        let out = simdoku(&quiet, b"");
        assert!(out.stderr.is_empty(), "{quiet:?}: {}", text(&out.stderr));
    }
}

#[test]
fn unreadable_inputs_give_no_empty_report() {
    let out = simdoku(&["check", "no/such/file.txt"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "no table of 0 puzzles");
    assert!(text(&out.stderr).starts_with("simdoku: no/such/file.txt: No such file"));
    let out = simdoku(&["bench", "--passes", "1", "no/such/file.txt"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        out.stdout.is_empty(),
        "no rows of NaN: {}",
        text(&out.stdout)
    );
    // stdin is named as the other commands name it.
    let out = simdoku(&["check", "-q"], format!("{PUZZLE}\nbad\n").as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).starts_with("<stdin>: 1 puzzle,"));
    assert!(text(&out.stderr).starts_with("<stdin>:2: "));
    let out = simdoku(&["generate", "--clues", "82"], b"");
    assert_eq!(out.status.code(), Some(2));
    // An empty FILE argument (`simdoku canon "$f"` with f unset) is named as such: the message
    // was `simdoku: : No such file or directory`.
    for cmd in ["solve", "canon", "rate", "check", "large"] {
        let out = simdoku(&[cmd, "-q", ""], b"");
        assert_eq!(out.status.code(), Some(1), "{cmd}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.starts_with("simdoku: \"\": No such file"),
            "{cmd}: {stderr}"
        );
    }
}

/// Runs `simdoku ARGS` with stdout and stderr on a terminal (util-linux `script` makes one);
/// `None` where `script` is missing.
fn on_a_terminal(args: &[&str]) -> Option<String> {
    let line = std::iter::once(env!("CARGO_BIN_EXE_simdoku"))
        .chain(args.iter().copied())
        .map(|a| format!("'{a}'"))
        .collect::<Vec<_>>()
        .join(" ");
    let out = std::process::Command::new("script")
        .args(["-qec", &line, "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
        .ok()?;
    out.status.success().then(|| text(&out.stdout))
}

#[test]
fn progress_bars_show_on_a_terminal_unless_quiet() {
    let path = data("top95.txt");
    let dir = temp_dir("bars");
    let result = dir.join("out.txt").to_string_lossy().into_owned();
    let grids = data("large/gecode_16x16.txt");
    for args in [
        &["rate", "--samples", "8", "-o", &result, &path][..],
        &["minimize", "-o", &result, &path],
        &["canon", "-o", &result, &path],
        &["shuffle", "-o", &result, &path],
        &["solutions", "--max", "1", "-o", &result, &path],
        &["generate", "-n", "20", "-o", &result],
        &["check", &path],
        &["large", "-o", &result, &grids],
    ] {
        let Some(screen) = on_a_terminal(args) else {
            eprintln!("no `script` here: progress bars not checked on a terminal");
            return;
        };
        // indicatif clears its line with ESC [2K when it redraws or finishes.
        assert!(screen.contains("\u{1b}[2K"), "{args:?}: {screen:?}");
        let mut quiet = args.to_vec();
        quiet.insert(1, "-q");
        let screen = on_a_terminal(&quiet).unwrap();
        assert!(!screen.contains('\u{1b}'), "{quiet:?}: {screen:?}");
    }
    // Results on the terminal too (no -o): no bar, which was left drawn among the results
    // with the first line written after it.
    for args in [
        &["rate", "--samples", "8", &path][..],
        &["canon", &path],
        &["hint", &path],
        &["solutions", "--max", "1", &path],
        &["generate", "-n", "20", "--seed", "1"],
    ] {
        let screen = on_a_terminal(args).unwrap();
        assert!(!screen.contains('\u{1b}'), "{args:?}: {screen:?}");
        // The summary comes last, after the results (it came before the buffered results).
        let last = screen.trim_end().lines().last().unwrap();
        assert!(last.starts_with("simdoku: "), "{args:?}: {screen:?}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn output_dash_is_stdout() {
    for cmd in ["solve", "count", "canon"] {
        let out = simdoku(&[cmd, "-q", "-o", "-"], format!("{PUZZLE}\n").as_bytes());
        assert!(out.status.success(), "{cmd}");
        assert_eq!(text(&out.stdout).lines().count(), 1, "{cmd}");
    }
    assert!(
        !std::path::Path::new("-").exists(),
        "no file named - in the working directory"
    );
}

#[test]
fn output_through_a_link_replaces_the_file_it_names_not_the_link() {
    use std::os::unix::fs::symlink;
    let dir = temp_dir("link-out");
    let (real, link) = (dir.join("real.txt"), dir.join("link.txt"));
    std::fs::write(&real, "old\n").unwrap();
    symlink(&real, &link).unwrap();
    let out = simdoku(
        &["canon", "-q", "-o", &link.to_string_lossy()],
        format!("{PUZZLE}\n").as_bytes(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(is_symlink(&link), "the link itself is kept");
    let canon = std::fs::read_to_string(&real).unwrap();
    assert_eq!(canon.lines().count(), 1, "{canon}");
    assert_ne!(canon, "old\n");
    // A link into /proc (as /dev/stdout is) names the file stdout has open: replacing the link
    // with a new file lost the output (and, run as root, `-o /dev/stdout` replaced
    // /dev/stdout); it is written in place, after what the file already holds (`>>`).
    let fd1 = dir.join("fd1");
    symlink("/proc/self/fd/1", &fd1).unwrap();
    let into = dir.join("into.txt");
    std::fs::write(&into, "first\n").unwrap();
    let stdout = std::fs::OpenOptions::new()
        .append(true)
        .open(&into)
        .unwrap();
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_simdoku"))
        .args(["generate", "-q", "-n", "2", "--seed", "1", "-o"])
        .arg(&fd1)
        .env("SIMDOKU_CALIBRATE", "0")
        .stdout(stdout)
        .status()
        .unwrap();
    assert!(status.success());
    assert!(is_symlink(&fd1), "the link itself is kept");
    let written = std::fs::read_to_string(&into).unwrap();
    assert!(written.starts_with("first\n"), "{written}");
    assert_eq!(written.lines().count(), 3, "{written}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// Runs `simdoku ARGS` (stdin empty) with stdout or stderr on `/dev/full`, where every write
/// fails; `None` where there is no `/dev/full`.
fn into_a_full_disk(args: &[&str], stderr: bool) -> Option<std::process::Output> {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .ok()?;
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_simdoku"));
    cmd.args(args)
        .env("SIMDOKU_CALIBRATE", "0")
        .env("RUST_BACKTRACE", "0")
        .stdin(std::process::Stdio::null());
    if stderr {
        cmd.stdout(std::process::Stdio::null()).stderr(full);
    } else {
        cmd.stdout(full).stderr(std::process::Stdio::piped());
    }
    Some(cmd.output().unwrap())
}

#[test]
fn output_that_cannot_be_written_is_an_error_not_a_panic() {
    let dir = temp_dir("full");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, format!("{PUZZLE}\n123\n")).unwrap();
    let bad = bad.to_string_lossy().into_owned();
    let grid = dir.join("grid.txt");
    std::fs::write(&grid, "1 2 . .\n. . 1 2\n2 . . 1\n. 1 2 .\n").unwrap();
    let grid = grid.to_string_lossy().into_owned();
    // stderr that fails (`2>/dev/full`; `2>&1 | head` is the same): the messages are lost, the
    // run and its exit status are not. std's eprintln! panicked (status 101).
    for (args, code) in [
        (vec!["solve", &bad], 1),
        (vec!["explain", &bad], 1),
        (vec!["check", &bad], 1),
        (vec!["large", &bad], 1),
        (vec!["solve", "--engine", "nosuch", &bad], 2),
        (vec!["generate", "-n", "2"], 0),
    ] {
        let Some(out) = into_a_full_disk(&args, true) else {
            return;
        };
        assert_eq!(out.status.code(), Some(code), "{args:?}");
    }
    // stdout that fails in the commands that print a report (std's println! panicked), and
    // in completions (clap_complete panicked): status 1 and the reason.
    for args in [
        vec!["engines"],
        vec!["check", "-q", &bad],
        vec![
            "bench",
            "--passes",
            "1",
            "--min-time",
            "0",
            "--engines",
            "scalar",
            &bad,
        ],
        vec![
            "referee",
            "-q",
            "-n",
            "1",
            "-t",
            "1",
            "builtin:random",
            "builtin:random",
        ],
        vec!["completions", "bash"],
        vec!["large", "-q", &grid],
        // Help and version: clap's exit ignored the failed write (status 0, nothing said).
        vec!["--help"],
        vec!["generate", "-h"],
        vec!["help", "rate"],
        vec!["--version"],
    ] {
        let out = into_a_full_disk(&args, false).unwrap();
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(stderr.contains("No space left"), "{args:?}: {stderr}");
    }
    // `--output` naming a file that cannot be written: the error names it.
    if std::path::Path::new("/dev/full").exists() {
        for cmd in ["solve", "count", "canon"] {
            let out = simdoku(&[cmd, "-q", &bad, "-o", "/dev/full"], b"");
            let stderr = text(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{cmd}: {stderr}");
            assert!(
                stderr.contains("simdoku: /dev/full: No space left"),
                "{cmd}: {stderr}"
            );
        }
    }
    // A closed pipe is a quiet success there too (`simdoku engines | true`).
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_simdoku"))
        .args(["completions", "zsh"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_plot_that_cannot_be_written_fails_before_the_measurement() {
    let out = simdoku(
        &["bench", "--plot", "/nonexistent-dir/plot.svg", "-"],
        format!("{PUZZLE}\n").as_bytes(),
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("cannot write /nonexistent-dir/plot.svg"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty(), "no table: nothing was measured");
}

#[test]
fn a_thread_count_past_the_limit_is_a_usage_error() {
    // `-j 100000` spawned 100000 threads (minutes of a loaded machine), `-j` 2^64-1 never
    // ended: now exit 2 before any work, in every command that takes -j.
    let huge = "18446744073709551615";
    for args in [
        vec!["solve", "-j", "100000"],
        vec!["solve", "-j", huge],
        vec!["count", "-j", "1025"],
        vec!["check", "-j", huge],
        vec!["large", "-j", huge],
        vec!["generate", "-j", huge],
        vec!["bench", "-j", "1,100000", "-"],
    ] {
        let out = simdoku(&args, format!("{PUZZLE}\n").as_bytes());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).contains("at most 1024"), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    for j in ["0", "1", "3"] {
        let out = simdoku(&["solve", "-q", "-j", j], format!("{PUZZLE}\n").as_bytes());
        assert!(out.status.success(), "-j {j}");
    }
}

#[test]
fn check_names_the_commands_that_read_pencilmarks() {
    // check (and bench) said "solve, count and solutions only", leaving out explain, hint and
    // rate --se, which read them too.
    let marks = "123456789".repeat(81);
    for args in [
        &["check", "-q"][..],
        &["bench", "--passes", "1", "--min-time", "0", "-"],
    ] {
        let out = simdoku(args, format!("{marks}\n{PUZZLE}\n").as_bytes());
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains("<stdin>:1: pencilmark lines are read by solve, count, solutions, explain, hint and rate --se, not by check or bench"),
            "{args:?}: {stderr}"
        );
    }
}

/// Whether `path` is a symbolic link (not what it points to).
fn is_symlink(path: &std::path::Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}
