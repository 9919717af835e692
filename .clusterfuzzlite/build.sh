#!/bin/bash -eu
# Builds every cargo-fuzz target of Parlor into $OUT for ClusterFuzzLite / OSS-Fuzz, with:
#   $OUT/<target>                 the libFuzzer binary (cargo fuzz build -O --debug-assertions:
#                                 optimised, overflow checks and debug assertions on)
#   $OUT/<target>.options         libFuzzer options (max_len) from fuzz/options/<target>.options,
#                                 else the default below
#   $OUT/<target>_seed_corpus.zip fuzz/seeds/<target>/ + tests/fuzz-regressions/<target>/
#   $OUT/<target>.dict            fuzz/dicts/<target>.dict, when there is one
# In the service's image the source is $SRC/parlor; CI runs it locally with
# OUT=<folder> PARLOR_ROOT=<checkout> (.ci/run checks every target lands in $OUT).
# Run locally (no $SANITIZER: the services set it and pick their own sanitizers), the targets of
# fuzz/sanitizer.tsv are built with the flags it gives them (`-s none`: no AddressSanitizer;
# `--no-trace-compares`), each flag set in its own folder fuzz/target/<the flags as words>, so the
# ASan build of the others is kept, and those binaries go to $OUT.
cd "${PARLOR_ROOT:-$SRC/parlor}"
: "${OUT:?set OUT to the output folder}"
default_max_len=4096

cargo +nightly fuzz build -O --debug-assertions
triple=$(rustc +nightly -vV | sed -n 's/^host: //p')
bin_dir=fuzz/target/$triple/release
# The targets of fuzz/sanitizer.tsv and their build flags (only when no fuzzing service runs this).
declare -A flags_of=()
if [ -z "${SANITIZER:-}" ] && [ -f fuzz/sanitizer.tsv ]; then
  while IFS=$'\t' read -r target flags _; do
    flags_of[$target]=$flags
  done < <(grep -v '^#' fuzz/sanitizer.tsv | grep -v '^$')
fi
# The folder of a flag set: `-s none --no-trace-compares` -> fuzz/target/s-none-no-trace-compares.
flags_dir() { echo "$PWD/fuzz/target/$(sed 's/[^a-z]\{1,\}/-/g; s/^-//; s/-$//' <<<"$1")"; }
for target in "${!flags_of[@]}"; do
  # shellcheck disable=SC2086 # the flags are words
  cargo +nightly fuzz build -O --debug-assertions ${flags_of[$target]} --target-dir "$(flags_dir "${flags_of[$target]}")" "$target"
done
for target in $(cargo +nightly fuzz list); do
  if [ -n "${flags_of[$target]:-}" ]; then
    cp "$(flags_dir "${flags_of[$target]}")/$triple/release/$target" "$OUT/$target"
  else
    cp "$bin_dir/$target" "$OUT/$target"
  fi
  if [ -f "fuzz/options/$target.options" ]; then
    cp "fuzz/options/$target.options" "$OUT/$target.options"
  else
    printf '[libfuzzer]\nmax_len = %s\n' "$default_max_len" >"$OUT/$target.options"
  fi
  [ -f "fuzz/dicts/$target.dict" ] && cp "fuzz/dicts/$target.dict" "$OUT/$target.dict"
  # A flat zip of the seeds and the regression inputs (python3: no zip tool needed).
  python3 - "$OUT/${target}_seed_corpus.zip" "fuzz/seeds/$target" "tests/fuzz-regressions/$target" <<'PY'
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as archive:
    for folder in sys.argv[2:]:
        if os.path.isdir(folder):
            for name in sorted(os.listdir(folder)):
                path = os.path.join(folder, name)
                if os.path.isfile(path) and not name.startswith("."):
                    archive.write(path, os.path.basename(folder) + "-" + name)
PY
done
