//! JSON string literals for the JSON-lines outputs (`--format json`). The values written there
//! are digits, words, numbers and error reasons, so escaping strings is all the JSON they need.

use std::fmt::Write as _;

/// `s` as a JSON string literal: quotes, backslashes and control characters escaped.
///
/// ```
/// assert_eq!(simdoku_core::json::string("a \"b\""), r#""a \"b\"""#);
/// ```
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
