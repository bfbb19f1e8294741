"""``python3 -m ludus``: see :mod:`ludus.cli`."""
import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
