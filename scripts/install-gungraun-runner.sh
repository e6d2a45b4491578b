#!/usr/bin/env bash
# Installs gungraun-runner at the exact version of the `gungraun` dev-dependency (they must
# match). Needed only for `cargo bench --bench cycles`; `cargo test` never needs it.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's/^gungraun = "=\([0-9.]*\)".*/\1/p' Cargo.toml)
[ -n "$version" ] || { echo "gungraun version not found in Cargo.toml" >&2; exit 1; }
if command -v gungraun-runner >/dev/null && gungraun-runner --version | grep -q " $version"; then
  echo "gungraun-runner $version already installed"
  exit 0
fi
cargo install gungraun-runner --version "$version" --locked
