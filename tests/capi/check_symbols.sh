#!/bin/sh
# Compares the functions the shared object exports with the committed list (capi/symbols.txt):
# any difference, or any exported symbol without the ludus_ prefix, fails.
set -eu
library=$1
expected=$2
actual=$(nm -D --defined-only "$library" | awk '$2 != "A" { sub(/@.*/, "", $3); print $3 }' | sort)
status=0
stray=$(printf '%s\n' "$actual" | grep -v '^ludus_' || true)
if [ -n "$stray" ]; then
  echo "exported symbols without the ludus_ prefix:"; printf '%s\n' "$stray"; status=1
fi
if ! printf '%s\n' "$actual" | diff -u "$expected" - ; then
  echo "the exported symbols differ from $expected (- listed, + exported)"; status=1
fi
[ $status -eq 0 ] && echo "1 passed, 0 failed: $(printf '%s\n' "$actual" | wc -l) symbols match $expected"
exit $status
