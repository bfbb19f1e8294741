"""Play moves in every way the package accepts, and take one back.

Run: python3 play_moves.py
"""
import ludus

game = ludus.Game("petteia", rows=7, cols=5, seed=1)

game.play("b2-b4")  # the move's text
move = game.legal_moves[0]  # a Move from the list
game.play(move)
game.play({"from": "c2", "to": "c3"})  # any part of a move's JSON that names exactly one move

for event in game.history:  # what happened so far
    print(f"player {event['player']}: {event['text']}")

game.undo()  # take back the last move
print("after undo:", [e["text"] for e in game.history])

# The fast integer path, for programs that search: no strings, no JSON.
actions = game.actions()
print(len(actions), "actions; the first is", actions[0], "=", game.action_text(actions[0]))
game.apply_action(actions[0])

print(game)
print("result:", game.result, "- winner:", game.winner)
game.close()
