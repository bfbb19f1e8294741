#!/bin/sh
# Every ruleset measured the same way, as a program playing whole random games through the C
# ABI does (ludus_game_new + ludus_game_random_playout + ludus_game_free a game): instructions
# (callgrind: the same count run to run, whatever the machine's load) for the set-up of a game
# and per ply of its playout, then plies per second (timed, so only a ratio in one run means
# anything). Usage: tests/bench/rulesets.sh BUILD_DIR [GAMES] [SECONDS]
set -eu
bench=$1/tests/bench/bench
games=${2:-20}
seconds=${3:-1.0}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
instructions() {  # MODE GAMES -> total instructions; the plies in $out/plies
  valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$bench" count "$1" "$2" > "$out/plies" 2>/dev/null
  sed -n 's/^summary: //p' "$out/cg"
}
echo "instructions (callgrind), $games random games a ruleset from seed 1:"
printf '%-24s %12s %16s %18s %16s\n' ruleset "plies a game" "set-up a game" "a ply of playout" "a ply, all in"
labels=$("$bench" labels)  # every ruleset of every game of the catalogue
for label in $labels; do
  base=$(instructions "$label/setup" 0)       # start-up of the program, subtracted
  setup=$(instructions "$label/setup" "$games")
  total=$(instructions "$label/new" "$games")
  plies=$(cat "$out/plies")
  printf '%-24s %12s %16s %18s %16s\n' "$label" "$(( plies / games ))" "$(( (setup - base) / games ))" \
    "$(( (total - setup) / plies ))" "$(( (total - base) / plies ))"
done
echo
echo "timed (medians of 3 runs of $seconds s, new and clone alternating):"
"$bench" rulesets "$seconds" 3
