#!/bin/sh
# Instructions per ply (callgrind: the same count run to run, whatever the machine's load).
# Usage: tests/bench/callgrind.sh BUILD_DIR [GAMES]; MODES="latrunculi-quintana-core ..." picks other modes
set -eu
bench=$1/tests/bench/bench
games=${2:-20}
out=$(mktemp -d)
instructions() {  # MODE GAMES -> total instructions
  valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$bench" count "$1" "$2" > "$out/plies" 2>/dev/null
  sed -n 's/^summary: //p' "$out/cg"
}
# XII Scripta's rulesets too with XII_MODES="xii-murray-core xii-murray-playout ..."
printf '%-18s %10s %16s\n' mode plies instructions/ply
for mode in ${MODES:-petteia-core petteia-core-listing petteia-capi petteia-playout petteia-batch \
            duodecim-core duodecim-core-listing duodecim-capi duodecim-playout duodecim-batch ${XII_MODES:-}}; do
  base=$(instructions "$mode" 0)       # start-up, subtracted
  total=$(instructions "$mode" "$games")
  plies=$(cat "$out/plies")
  printf '%-18s %10s %16s\n' "$mode" "$plies" "$(( (total - base) / plies ))"
done
rm -rf "$out"
