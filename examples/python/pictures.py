"""Pictures of positions, drawn by the library: SVG files and text diagrams.

Run: python3 pictures.py   (writes petteia.svg and duodecim.svg in the current directory)

In a Jupyter notebook a Game shows itself as its SVG picture (``_repr_svg_``); from a shell,
``python3 -m ludus render STATE.json -o board.svg`` draws a saved game.
"""
import ludus

with ludus.Game("petteia", rows=6, cols=6, seed=1) as game:
    for move in ("b2-b4", "c5-c4", "d2-d4"):
        game.play(move)
    print(game)  # the text diagram, as game.text() gives it
    print(game.text(orientation=1, coordinates=False))  # options: player 1 at the bottom, no coordinates
    with open("petteia.svg", "w", encoding="utf-8") as f:
        f.write(game.svg(size=360))  # the SVG picture, svg() in JavaScript too
    print("wrote petteia.svg")

with ludus.Game("duodecim", seed=3) as game:
    game.set_dice(3, 5)
    game.play("H-III")
    print(game)
    with open("duodecim.svg", "w", encoding="utf-8") as f:
        f.write(game.svg(inscription="virtus"))  # the cells show the motto of a stone board
    print("wrote duodecim.svg")

    try:
        game.svg(size=10)  # a bad option is the library's error
    except ludus.InvalidOptionError as e:
        print("no picture:", e)
