//! End-to-end tests of `simdoku play` and `simdoku referee`.

use simdoku::game::Action;

mod common;
use common::simdoku;

#[test]
fn play_speaks_the_protocol() {
    let out = simdoku(&["play", "--seed", "3", "--time", "5"], b"Start\n\nQuit\n");
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{stdout}");
    assert!(matches!(Action::parse(lines[0]), Some(Action::Place(_))));
    // Second player: answers the opponent's move elsewhere.
    let out = simdoku(&["play", "-s", "random", "--seed", "4"], b"Ee5\nQuit\n");
    let reply = Action::parse(String::from_utf8(out.stdout).unwrap().trim()).unwrap();
    assert_ne!(reply.placed().unwrap().cell, 40);
}

#[test]
fn play_does_not_play_an_illegal_move_of_the_opponent() {
    // The opponent plays on the cell it filled (another digit, then the same), then a digit its
    // row holds: each was played (a digit overwritten, a grid without solutions claimed with
    // `!`). Now none is played nor answered, each is named on stderr, and the game goes on from
    // the grid as it was.
    let out = simdoku(
        &["play", "-s", "random", "--seed", "4"],
        b"Ee5\nEe6\nEe5\nEf5\nQuit\n",
    );
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(
        matches!(Action::parse(stdout.trim()), Some(Action::Place(_))),
        "{stdout}"
    );
    for (m, why) in [
        ("Ee6", "its cell already holds a digit"),
        ("Ee5", "its cell already holds a digit"),
        ("Ef5", "its row, column or box already holds the digit"),
    ] {
        assert!(
            stderr.contains(&format!("ignoring illegal move \"{m}\": {why}")),
            "{m}: {stderr}"
        );
    }
    // Our own last move played back at us is refused the same way.
    let ours = stdout.trim().to_string();
    let input = format!("Ee5\n{ours}\nQuit\n");
    let out = simdoku(&["play", "-s", "random", "--seed", "4"], input.as_bytes());
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 1);
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("already holds a digit")
    );
}

#[test]
fn referee_runs_programs_and_builtins() {
    let me = env!("CARGO_BIN_EXE_simdoku");
    let player = format!("{me} play --strategy random");
    let out = simdoku(
        &[
            "referee",
            "-n",
            "2",
            "-t",
            "5",
            "--log",
            &player,
            "builtin:random",
        ],
        b"",
    );
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("correct claim"), "{stdout}");
    assert_eq!(stdout.matches("\ngame ").count(), 2, "{stdout}");
    // A player printing garbage loses every game 0-2.
    let out = two_games_against_random("echo junk");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("unparsable move: 2"), "{stdout}");
    // A bad strategy name is a usage error.
    let out = simdoku(&["referee", "builtin:nope", "builtin:random"], b"");
    assert_eq!(out.status.code(), Some(2));
    // So is a match of no games (it printed an empty table and exited 0).
    let out = simdoku(
        &["referee", "-n", "0", "builtin:random", "builtin:random"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    // So is no time at all: every game was lost on time before its first move (status 1 and
    // the player blamed for "saying nothing").
    let out = simdoku(
        &["referee", "-t", "0", "builtin:random", "builtin:random"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("-t 0"));
    assert!(out.stdout.is_empty());
    // A time past what a Duration holds said "cannot convert float seconds to Duration: value
    // is either too big or NaN": now the allowed range, for referee and play alike.
    for (args, says) in [
        (
            &["referee", "-t", "1e30", "builtin:random", "builtin:random"][..],
            "-t 1e30: the thinking time is a number of seconds above 0 and at most 86400",
        ),
        (
            &["referee", "-t", "NaN", "builtin:random", "builtin:random"],
            "-t NaN: the thinking time",
        ),
        (
            &["play", "-t", "100000"],
            "-t 100000: the thinking time is a number of seconds from 0 to 86400",
        ),
        // A negative time was "unexpected argument '-1'" (read as an option).
        (
            &["play", "-t", "-1"],
            "-t -1: the thinking time is a number of seconds from 0 to 86400",
        ),
    ] {
        let out = simdoku(args, b"Start\nQuit\n");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(!stderr.contains("Duration"), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty());
    }
    // A command that does not run (a typo) loses every game by a crash, and the run says so
    // and fails instead of passing the table off as a match.
    let out = two_games_against_random("no-such-player-xyz");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("player B (no-such-player-xyz) said nothing in any game"),
        "{stderr}"
    );
    assert!(!stderr.contains("player A"), "{stderr}");
    // A player that never had a turn (its opponent, moving first, lost at once in the one
    // game) is not blamed for saying nothing: only the one that did not answer is.
    let (out, stderr) = one_game("no-such-player-xyz", "builtin:random");
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("player A (no-such-player-xyz) said nothing in any game"),
        "{stderr}"
    );
    assert!(!stderr.contains("player B"), "{stderr}");
    // Nor when the first player's one move was not a move (the game ends there): it said
    // something, so neither is blamed.
    let (out, stderr) = one_game("echo junk", "builtin:random");
    assert!(out.status.success(), "{stderr}");
    assert!(!stderr.contains("said nothing"), "{stderr}");
}

/// One game of 2 s between `a` and `b`: the run and its stderr.
fn one_game(a: &str, b: &str) -> (std::process::Output, String) {
    let out = simdoku(&["referee", "-n", "1", "-t", "2", a, b], b"");
    let stderr = String::from_utf8(out.stderr.clone()).unwrap();
    (out, stderr)
}

/// A match of two games of 2 s between the built-in random player (A) and `b`.
fn two_games_against_random(b: &str) -> std::process::Output {
    simdoku(&["referee", "-n", "2", "-t", "2", "builtin:random", b], b"")
}

#[test]
fn play_goes_on_when_stderr_fails() {
    // Notes to stderr (`ignoring unexpected input`, -v) panicked when stderr could not be
    // written (`2>/dev/full`): status 101 and the game lost.
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_simdoku"))
        .args(["play", "-v", "-s", "random", "--seed", "4"])
        .env("RUST_BACKTRACE", "0")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(full)
        .spawn()
        .unwrap();
    std::io::Write::write_all(child.stdin.as_mut().unwrap(), b"junk\nEe5\nQuit\n").unwrap();
    drop(child.stdin.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let reply = String::from_utf8(out.stdout).unwrap();
    assert!(Action::parse(reply.trim()).is_some(), "{reply}");
}
