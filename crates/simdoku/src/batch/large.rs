//! Large grids' files as `simdoku large` reads them: the text forms of
//! [`simdoku_large::text`], or a JSON document holding grids of any size (`json.dump(grid, f)`
//! of a list of N rows, a web service's `{"board": [[...], ...]}`).

use simdoku_large::text::{self, Puzzle, TextError};

use super::json;

/// Every grid of a large grids' file, in order, handed to `each` as it is read: a JSON
/// document (an input of at most 64 MiB that starts with `[` or `{` and is JSON as a whole) is searched for
/// grids, anything else is read by [`text::parse_each`]. In JSON a grid is an array of N rows,
/// each an array of N values (numbers, whole floats such as `5.0` among them, as `json.dump`
/// writes a numpy float array; `null` or `""` empty; strings of digits), N from 4 to 400;
/// N x N values in one array; a string of N x N cell characters (the line form), or an array of
/// N such strings of N; objects are searched field by field (fields named like
/// `solution` or `answer` left out). Rows of values that are no grid give their error with
/// the line it is on; strings and flat arrays that are no grid (ids, hashes) are skipped, and
/// a document without a grid is one error.
///
/// ```
/// use simdoku::batch::parse_large_each;
/// let doc = "{\"board\": [[1, 0, 0, 0],\n [0, 0, 3, 0],\n [0, 4, 0, 0],\n [0, 0, 0, 2]]}";
/// let mut grids = Vec::new();
/// parse_large_each(doc, &mut |r| grids.push(r.unwrap()));
/// assert_eq!((grids.len(), grids[0].grid.side(), grids[0].line), (1, 4, 1));
/// assert_eq!(grids[0].grid.get(3, 3), 2);
/// ```
pub fn parse_large_each(input: &str, each: &mut dyn FnMut(Result<Puzzle, TextError>)) {
    let body = input.strip_prefix('\u{feff}').unwrap_or(input).trim_start();
    // (Held as a tree of values: only documents of a bounded size, as for the 9x9 reader.)
    let found = if body.starts_with(['[', '{']) && input.len() <= json::MAX_DOCUMENT {
        json::large_texts(input.as_bytes())
    } else {
        None
    };
    let Some(found) = found else {
        return text::parse_each(input, each);
    };
    let mut any = false;
    for g in found {
        let mut read = Vec::new();
        text::parse_each(&g.text, &mut |r| read.push(r));
        let one_grid = read.len() == 1 && read[0].is_ok();
        if !(g.rows || one_grid) {
            continue;
        }
        // Rows that are no grid are one error (the text reader gives one a line it tried).
        if read.iter().all(Result::is_err) {
            read.truncate(1);
        }
        // Lines of the grid's text are lines of the document.
        let line = |l: usize| g.lines[l.clamp(1, g.lines.len()) - 1] as usize;
        for r in read {
            any = true;
            each(match r {
                Ok(p) => Ok(Puzzle {
                    line: line(p.line),
                    ..p
                }),
                Err(e) => Err(TextError {
                    line: line(e.line),
                    reason: e.reason,
                }),
            });
        }
    }
    if !any {
        each(Err(TextError {
            line: 1,
            reason: "JSON without a grid in it (N rows of N values, N x N values, or a string \
                     of N x N cells)"
                .into(),
        }));
    }
}

/// [`parse_large_each`]'s grids in a vector.
///
/// ```
/// let grids = simdoku::batch::parse_large("[\"1...\", \"..3.\", \".4..\", \"...2\"]");
/// assert_eq!(grids.len(), 1);
/// assert_eq!(grids[0].as_ref().unwrap().grid.get(1, 2), 3);
/// ```
pub fn parse_large(input: &str) -> Vec<Result<Puzzle, TextError>> {
    let mut out = Vec::new();
    parse_large_each(input, &mut |r| out.push(r));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (line, side, cells) of a grid, or (line, reason) of an error.
    type Read = Result<(usize, usize, Vec<u16>), (usize, String)>;

    fn read(doc: &str) -> Vec<Read> {
        parse_large(doc)
            .into_iter()
            .map(|r| {
                r.map(|p| (p.line, p.grid.side(), p.grid.cells().to_vec()))
                    .map_err(|e| (e.line, e.reason))
            })
            .collect()
    }

    const CELLS: [u16; 16] = [1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2];

    #[test]
    fn json_grids_in_every_form_read_as_their_cells() {
        let want = |line| Ok((line, 4, CELLS.to_vec()));
        // Rows of numbers, indented one value a line (`json.dump(g, f, indent=1)`): the grid
        // is at the line of its first row.
        let indented = "[\n [\n  1,\n  0,\n  0,\n  0\n ],\n [0, 0, 3, 0],\n [0, 4, 0, 0],\n                         [0, 0, 0, 2]\n]";
        assert_eq!(read(indented), [want(2)]);
        // null and "" empty, digits as strings; a flat array; strings of cells.
        assert_eq!(
            read("[[\"1\", null, \"\", 0], [0, 0, \"3\", 0], [0, 4, 0, 0], [0, 0, 0, 2]]"),
            [want(1)]
        );
        assert_eq!(read("[1,0,0,0, 0,0,3,0, 0,4,0,0, 0,0,0,2]"), [want(1)]);
        assert_eq!(read("[\"1.....3..4.....2\"]"), [want(1)]);
        assert_eq!(
            read("{\"rows\": [\"1...\", \"..3.\", \".4..\", \"...2\"]}"),
            [want(1)]
        );
        // JSON Lines of objects; ids, names and answers left out.
        let lines = "{\"id\": \"a1b2c3d4e5f6a7b8\", \"name\": \"x\", \"board\": [[1,0,0,0],[0,0,3,0],[0,4,0,0],[0,0,0,2]], \
                     \"solution\": [[1,2,3,4],[3,4,1,2],[2,3,4,1],[4,1,2,3]]}\n\
                     {\"id\": 7, \"board\": \"1.........3..4..\"}";
        let got = read(lines);
        assert_eq!(got.len(), 2);
        assert_eq!(got[0], want(1));
        assert_eq!(got[1].as_ref().map(|g| (g.0, g.1)), Ok((2, 4)));
        // A 9x9 as 81 values and a 16x16 as rows: any size.
        let nine = format!("[{}]", ["0"; 81].join(","));
        assert_eq!(read(&nine)[0].as_ref().map(|g| g.1), Ok(9));
        let row = format!("[{}]", ["0"; 16].join(","));
        let sixteen = format!("[{}]", vec![row; 16].join(","));
        assert_eq!(read(&sixteen)[0].as_ref().map(|g| g.1), Ok(16));
    }

    #[test]
    fn json_floats_that_are_whole_read_as_values_and_fractions_are_named() {
        // `json.dump(arr.tolist(), f)` of a numpy float array, on one line and indented.
        let floats = "[[1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 3.0, 0.0], [0.0, 4.00, 0.0, 0.0], \
                      [0.0, 0.0, 0.0, 2.0]]";
        assert_eq!(read(floats), [Ok((1, 4, CELLS.to_vec()))]);
        let indented = floats.replace(", ", ",\n  ");
        assert_eq!(read(&indented), [Ok((1, 4, CELLS.to_vec()))]);
        assert_eq!(
            read("[1.0,0,0,0, 0,0,3.0,0, 0,4,0,0, 0,0,0,2.0]"),
            [Ok((1, 4, CELLS.to_vec()))]
        );
        // A fraction is no value: the error names it with its row and column in the grid, as
        // every row is on line 1.
        let got = read(&floats.replace("3.0", "2.5"));
        assert_eq!(
            got,
            [Err((
                1,
                "`2.5` (row 2, column 3) is not a whole number".into()
            ))]
        );
        let got = read(&floats.replace("4.00", "4.5"));
        assert!(
            matches!(&got[..], [Err((1, r))] if r.contains("`4.5` (row 3, column 2)")),
            "{got:?}"
        );
    }

    #[test]
    fn json_that_holds_no_grid_says_so_and_text_reads_as_text() {
        // Rows that are no grid: one error, at the line of the grid.
        let bad = read("{\n\"board\":\n[[1,2,3],[1,2,3],[1,2,3],[1,2,3,4]]}");
        assert_eq!(bad.len(), 1);
        assert!(
            matches!(&bad[0], Err((3, r)) if r.contains("row")),
            "{bad:?}"
        );
        let out_of_range = read("[[1,0,0,0],[0,0,3,0],[0,9,0,0],[0,0,0,2]]");
        assert!(matches!(&out_of_range[0], Err((1, r)) if r.contains("out of range")));
        // A long list of small arrays is no grid's rows (nor read as one to say so).
        let many = format!("[{}]", vec!["[1,2,3]"; 1000].join(","));
        for doc in [
            "{\"a\": 1}",
            "[\"a1b2c3d4e5f6a7b8\"]",
            "[[1, 2], [3, 4]]",
            &many,
        ] {
            let got = read(doc);
            assert!(
                matches!(&got[..], [Err((1, r))] if r.starts_with("JSON without a grid")),
                "{doc}: {got:?}"
            );
        }
        // Not JSON as a whole: the text forms.
        assert_eq!(
            read("1...\n..3.\n.4..\n...2\n"),
            [Ok((1, 4, CELLS.to_vec()))]
        );
        // A line that starts with `[` but is no JSON is read as text too.
        let got = read("[1...]\n");
        assert!(
            matches!(&got[..], [Err((1, r))] if !r.starts_with("JSON")),
            "{got:?}"
        );
    }
}
