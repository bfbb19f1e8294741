"""Roll the dice or set them (physical dice, a replay, a test) in Ludus Duodecim Scriptorum.

Run: python3 dice.py
"""
import ludus

with ludus.Game("duodecim", seed=3) as game:
    # Games with dice wait in phase ROLL until the dice are rolled or set.
    print("phase:", game.phase)
    for outcome in game.chance_outcomes()[:3]:
        print("roll", outcome.dice, "has probability", round(outcome.probability, 4))

    dice = game.roll()  # the game's seeded generator
    print("player", game.history[-1]["player"], "rolled", dice)
    print("moves:", game.legal_moves.texts)
    game.play(game.legal_moves[0])
    while game.phase == ludus.Phase.MOVE:  # the second die (or pass)
        game.play(game.legal_moves[0])

    game.set_dice(3, 5)  # dice from outside: validated by the library
    print(game)
    print("with 3 and 5:", game.legal_moves.texts)

    try:
        game.set_dice(3, 5)  # the dice are already set
    except ludus.WrongPhaseError as e:
        print("cannot set the dice now:", e)
