//! Helpers shared by the end-to-end test files (each file uses some of them).
#![allow(dead_code)]

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

use simdoku_core::testkit::bench_data_dir;

/// Starts the built `simdoku` with `args`, writes all of `stdin` to it and closes it.
/// `auto` goes by the static ranking here (`SIMDOKU_CALIBRATE=0`): tests compare answers across
/// runs, and engines differ in the first solution of a puzzle with several; calibration has its
/// own test (`calibration_through_the_binary` in cli.rs).
fn start(args: &[&str], stdin: &[u8]) -> Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_simdoku"))
        .args(args)
        .env("SIMDOKU_CALIBRATE", "0")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run simdoku");
    // A command that exits before reading all of stdin (a usage error, `generate`) closes it.
    if let Err(e) = child.stdin.take().unwrap().write_all(stdin) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    child
}

/// Runs the built `simdoku` with `args`, feeding `stdin`; waits for it.
pub fn simdoku(args: &[&str], stdin: &[u8]) -> Output {
    start(args, stdin).wait_with_output().unwrap()
}

pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The path of a file under `bench-data/`.
pub fn data(name: &str) -> String {
    bench_data_dir().join(name).to_string_lossy().into_owned()
}

/// Runs `simdoku` with `args` and `stdin`, reads the first `bytes` of its output, then closes
/// the pipe (as `| head` does) and waits: the output of a command that must end quietly.
pub fn close_pipe_after(args: &[&str], stdin: &[u8], bytes: usize) -> Output {
    let mut child = start(args, stdin);
    let mut first = vec![0u8; bytes];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
    drop(child.stdout.take());
    child.wait_with_output().unwrap()
}

/// Peak resident memory of a running process, from /proc (Linux only).
pub fn peak_rss_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
