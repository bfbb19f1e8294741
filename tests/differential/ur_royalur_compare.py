"""Replays games of the Royal Game of Ur recorded by another engine (RoyalUr-Java's `Game` under
its `GameSettings` FINKEL, MASTERS and BLITZ, played by a harness outside this repository) and
compares every position, every set of legal moves and the result with libludus's; with
--table, compares the values of RoyalUr-Java's solved game (its `LutTrainer`) with a table of
`ludus-ur-solve` position by position; with --positions and --bellman, checks chosen positions of
a table against the one-step expectation that RoyalUr-Java's rules give over the table's values
(docs/rules/ur.md, "Checked against RoyalUr-Java").

Usage: ur_royalur_compare.py RECORDS [RECORDS ...]
       ur_royalur_compare.py --table OURS.table THEIRS.txt [LARGEST [PIECES [MIN/MAX]]]
       ur_royalur_compare.py --positions OURS.table GAMES SEED > POSITIONS.txt
       ur_royalur_compare.py --bellman OURS.table POSITIONS.txt SUCCESSORS.txt [LARGEST]

The game records are JSON lines:

    {"game": RULESET, "seed": S, "pieces": N, "dice": D, "chances": [P0, .., P4]}
    {"mover": M, "roll": V, "pos": [SIDE0, SIDE1], "moves": [[FROM, TO], ..], "chosen": [FROM, TO] | null}
    {"end": WINNER}

RULESET is "finkel", "masters" or "blitz" (the names are the same here); player 0 is RoyalUr's
light, which throws first, as libludus's player 0 does. A SIDE is [IN HAND, BORNE OFF, [PROGRESS,
..]], a progress being a piece's place along its own route (1..L), as libludus counts it; a
move goes from progress FROM (0: from the hand) to TO (L + 1: borne off). V is the value thrown
and the chances those of each value 0..4 under the ruleset's dice. The game here is given the
same throw (as binary dice: V of them marked; with three dice a throw of 4 is none marked), its
legal moves are compared as sets and the chosen move is played; the mover, the position before
each throw and the winner must agree too. Prints the counts and every mismatch; exits 1 if there
is any.

Recorded differently by design, modelled here (not differences of the rules):
- A throw of 0, or one no piece can move by: RoyalUr-Java lists no move and hands the turn over
  by itself (`SimpleRuleSet.applyRoll`); libludus lists the one move `pass` [Finkel, "a throw of
  0, or one no piece can move by, leaves only pass"]. An empty list here is {"pass"}.
- The dice: RoyalUr-Java records the value thrown, libludus the binary dice; the value is what
  the rules use and what is compared (and the chances of the values at the start of each game).

The table comparison reads the text RoyalUr-Java's trainer is dumped to, one position with light
(player 0, the mover) to throw a line: "OFF0 OFF1 | PROGRESS .. | PROGRESS .. | PERCENT", the
pieces borne off, the progresses of the mover's and the opponent's pieces on the board and the
mover's chance of winning in percent; it finds each position in our table by the index of
docs/computer-players.md ("The positions") and prints the number of positions, the largest
difference and the start's chance in both. It exits 1 unless every position of the table is
compared once and no difference exceeds LARGEST (default 1e-7: the table keeps float32, whose
rounding near 0.5 is up to 3e-8; the solvers' tolerances add less; RoyalUr-Java's own files keep
the chance in 16 bits, "percent16", up to 7.7e-6 off: give 1e-5 for them). PIECES and MIN/MAX:
see `compare_table` (a smaller game inside a larger table; a trainer's unfinished checkpoint).

The Bellman check, for a table too large for RoyalUr-Java's trainer (Masters' seven pieces):
--positions prints chosen positions, "OFF0 OFF1 | PROGRESS .. | PROGRESS .. | WHY", player 0 to
throw (`choose_positions`); the harness reads them (the first three fields) and writes a line for
each: "THROW CHANCE : AFTER : AFTER .. ; THROW CHANCE : ..", each AFTER a position "F|L|D OFF_L
OFF_D | LIGHT .. | DARK .." after one of the legal moves for that throw (or the position the turn
passes in), computed by RoyalUr-Java's `FastSimpleGame` (F: the game over; L, D: that side to
throw). --bellman then takes, for each position, the sum over the throws of the chance times
the best AFTER's value in our table, and exits 1 unless every one equals the position's own
value in our table within LARGEST (default 1e-7, float32's rounding of the values read and of
the value compared).
"""
import json
import mmap
import random
import struct
import sys
from math import comb

import ludus


def dice_for(roll, count):
    """The binary dice libludus is given for a thrown value: `roll` marked; with three dice a
    value of 4 is none marked (Masters' counting, docs/rules/ur.md)."""
    if count == 3 and roll == 4:
        return [0, 0, 0]
    return [1] * roll + [0] * (count - roll)


def move_text(move, length):
    source, target = move
    return f"{'H' if source == 0 else source}-{'O' if target == length + 1 else target}"


def position_of(game):
    """The position as the records write it: per player [in hand, borne off, [progress, ..]]."""
    p = game.position
    return [[p["hand"][side], p["off"][side], [k + 1 for k, c in enumerate(p["track"][side]) if c]] for side in (0, 1)]


def compare_games(paths):
    counts = {}
    mismatches = 0
    game = None
    name = ""
    for path in paths:
        with open(path, encoding="utf-8") as records:
            for number, line in enumerate(records, 1):
                if not line.strip():
                    continue
                record = json.loads(line)
                where = f"{path}:{number}"
                if "game" in record:
                    ruleset = record["game"]
                    game = ludus.Game("ur", ruleset=ruleset, seed=0)
                    name = f"{ruleset} seed {record['seed']}"
                    dice_count = record["dice"]
                    length = len(game.position["track"][0])
                    tally = counts.setdefault(
                        ruleset, {"games": 0, "positions": 0, "passes": 0, "captures": 0, "again": 0, "ended": 0}
                    )
                    tally["games"] += 1
                    ours = [0.0] * 5
                    for outcome in game.chance_outcomes():
                        value = sum(outcome.dice)
                        ours[
                            value if value or len(outcome.dice) == 4 else 4
                        ] += outcome.probability  # three dice: none marked moves 4
                    theirs = record["chances"] + [0.0] * (5 - len(record["chances"]))
                    hand = game.position["hand"]
                    if (
                        record["pieces"] != hand[0]
                        or dice_count != len(game.chance_outcomes()[0].dice)
                        or any(abs(a - b) > 1e-6 for a, b in zip(ours, theirs))
                    ):
                        mismatches += 1
                        print(
                            f"{where}: {name}: pieces {record['pieces']}, dice {dice_count}, chances {theirs}; "
                            f"libludus: pieces {hand[0]}, chances {ours}"
                        )
                elif "mover" in record and game is not None:
                    tally["positions"] += 1
                    if game.to_move != record["mover"] or position_of(game) != record["pos"]:
                        mismatches += 1
                        print(
                            f"{where}: {name}: libludus: player {game.to_move} to move, {position_of(game)}; "
                            f"the record: player {record['mover']}, {record['pos']}"
                        )
                        game = None
                        continue
                    game.set_dice(dice_for(record["roll"], dice_count))
                    moves = {m.text: m for m in game.legal_moves}
                    # RoyalUr-Java lists no move where libludus's only move is `pass` (see above).
                    theirs = {move_text(m, length) for m in record["moves"]} or {"pass"}
                    if set(moves) != theirs:
                        mismatches += 1
                        print(
                            f"{where}: {name}: roll {record['roll']}: libludus {sorted(moves)}, the record {sorted(theirs)}"
                        )
                        game = None
                        continue
                    chosen = "pass" if record["chosen"] is None else move_text(record["chosen"], length)
                    tally["passes"] += chosen == "pass"
                    played = moves[chosen]
                    tally["captures"] += played.captured_count > 0
                    tally["again"] += bool(played.to_dict().get("roll_again"))
                    game.play(played)
                elif "end" in record and game is not None:
                    winner = record["end"]
                    if not game.is_over or game.winner != winner:
                        mismatches += 1
                        print(f"{where}: {name}: the record's winner {winner}, libludus's result {game.result}")
                    else:
                        tally["ended"] += 1
                    game = None
    for ruleset, t in counts.items():
        print(
            f"{ruleset}: {t['games']} games ({t['ended']} to the same end), {t['positions']} positions and legal-move sets "
            f"compared ({t['passes']} of them a pass); {t['captures']} captures and {t['again']} throws again played"
        )
    print(f"{mismatches} mismatches")
    return mismatches


# Each ruleset's route for player 0 (its own row "bottom"), as docs/rules/ur.md gives it;
# player 1's is the same with top and bottom exchanged.
ROUTES = {
    "finkel": "b4 b3 b2 b1 m1 m2 m3 m4 m5 m6 m7 m8 b8 b7",
    "masters": "b4 b3 b2 b1 m1 m2 m3 m4 m5 m6 m7 t7 t8 m8 b8 b7",
}
ROUTES["blitz"] = ROUTES["masters"]


class Index:
    """The dense index of the positions of ludus-ur-solve (docs/computer-players.md, "The
    positions"; lib/ur/ur_solve.cpp), for positions seen from the mover, whose route is player 0's."""

    def __init__(self, ruleset, pieces):
        route0 = ROUTES[ruleset].split()
        route1 = [c.replace("b", "x").replace("t", "b").replace("x", "t") for c in route0]
        self.n = pieces
        shared = [c for c in route0 if c in route1]
        self.ns = len(shared)
        self.slot = []  # per side, progress -> ("p", bit) or ("s", digit)
        for route, other in ((route0, route1), (route1, route0)):
            slots, bit = {}, 0
            for k, c in enumerate(route, 1):
                if c in other:
                    slots[k] = ("s", shared.index(c))
                else:
                    slots[k] = ("p", bit)
                    bit += 1
            self.slot.append(slots)
        self.np = bit
        self.rank_private = {}
        seen = [0] * (self.np + 1)
        for m in range(1 << self.np):
            c = bin(m).count("1")
            self.rank_private[m] = seen[c]
            seen[c] += 1
        self.rank_shared = [0] * 3**self.ns
        self.words = {}
        for w in range(3**self.ns):
            cm = co = 0
            x = w
            while x:
                cm += x % 3 == 1
                co += x % 3 == 2
                x //= 3
            self.rank_shared[w] = self.words.get((cm, co), 0)
            self.words[(cm, co)] = self.rank_shared[w] + 1
        self.start = {}
        total = 0
        for om in range(pieces):
            for oo in range(pieces):
                for xm in range(self.np + 1):
                    for xo in range(self.np + 1):
                        for cm in range(self.ns + 1):
                            for co in range(self.ns + 1 - cm):
                                if xm + cm > pieces - om or xo + co > pieces - oo:
                                    continue
                                self.start[(om, oo, xm, xo, cm, co)] = total
                                total += comb(self.np, xm) * comb(self.np, xo) * self.words[(cm, co)]
        self.size = total

    def encode(self, off, progress):
        bits, word, x, c = [0, 0], 0, [0, 0], [0, 0]
        for side in (0, 1):
            for k in progress[side]:
                kind, place = self.slot[side][k]
                if kind == "p":
                    bits[side] |= 1 << place
                    x[side] += 1
                else:
                    word += 3**place * (side + 1)
                    c[side] += 1
        start = self.start[(off[0], off[1], x[0], x[1], c[0], c[1])]
        return (
            start
            + (self.rank_private[bits[0]] * comb(self.np, x[1]) + self.rank_private[bits[1]]) * self.words[(c[0], c[1])]
            + self.rank_shared[word]
        )


def read_table(path):
    """The header and the values of a table file; the values are read from a mapping of the file
    as they are looked up (Masters' seven pieces: 2 GB)."""
    with open(path, "rb") as f:
        data = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    if data[:8] != b"LUDUSURT":
        raise ValueError(f"{path}: not a table of ludus-ur-solve")
    length = struct.unpack_from("<I", data, 12)[0]
    header = json.loads(data[16 : 16 + length])
    if len(data) != 16 + length + 4 * header["states"] + 8:
        raise ValueError(f"{path}: its size does not match its states")
    values = Values(data, 16 + length)
    return header, values


class Values:
    def __init__(self, data, at):
        self.data, self.at = data, at

    def __getitem__(self, i):
        return struct.unpack_from("<f", self.data, self.at + 4 * i)[0]


def compare_table(ours_path, theirs_path, bound=1e-7, their_pieces=None, finished=None):
    """THEIRS is a dump of RoyalUr-Java's game of `their_pieces` (default: the table's); with
    fewer pieces than the table's, each of its positions is looked up with the missing pieces
    borne off on both sides, where the larger game is the same game (only the pieces still to
    bear off and those in hand are counted by the rules). With `finished`, "MIN/MAX", THEIRS is a
    trainer's checkpoint holding the groups it has finished, [MIN, MAX] (the pieces off, fewer
    first) the last: it solves them from the most pieces off down, MIN from PIECES - 1 to 0 and,
    within it, MAX from PIECES - 1 to MIN; every position of those groups must be there."""
    header, values = read_table(ours_path)
    index = Index(header["ruleset"], header["pieces"])
    if index.size != header["states"]:
        print(f"the index has {index.size} positions, the table {header['states']}")
        return 1
    pieces = their_pieces or header["pieces"]
    extra = header["pieces"] - pieces
    theirs_index = Index(header["ruleset"], pieces) if extra else index
    last = [int(v) for v in finished.split("/")] if finished else [0, 0]
    expected = sum(
        comb(index.np, xm) * comb(index.np, xo) * index.words[(cm, co)]
        for (om, oo, xm, xo, cm, co) in theirs_index.start
        if (min(om, oo), max(om, oo)) >= tuple(last)
    )
    compared, largest, where, start = 0, 0.0, "", None
    seen = set()
    with open(theirs_path, encoding="utf-8") as lines:
        for line in lines:
            off, mine, opponent, percent = line.split("|")
            off = [int(v) for v in off.split()]
            progress = [[int(v) for v in mine.split()], [int(v) for v in opponent.split()]]
            i = index.encode([off[0] + extra, off[1] + extra], progress)
            seen.add(i)
            theirs = float(percent) / 100
            difference = abs(values[i] - theirs)
            compared += 1
            if difference > largest:
                largest, where = difference, line.strip()
            if off == [0, 0] and not progress[0] and not progress[1]:
                start = (values[i], theirs)
    print(
        f"{header['ruleset']}, {pieces} pieces"
        + (f" (the table's {header['pieces']} with {extra} borne off by each)" if extra else "")
        + (f", the groups down to {finished} pieces off" if finished else "")
        + f": {compared} positions compared ({len(seen)} distinct of the {expected} positions), largest difference "
        f"{largest:.3g}" + (f" at {where}" if where else "")
    )
    if start:
        of = f" of the {pieces}-piece game" if extra else ""
        print(f"the start{of}, the first player to throw: libludus {start[0]:.9f}, RoyalUr-Java {start[1]:.9f}")
    return 0 if len(seen) == expected == compared and largest <= bound else 1


def position_text(off, progress):
    """A position with player 0 (RoyalUr's light) to throw, as the harness reads it."""
    return f"{off[0]} {off[1]} | {' '.join(map(str, progress[0]))} | {' '.join(map(str, progress[1]))}"


def mover_view(game):
    """The position before the throw, seen from the mover (their off, then their progresses)."""
    p = position_of(game)
    mover = game.to_move
    sides = (p[mover], p[1 - mover])
    return [sides[0][1], sides[1][1]], [sides[0][2], sides[1][2]]


def choose_positions(table_path, games, seed):
    """Prints the chosen positions, one a line, each tagged with why it was chosen: the start;
    every position of `games` games of each of the levels random and perfect (the first 10 plies
    "opening", then "middle" until a side has borne off half its pieces, then "ending"); and as
    many positions drawn at random from the whole table's set (any pieces borne off, any squares),
    most of them never reached in play."""
    header, _ = read_table(table_path)
    pieces, rng = header["pieces"], random.Random(seed)
    length = len(ROUTES[header["ruleset"]].split())
    chosen = {position_text([0, 0], [[], []]): "start"}
    for level in ("random", "perfect"):
        for g in range(games):
            game = ludus.Game("ur", ruleset=header["ruleset"], pieces=pieces, seed=seed + g)
            ply = 0
            while not game.is_over:
                off, progress = mover_view(game)
                phase = "opening" if ply < 10 else "middle" if max(off) < (pieces + 1) // 2 else "ending"
                chosen.setdefault(position_text(off, progress), phase)
                if game.dice is None:
                    game.roll()
                moves = game.legal_moves
                if level == "perfect":
                    game.play(game.ai_move("perfect", table=table_path, seed=seed + g))
                else:
                    game.play(moves[rng.randrange(len(moves))])
                ply += 1
    index = Index(header["ruleset"], pieces)
    route0 = ROUTES[header["ruleset"]].split()
    route1 = [c.replace("b", "x").replace("t", "b").replace("x", "t") for c in route0]
    drawn = 0
    while drawn < games * 20:
        off = [rng.randrange(pieces), rng.randrange(pieces)]
        progress = [sorted(rng.sample(range(1, length + 1), rng.randint(0, pieces - off[side]))) for side in (0, 1)]
        cells = [{route0[k - 1] for k in progress[0]}, {route1[k - 1] for k in progress[1]}]
        if cells[0] & cells[1]:
            continue
        index.encode(off, progress)  # a position of the table
        text = position_text(off, progress)
        if text not in chosen:
            chosen[text] = "drawn"
            drawn += 1
    for text, why in chosen.items():
        print(f"{text} | {why}")


def value_for_light(values, index, pieces, successor):
    """The chance of RoyalUr's light (player 0) in a position the harness wrote: "F|L|D OFF_L
    OFF_D | LIGHT.. | DARK.." (F: the game over, L or D: that side to throw)."""
    head, light, dark = successor.split("|")
    kind, off_light, off_dark = head.split()
    progress = [[int(v) for v in light.split()], [int(v) for v in dark.split()]]
    off = [int(off_light), int(off_dark)]
    if kind == "F":
        return 1.0 if off[0] == pieces else 0.0
    if kind == "L":
        return values[index.encode(off, progress)]
    return 1.0 - values[index.encode(off[::-1], progress[::-1])]


def compare_bellman(table_path, positions_path, successors_path, bound=1e-7):
    """Each chosen position's value in our table against the one-step expectation of RoyalUr-Java's
    rules over our table's values: the harness gives, per throw, its chance and the positions
    after each legal move (or the one position when the turn passes); the mover takes the best."""
    header, values = read_table(table_path)
    pieces = header["pieces"]
    index = Index(header["ruleset"], pieces)
    tally, largest, where, failures = {}, 0.0, "", 0
    with open(positions_path, encoding="utf-8") as positions, open(successors_path, encoding="utf-8") as successors:
        for position, line in zip(positions, successors):
            off, mine, opponent, why = position.split("|")
            off = [int(v) for v in off.split()]
            progress = [[int(v) for v in mine.split()], [int(v) for v in opponent.split()]]
            ours = values[index.encode(off, progress)]
            expectation = 0.0
            for throw in line.split(";"):
                head, *after = throw.split(":")
                chance = float(head.split()[1])
                expectation += chance * max(value_for_light(values, index, pieces, s) for s in after)
            difference = abs(ours - expectation)
            why = why.strip()
            tally[why] = tally.get(why, 0) + 1
            if difference > largest:
                largest, where = difference, position.strip()
            if difference > bound:
                failures += 1
            if why == "start":
                print(f"the start: our table {ours:.9f}, RoyalUr-Java's rules over our table {expectation:.9f}")
    print(
        f"{header['ruleset']}, {pieces} pieces: {sum(tally.values())} positions ("
        + ", ".join(f"{n} {why}" for why, n in tally.items())
        + f"), largest difference {largest:.3g} at {where}; {failures} over {bound:g}"
    )
    return 1 if failures or not tally else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--table"] and len(sys.argv) in (4, 5, 6, 7):
        sys.exit(
            compare_table(
                sys.argv[2], sys.argv[3], *[float(v) for v in sys.argv[4:5]], *map(int, sys.argv[5:6]), *sys.argv[6:]
            )
        )
    if sys.argv[1:2] == ["--positions"] and len(sys.argv) == 5:
        sys.exit(choose_positions(sys.argv[2], int(sys.argv[3]), int(sys.argv[4])))
    if sys.argv[1:2] == ["--bellman"] and len(sys.argv) in (5, 6):
        sys.exit(compare_bellman(*sys.argv[2:5], *[float(v) for v in sys.argv[5:]]))
    sys.exit(1 if compare_games(sys.argv[1:]) else 0)
