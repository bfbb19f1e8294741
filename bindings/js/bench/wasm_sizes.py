#!/usr/bin/env python3
"""What ludus.wasm is made of: the bytes of each function's code, attributed by its (demangled)
name to a game and to a layer, and the module's other sections (data: tables and strings).

    python3 bindings/js/bench/wasm_sizes.py MODULE.wasm [--top N]

The module needs a name section: link a copy with `--profiling-funcs` added to the link's flags
(the names change neither the code nor its size). Bytes are the raw code, before gzip; the
shares are what matters (gzip shrinks the kinds of code about alike).
"""
import argparse
import collections
import pathlib
import re
import subprocess
import sys

SECTIONS = {
    0: "custom",
    1: "type",
    2: "import",
    3: "function",
    5: "memory",
    6: "global",
    7: "export",
    8: "start",
    9: "element",
    10: "code",
    11: "data",
    12: "data count",
    13: "tag",
    4: "table",
}
LIB = pathlib.Path(__file__).resolve().parents[3] / "lib"
WORD = re.compile(r"\b(?:struct|class|namespace|enum class)\s+(\w+)")


def game_patterns():
    """A game's code by its names: the types and namespaces its folder's headers declare (a game's
    folder holds its schema), lowercase, those no other game declares and long enough not to occur
    by chance, and its id; the first game one of whose names a function's name contains is its
    game."""
    names = {
        folder.name: {word.lower() for header in folder.glob("*.hpp") for word in WORD.findall(header.read_text())}
        for folder in sorted(LIB.iterdir())
        if (folder / f"{folder.name}.schema.json").exists()
    }
    counts = collections.Counter(word for words in names.values() for word in words)
    return tuple(
        (
            game,
            (
                f"::{game}",
                *([game.replace("_", "")] if len(game) >= 5 else []),
                *sorted(w for w in words if counts[w] == 1 and len(w) >= 7),
            ),
        )
        for game, words in names.items()
    )


GAMES = game_patterns()
# The first pattern a name contains decides its layer (lowercase).
LAYERS = (
    ("json library (nlohmann)", ("nlohmann",)),
    ("solver / solved table", ("ur_solve", "::solve", "solved", "solution")),
    ("players (search, nets)", ("::ai", "uct", "alphabeta", "td_net", "search", "player", "_ai", "evaluat")),
    ("pictures (SVG)", ("render", "svg", "picture", "draw")),
    ("C ABI", ("ludus_",)),
    (
        "C++ library (std::)",
        ("std::", "__cxx", "__cxa", "operator new", "operator delete", "locale", "printf", "strto"),
    ),
    ("rules", ("ludus::",)),
)


def leb(data, at):
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def read_module(data):
    assert data[:4] == b"\0asm", "not a WebAssembly module"
    at, sections, bodies, names, imported = 8, collections.Counter(), [], {}, 0
    while at < len(data):
        kind, at = leb(data, at)
        size, at = leb(data, at)
        end = at + size
        if kind == 0:
            name_length, name_at = leb(data, at)
            name = data[name_at : name_at + name_length].decode()
            sections[f"custom: {name}"] += size
            if name == "name":
                sub_at = name_at + name_length
                while sub_at < end:
                    sub_kind, sub_at = leb(data, sub_at)
                    sub_size, sub_at = leb(data, sub_at)
                    if sub_kind == 1:
                        count, entry = leb(data, sub_at)
                        for _ in range(count):
                            index, entry = leb(data, entry)
                            length, entry = leb(data, entry)
                            names[index] = data[entry : entry + length].decode(errors="replace")
                            entry += length
                    sub_at += sub_size
        else:
            sections[SECTIONS.get(kind, str(kind))] += size
            if kind == 2:
                count, entry = leb(data, at)
                for _ in range(count):
                    for _ in range(2):
                        length, entry = leb(data, entry)
                        entry += length
                    import_kind = data[entry]
                    entry += 1
                    if import_kind == 0:
                        imported += 1
                        _, entry = leb(data, entry)
                    elif import_kind == 1:
                        entry += 1
                        flags, entry = leb(data, entry)
                        _, entry = leb(data, entry)
                        if flags & 1:
                            _, entry = leb(data, entry)
                    elif import_kind == 2:
                        flags, entry = leb(data, entry)
                        _, entry = leb(data, entry)
                        if flags & 1:
                            _, entry = leb(data, entry)
                    elif import_kind == 3:
                        entry += 2
                    else:
                        _, entry = leb(data, entry)
            if kind == 10:
                count, entry = leb(data, at)
                for _ in range(count):
                    body_size, body_at = leb(data, entry)
                    bodies.append(body_at + body_size - entry)
                    entry = body_at + body_size
        at = end
    functions = [(names.get(imported + i, f"function {imported + i}"), size) for i, size in enumerate(bodies)]
    return sections, functions


def demangle(names):
    result = subprocess.run(["llvm-cxxfilt"], input="\n".join(names), capture_output=True, text=True, check=True)
    return result.stdout.split("\n")[: len(names)]


def attribute(name):
    # The function's own name, not its parameters' types (most take or return a JSON value).
    lower = name.split("(")[0].lower()
    game = next((g for g, patterns in GAMES if any(p in lower for p in patterns)), "shared")
    layer = next((layer for layer, patterns in LAYERS if any(p in lower for p in patterns)), "other (runtime, libc)")
    return game, layer


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("module")
    parser.add_argument("--top", type=int, default=15, help="the largest functions to list")
    args = parser.parse_args()
    with open(args.module, "rb") as f:
        sections, functions = read_module(f.read())
    if not any(not n.startswith("function ") for n, _ in functions):
        sys.exit("no function names: link with --profiling-funcs")
    names = demangle([n for n, _ in functions])
    by_game, by_layer, by_both = collections.Counter(), collections.Counter(), collections.Counter()
    for name, (_, size) in zip(names, functions):
        game, layer = attribute(name)
        by_game[game] += size
        by_layer[layer] += size
        by_both[game, layer] += size
    code = sum(size for _, size in functions)
    print(f"sections of {args.module} (bytes):")
    for section, size in sections.most_common():
        print(f"  {size:9d}  {section}")
    print(f"\ncode by game ({len(functions)} functions, {code} bytes):")
    for game, size in by_game.most_common():
        print(f"  {size:9d}  {100 * size / code:5.1f}%  {game}")
    print("\ncode by layer:")
    for layer, size in by_layer.most_common():
        print(f"  {size:9d}  {100 * size / code:5.1f}%  {layer}")
    print("\ncode by game and layer:")
    for (game, layer), size in by_both.most_common():
        print(f"  {size:9d}  {100 * size / code:5.1f}%  {game} / {layer}")
    print(f"\nthe {args.top} largest functions:")
    for name, (_, size) in sorted(zip(names, functions), key=lambda item: -item[1][1])[: args.top]:
        print(f"  {size:9d}  {name[:160]}")


if __name__ == "__main__":
    main()
