#!/bin/sh
# Installs the build into a temporary DESTDIR, then builds tests/capi/install_consumer.c against the
# installed header and library found through pkg-config alone, and runs it.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR
# The install prefix is whatever the build was configured with (default /usr/local): the files
# land under DESTDIR/PREFIX, and PKG_CONFIG_SYSROOT_DIR makes pkg-config's paths point there.
set -eu
build=$1
source=$2
cc=${CC:-cc}
meson=${MESON:-meson}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ludus-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
root=$tmp/root

fail() { echo "install test: $*" >&2; echo "0 passed, 1 failed"; exit 1; }

"$meson" install -C "$build" --no-rebuild --quiet --destdir "$root" >"$tmp/install.log" 2>&1 ||
  { cat "$tmp/install.log" >&2; fail "meson install failed"; }

pc=$(find "$root" -name ludus.pc -path '*/pkgconfig/*' | head -n 1)
[ -n "$pc" ] || fail "no ludus.pc installed under $root"
header=$(find "$root" -path '*/include/ludus/ludus.h' | head -n 1)
[ -n "$header" ] || fail "no include/ludus/ludus.h installed under $root"

export PKG_CONFIG_PATH="$(dirname "$pc")"
export PKG_CONFIG_LIBDIR="$(dirname "$pc")"   # only the installed file, never a system ludus.pc
export PKG_CONFIG_SYSROOT_DIR="$root"
cflags=$(pkg-config --cflags ludus) || fail "pkg-config --cflags ludus failed"
libs=$(pkg-config --libs ludus) || fail "pkg-config --libs ludus failed"
echo "pkg-config --cflags: $cflags"
echo "pkg-config --libs:   $libs"

# pkg-config must point into the DESTDIR (a system copy must not be picked up by mistake).
libdir=""
for word in $libs; do
  case $word in -L*) libdir=${word#-L} ;; esac
done
case $libdir in "$root"/*) ;; *) fail "pkg-config --libs does not point into $root: $libs" ;; esac
[ -e "$libdir/libludus.so" ] || fail "$libdir/libludus.so is missing"
case $cflags in
  *-I"$root"/*) ;;
  "") # pkg-config leaves out a system include directory (prefix /usr): add the installed one
      cflags="-I$(dirname "$(dirname "$header")")" ;;
  *) fail "pkg-config --cflags does not point into $root: $cflags" ;;
esac

# The soname carries the ABI major version.
soname=$(objdump -p "$libdir/libludus.so" 2>/dev/null | awk '$1 == "SONAME" { print $2 }')
case $soname in libludus.so.[0-9]*) ;; *) fail "unexpected soname '$soname'" ;; esac
[ -e "$libdir/$soname" ] || fail "$libdir/$soname is not installed"

# shellcheck disable=SC2086
"$cc" -std=c99 -Wall -Wextra -Werror -o "$tmp/consumer" "$source/tests/capi/install_consumer.c" $cflags $libs -Wl,-rpath,"$libdir" ||
  fail "the consumer does not compile against the installed files"

# It must load the installed library, not the one in the build tree or the system.
resolved=$(LD_LIBRARY_PATH="$libdir" ldd "$tmp/consumer" | awk '/libludus/ { print $3 }')
case $resolved in "$root"/*) ;; *) fail "the consumer loads '$resolved', not the installed library" ;; esac

LD_LIBRARY_PATH="$libdir" "$tmp/consumer" 11 && LD_LIBRARY_PATH="$libdir" "$tmp/consumer" 12
