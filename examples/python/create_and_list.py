"""Create a game and list its legal moves.

Run: python3 create_and_list.py
"""
import ludus

# The catalogue: every game with its options (types, defaults, ranges).
for entry in ludus.games():
    print(entry["id"], "-", entry["name"], "- options:", ", ".join(sorted(entry["options"])))

# Options are keywords (or a dict). A seed makes everything random repeatable.
with ludus.Game("petteia", rows=8, cols=8, seed=7) as game:
    print(game)  # the library's text diagram
    print("phase:", game.phase, "- to move: player", game.to_move)

    moves = game.legal_moves  # a list of Move objects
    print(len(moves), "legal moves:", " ".join(moves.texts))
    first = moves[0]
    print("first:", first.text, "from", first.from_, "to", first.to, "captures", first.captures)
    print("is b2-b5 legal?", "b2-b5" in moves)
    print("is b2-c3 legal?", "b2-c3" in moves)
# Leaving the `with` block released the library's handle (game.close() does it too).
