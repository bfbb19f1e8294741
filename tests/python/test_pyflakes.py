"""The package, the examples and these tests pass pyflakes (Debian package python3-pyflakes)."""
import pytest

from conftest import EXAMPLES, PACKAGE_PARENT, run_python

pytest.importorskip("pyflakes", reason="pyflakes is not installed (apt-get install python3-pyflakes)")


def test_pyflakes():
    tests = PACKAGE_PARENT.parents[1] / "tests" / "python"
    result = run_python(["-m", "pyflakes", str(PACKAGE_PARENT / "ludus"), str(EXAMPLES), str(tests)])
    assert result.returncode == 0, result.stdout + result.stderr
