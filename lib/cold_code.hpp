// LUDUS_COLD marks a function that runs once a move, a save or a picture, never in a playout or
// a search (reading and writing saves, the text of moves): the WebAssembly build compiles it for
// size, as lib/meson.build compiles the cold source files, where the module's bytes are what a
// visitor downloads (docs/web.md, "sizes"); the native build compiles it for speed as the rest.
// The attribute does not reach the lambdas inside such a function: a cold lambda carries it
// itself (`[]() LUDUS_COLD { ... }`).
#pragma once

#if defined(__EMSCRIPTEN__)
#  define LUDUS_COLD __attribute__((minsize))
#else
#  define LUDUS_COLD
#endif
