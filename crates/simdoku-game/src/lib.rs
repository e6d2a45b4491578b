//! The `CodeCup` 2024 Sudoku game: a player and a referee.
#![forbid(unsafe_code)]
