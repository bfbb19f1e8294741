"""Save a game and restore it: as JSON text, as a file, or as an in-memory copy.

Run: python3 save_restore.py
"""
import os
import tempfile

import ludus

game = ludus.Game("duodecim", seed=11)
game.roll()
game.play(game.legal_moves[0])

text = game.to_json()  # the whole game: options, history, position, generator
restored = ludus.Game.from_json(text)  # validated: the history is replayed
assert restored.to_json() == text

# The generator state is saved too: both games roll the same dice from here on.
while game.phase != ludus.Phase.ROLL:
    game.play(game.legal_moves[0])
    restored.play(restored.legal_moves[0])
assert game.roll() == restored.roll()

with tempfile.TemporaryDirectory() as directory:
    path = os.path.join(directory, "game.json")
    game.save(path)
    again = ludus.Game.load(path)
    print("loaded", again.id, "with", len(again.history), "events")

trial = game.copy()  # an independent copy, e.g. to try a move
trial.play(trial.legal_moves[-1])
print("the copy moved on:", len(trial.history), "events; the original:", len(game.history))
