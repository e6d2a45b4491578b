#!/usr/bin/env bash
# Runs every cargo-fuzz target for SECONDS each (default 60) on the nightly toolchain, seeded
# from the bundled puzzle sets. Crashes land in fuzz/artifacts/TARGET/; turn each one into a
# regression test. Needs: cargo install cargo-fuzz
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds=${1:-60}
targets=$(cargo +nightly fuzz list)
for t in $targets; do
  mkdir -p "corpus/$t"
  # Seed with a few hundred bundled puzzles, one file each.
  if [ -z "$(ls -A "corpus/$t")" ]; then
    i=0
    for f in ../bench-data/*.txt; do
      awk '!/^#/ && n++ < 50' "$f" | while IFS= read -r line; do
        printf '%s' "$line" > "corpus/$t/seed-$(basename "$f" .txt)-$((i++))"
      done
    done
  fi
  echo "== $t ($seconds s)"
  cargo +nightly fuzz run "$t" "corpus/$t" -- -max_total_time="$seconds" -max_len=4096
done
