#!/bin/sh
# The instructions of ludus_game_new for every ruleset, each call counted alone (callgrind,
# counting inside ludus_game_new with a profile dumped after each call: the same count run to
# run), averaged over the games after the first: the same options text each game (seed 1), a seed
# of its own each game (written first and last in turn), and no seed (each game draws one).
# Usage: tests/bench/setup.sh BUILD_DIR [GAMES]
set -eu
bench=$1/tests/bench/bench
games=${2:-20}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
mean() {  # FIRST LAST -> the mean of the calls FIRST..LAST
  total=0
  for i in $(seq "$1" "$2"); do total=$(( total + $(sed -n 's/^summary: //p' "$out/cg.$i") )); done
  echo $(( total / ($2 - $1 + 1) ))
}
echo "instructions of ludus_game_new a game after the first, $games games of each kind a ruleset:"
printf '%-24s %12s %18s %10s %12s\n' ruleset "same text" "a seed each game" "no seed" "first game"
labels=$("$bench" labels)  # every ruleset of every game of the catalogue
for label in $labels; do
  rm -f "$out"/cg*
  # LD_BIND_NOW: the loader's lazy binding of a function's first call, once a process, is not
  # counted in the game that first calls it
  LD_BIND_NOW=1 valgrind --tool=callgrind --toggle-collect=ludus_game_new --dump-after=ludus_game_new \
    --callgrind-out-file="$out/cg" "$bench" count "$label/setup-all" "$games" > /dev/null 2>&1
  printf '%-24s %12s %18s %10s %12s\n' "$label" "$(mean 2 "$games")" "$(mean $((games + 1)) $((2 * games)))" \
    "$(mean $((2 * games + 1)) $((3 * games)))" "$(mean 1 1)"
done
