//! The repository README's library example is the crate README's first example, which runs as a
//! doctest (`ReadmeDoctests` in `lib.rs`). The package holds only the crate README, so the
//! repository's cannot be a doctest of its own; this keeps the two the same instead.

use std::fs;
use std::path::Path;

/// The first fenced `rust` block of a Markdown text.
fn first_rust_block(text: &str) -> &str {
    let start = text.find("```rust\n").expect("a rust block") + "```rust\n".len();
    let len = text[start..].find("```").expect("the block's end");
    &text[start..start + len]
}

#[test]
fn repository_readme_example_is_the_crate_readmes() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    // Outside the workspace (the published package) there is no repository README to compare.
    let Ok(repository) = fs::read_to_string(dir.join("../../README.md")) else {
        return;
    };
    let krate = fs::read_to_string(dir.join("README.md")).expect("the crate README");
    assert_eq!(
        first_rust_block(&repository),
        first_rust_block(&krate),
        "README.md's library example and crates/simdoku/README.md's first example differ"
    );
}
