//! End-to-end tests of `simdoku large`.

use simdoku_core::testkit::bench_data_dir;
use simdoku_large::text;

mod common;
use common::simdoku;

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
    assert!(err.starts_with("-:3: row 2 has 3 values"), "{err}");
    let out = simdoku(
        &["large", "--timeout", "0.001", &large("121x121_g50.txt")],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stdout).unwrap().contains("timed out"));
}
