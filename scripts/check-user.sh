#!/usr/bin/env bash
# A new user's first try: a fresh cargo project outside the workspace that depends on the
# `simdoku` crate by path, builds, and runs the tour example (every item of the public API) as
# its main. Run by .ci/run; artifacts are kept in target/user-check so reruns are incremental.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
cargo new --quiet --bin first-try
cd first-try
cat >> Cargo.toml <<TOML
simdoku = { path = "$root/crates/simdoku" }
TOML
# Same dependency versions as the workspace (the lock file is pruned to what is used).
cp "$root/Cargo.lock" .
cp "$root/crates/simdoku/examples/tour.rs" src/main.rs
CARGO_TARGET_DIR="$root/target/user-check" cargo run --quiet > out.txt
grep -q '^auto picks ' out.txt
grep -q '^canonical ' out.txt
echo "user check: a fresh project built and ran the tour ($(wc -l < out.txt) lines)"
