//! End-to-end tests of the `simdoku` binary: output order, formats, exit codes, stderr.

use std::io::Write;
use std::process::{Command, Stdio};

use simdoku::Grid;
use simdoku::rules::check_solution;
use simdoku_core::testkit::{NO_SOLUTION, SOLUTION, TWO_SOLUTIONS};

mod common;
use common::{data, peak_rss_kb, simdoku, text};

#[test]
fn solves_a_bundled_set_in_input_order() {
    let path = data("top95.txt");
    let out = simdoku(&["solve", "-q", &path], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let input = std::fs::read_to_string(&path).unwrap();
    let puzzles: Vec<&str> = input
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), puzzles.len());
    for (line, p) in lines.iter().zip(&puzzles) {
        let (echo, sol) = line.split_once(',').unwrap();
        assert_eq!(echo, &p[..81]);
        check_solution(&Grid::parse(p).unwrap(), &Grid::parse(sol).unwrap()).unwrap();
    }
    assert!(text(&out.stderr).is_empty(), "-q keeps stderr quiet");
}

#[test]
fn bad_lines_keep_their_place_and_are_reported() {
    let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let conflict = format!("44{}", &p[2..]);
    let bad_char = format!("{}x{}", &p[..10], &p[11..]);
    let input = format!(
        "# a comment\r\n{p}\r\n\r\n{bad_char}\n{conflict}\n{TWO_SOLUTIONS}\n{NO_SOLUTION}\n{}",
        &p[..50]
    );
    let out = simdoku(&["solve", "--unique"], input.as_bytes());
    assert_eq!(
        out.status.code(),
        Some(1),
        "invalid lines make the exit status 1"
    );
    let stdout = text(&out.stdout);
    let words: Vec<&str> = stdout
        .lines()
        .map(|l| l.rsplit(',').next().unwrap())
        .collect();
    assert_eq!(words.len(), 6, "{stdout}");
    assert_eq!(words[0].len(), 81);
    assert_eq!(
        &words[1..],
        ["invalid", "invalid", "multiple", "none", "invalid"]
    );
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("<stdin>:4: column 11: unexpected 'x'"),
        "{stderr}"
    );
    assert!(
        stderr.contains("<stdin>:5: contradictory givens: digit 4 twice in row 1"),
        "{stderr}"
    );
    assert!(
        stderr.contains("<stdin>:8: expected 81 cells, found 50"),
        "{stderr}"
    );
    assert!(stderr.contains("3 invalid"), "summary: {stderr}");
    assert!(!stderr.contains("panicked"));
}

#[test]
fn formats_and_counts() {
    let out = simdoku(
        &["solve", "-q", "--format", "solution", "-"],
        format!("{SOLUTION}\n").as_bytes(),
    );
    assert_eq!(text(&out.stdout).trim(), SOLUTION);
    let out = simdoku(
        &["solve", "-q", "--format", "pretty"],
        format!("{SOLUTION}\n").as_bytes(),
    );
    assert!(text(&out.stdout).starts_with("4 1 7 | 3 6 9 | 8 2 5\n"));
    let input = format!(
        "{SOLUTION}\n{TWO_SOLUTIONS}\n{NO_SOLUTION}\n{}\n",
        ".".repeat(81)
    );
    let out = simdoku(
        &["count", "-q", "--limit", "10", "--format", "solution"],
        input.as_bytes(),
    );
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), "1\n2\n0\n10\n");
}

#[test]
fn errors_are_one_clear_line() {
    let out = simdoku(&["solve", "no/such/file.txt"], b"");
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("simdoku: no/such/file.txt: No such file"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked") && !stderr.contains("backtrace"));
    let out = simdoku(&["solve", "--engine", "warp"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown engine \"warp\""));
    let out = simdoku(&["solve", "--format", "yaml"], b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn binary_and_empty_input_give_clear_results() {
    let out = simdoku(&["solve", "-q"], b"");
    assert!(out.status.success() && out.stdout.is_empty());
    let out = simdoku(&["solve"], &[0u8, 159, 146, 150, 255, 10, 1, 2]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout).lines().count(), 2);
}

#[test]
fn output_file_is_written_whole() {
    let dir = std::env::temp_dir().join(format!("simdoku-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let dest = dir.join("out.csv");
    let dest_s = dest.to_string_lossy().into_owned();
    let out = simdoku(&["solve", "-q", "-o", &dest_s, &data("hardest11.txt")], b"");
    assert!(out.status.success());
    assert_eq!(std::fs::read_to_string(&dest).unwrap().lines().count(), 11);
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "no temporary file left"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let out = common::close_pipe_after(&["solve", "-q", &data("17_clue.txt")], b"", 100);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

#[test]
fn check_and_engines_commands() {
    let out = simdoku(&["check", &data("top95.txt")], b"");
    assert!(out.status.success(), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("scalar"));
    // `auto` (as in `check --help`'s example) is the engine the other commands pick.
    let out = simdoku(
        &[
            "check",
            "--engines",
            "scalar,auto",
            "--limit",
            "10",
            &data("top95.txt"),
        ],
        b"",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    assert_eq!(table.lines().count(), 4, "{table}");
    assert!(table.lines().skip(2).all(|l| l.contains(" 0 ")), "{table}");
    let out = simdoku(&["engines"], b"");
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("auto picks"));
    let out = simdoku(
        &["solve", "-q", "--engine", "scalar", "-j", "1"],
        format!("{SOLUTION}\n").as_bytes(),
    );
    assert!(out.status.success());
}

#[test]
fn a_failing_output_is_an_error() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full");
    let Ok(full) = full else { return }; // not on this system
    let out = Command::new(env!("CARGO_BIN_EXE_simdoku"))
        .args(["solve", "-q", &data("top95.txt")])
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("No space left"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_huge_line_without_newline_is_one_invalid_line() {
    let big = vec![b'1'; 10 << 20];
    let out = simdoku(&["solve", "--format", "solution"], &big);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "invalid\n");
    assert!(text(&out.stderr).contains("<stdin>:1: line longer than"));
}

#[test]
fn simdoku_engine_overrides_auto() {
    let run = |env: &str, args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_simdoku"))
            .args(args)
            .env("SIMDOKU_ENGINE", env)
            .stdin(Stdio::null())
            .output()
            .unwrap()
    };
    let out = run("nope", &["solve", &data("hardest11.txt")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown engine \"nope\""));
    let out = run("scalar", &["solve", &data("hardest11.txt")]);
    assert!(out.status.success());
    assert!(
        text(&out.stderr).contains("engine scalar"),
        "{}",
        text(&out.stderr)
    );
    // An explicit --engine wins over the variable.
    let out = run(
        "nope",
        &["solve", "--engine", "scalar", &data("hardest11.txt")],
    );
    assert!(out.status.success());
    assert!(text(&out.stdout).lines().count() == 11);
}

/// A bad `SIMDOKU_ENGINE` is named as the cause where `-e auto` fails, and `simdoku engines`
/// says so instead of "overrides auto"; `auto` in the variable overrides nothing.
#[test]
fn a_bad_simdoku_engine_is_named_where_it_fails() {
    let run = |env: &str, args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_simdoku"))
            .args(args)
            .env("SIMDOKU_ENGINE", env)
            .env("SIMDOKU_CALIBRATE", "0")
            .stdin(Stdio::null())
            .output()
            .unwrap()
    };
    for args in [
        &["solve", &data("hardest11.txt")][..],
        &["check", "--engines", "scalar,auto", &data("hardest11.txt")],
        &["bench", "--engines", "auto", &data("hardest11.txt")],
        &["solutions", &data("hardest11.txt")],
    ] {
        let out = run("nope", args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            text(&out.stderr).lines().next().unwrap_or(""),
            format!(
                "simdoku: SIMDOKU_ENGINE=nope: {}",
                simdoku::engines::by_name("nope").unwrap_err()
            ),
            "{args:?}"
        );
    }
    // Without `auto` among the engines asked for, the variable plays no part.
    let out = run("nope", &["check", "--engines", "scalar,x", "-"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("simdoku: unknown engine \"x\""));

    let stdout = |env: &str| text(&run(env, &["engines"]).stdout);
    let bad = stdout("nope");
    assert!(!bad.contains("overrides auto"), "{bad}");
    assert!(
        bad.contains("SIMDOKU_ENGINE=nope: unknown engine \"nope\""),
        "{bad}"
    );
    let good = stdout("SCALAR");
    assert!(
        good.contains("SIMDOKU_ENGINE=SCALAR overrides auto: commands run scalar"),
        "{good}"
    );
    assert!(!stdout("auto").contains("SIMDOKU_ENGINE"));
}

#[test]
fn a_long_stream_keeps_order_in_bounded_memory() {
    let puzzles: Vec<String> = std::fs::read_to_string(data("17_clue.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(1000)
        .map(String::from)
        .collect();
    const LINES: usize = 300_000;
    let mut child = Command::new(env!("CARGO_BIN_EXE_simdoku"))
        .args(["solve", "-q"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let feed = puzzles.clone();
    let writer = std::thread::spawn(move || {
        let mut w = std::io::BufWriter::new(&mut stdin);
        for i in 0..LINES {
            writeln!(w, "{}", feed[i % feed.len()]).unwrap();
        }
    });
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let (mut lines, mut peak) = (0usize, 0u64);
    let mut line = String::new();
    while std::io::BufRead::read_line(&mut stdout, &mut line).unwrap() > 0 {
        assert_eq!(
            &line[..81],
            &puzzles[lines % puzzles.len()][..81],
            "line {}",
            lines + 1
        );
        lines += 1;
        line.clear();
        if lines % 20_000 == 0 {
            peak = peak.max(peak_rss_kb(pid).unwrap_or(0));
        }
    }
    writer.join().unwrap();
    assert!(child.wait().unwrap().success());
    assert_eq!(lines, LINES);
    assert!(peak < 100 * 1024, "peak RSS {peak} kB");
}

/// `auto` by measurement, as a user meets it: the first run measures and caches, the next reads
/// the cache, `--calibrate` measures again; a corrupt cache, a cache directory that cannot be
/// made and `SIMDOKU_CALIBRATE=0` all fall back without an error; the pick is always an engine
/// this CPU runs.
#[test]
fn calibration_through_the_binary() {
    let dir = std::env::temp_dir().join(format!("simdoku-cli-calibration-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let engines = |cache: &std::path::Path, extra: &[&str], calibrate: Option<&str>| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_simdoku"));
        cmd.arg("engines")
            .args(extra)
            .env("SIMDOKU_CACHE_DIR", cache);
        cmd.env_remove("SIMDOKU_ENGINE");
        match calibrate {
            Some(v) => cmd.env("SIMDOKU_CALIBRATE", v),
            None => cmd.env_remove("SIMDOKU_CALIBRATE"),
        };
        let out = cmd.stdin(Stdio::null()).output().unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        let available: Vec<&str> = simdoku::engines::ENGINES
            .iter()
            .filter(|e| e.available())
            .map(|e| e.name)
            .collect();
        let picks: Vec<&str> = stdout
            .lines()
            .filter_map(|l| l.split("auto picks: ").nth(1))
            .map(|rest| rest.split_whitespace().next().unwrap())
            .collect();
        assert_eq!(picks.len(), 3, "{stdout}");
        assert!(picks.iter().all(|p| available.contains(p)), "{stdout}");
        stdout
    };
    let first = engines(&dir, &[], None);
    assert!(first.contains("calibrated on this CPU just now"), "{first}");
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(files.len(), 1, "one cache file for this CPU");
    let file = files[0].as_ref().unwrap().path();
    let again = engines(&dir, &[], None);
    assert!(again.contains("(cached: "), "{again}");
    let redo = engines(&dir, &["--calibrate"], None);
    assert!(redo.contains("just now"), "{redo}");
    std::fs::write(&file, "{ not json").unwrap();
    let corrupt = engines(&dir, &[], None);
    assert!(corrupt.contains("the cache was not used"), "{corrupt}");
    assert!(std::fs::read_to_string(&file).unwrap().starts_with('{'));
    assert!(engines(&dir, &[], None).contains("(cached: "), "rewritten");
    // A cache "directory" under a plain file cannot be made: measured, not cached, no error.
    let blocked = engines(&file.join("below-a-file"), &[], None);
    assert!(blocked.contains("not cached"), "{blocked}");
    let off = engines(&dir, &[], Some("0"));
    assert!(off.contains("static ranking (calibration off"), "{off}");
    assert!(!off.contains("taken as unset"), "{off}");
    // A value that is neither on nor off does what unset does, and `engines` says so (it was
    // taken as unset without a word).
    let typo = engines(&dir, &[], Some("of"));
    assert!(typo.contains("(cached: "), "{typo}");
    assert!(
        typo.contains("SIMDOKU_CALIBRATE=\"of\" is neither 0/off/no/false (off) nor"),
        "{typo}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
