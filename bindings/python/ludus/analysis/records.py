"""The games' records, compact: a :class:`RecordTable` keeps the fields every record has (seed,
levels, first player, winner, end, plies, index, configuration) in typed arrays, 27 bytes a
game, and the per-ply metrics of the detailed games beside them. It reads as a sequence of
dicts (the records of docs/analysis.md), built on demand; the summaries and writers read its
columns directly.

Why: a run of random games keeps hundreds of thousands of records. As dicts (some 370 bytes
each) their memory cost more CPU than building them: a fresh page of memory costs 13 µs on the
machines measured, and the records' pages made the in-process run 7.5 % slower than the bare
playouts (docs/analysis.md).
"""
from __future__ import annotations

from array import array
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple, Union, overload

__all__ = ["RecordTable", "column", "by_config", "BASIC_FIELDS"]

# The fields of every record, in the order of a record's keys; the per-ply metrics, when a game
# has them, come between "plies" and "index".
BASIC_FIELDS = ("seed", "levels", "first", "winner", "end", "plies", "index", "config")
_ENDS = ("win", "draw", "timeout")
_END_CODE = {end: code for code, end in enumerate(_ENDS)}
_NONE = -1  # "first" and "winner" without a player


class RecordTable(Sequence[Dict[str, Any]]):
    """Game records in columns. ``table[i]`` is record ``i`` as a new dict (changing it does not
    change the table); ``column(name)`` is one field of every record as a list; tables compare
    equal to any sequence of the same records; they pickle compactly (for Dask)."""

    __slots__ = (
        "_seed",
        "_levels",
        "_first",
        "_winner",
        "_end",
        "_plies",
        "_index",
        "_config",
        "_level_pairs",
        "_config_names",
        "_details",
    )

    def __init__(self, records: Iterable[Mapping[str, Any]] = ()) -> None:
        self._seed = array("Q")
        self._levels = array("H")
        self._first = array("b")
        self._winner = array("b")
        self._end = array("B")
        self._plies = array("I")
        self._index = array("Q")
        self._config = array("H")
        self._level_pairs: List[Tuple[str, ...]] = []
        self._config_names: List[str] = []
        self._details: Dict[int, Dict[str, Any]] = {}  # row -> the fields beyond BASIC_FIELDS
        for record in records:
            self.append(record)

    # ---- building ----------------------------------------------------------------------------

    def level_id(self, levels: Sequence[str]) -> int:
        """The table's number for a pair of levels (for :meth:`append_game`)."""
        pair = tuple(levels)
        try:
            return self._level_pairs.index(pair)
        except ValueError:
            self._level_pairs.append(pair)
            return len(self._level_pairs) - 1

    def config_id(self, name: str) -> int:
        """The table's number for a configuration's name (for :meth:`append_game`)."""
        try:
            return self._config_names.index(name)
        except ValueError:
            self._config_names.append(name)
            return len(self._config_names) - 1

    def append_game(
        self,
        seed: int,
        level_id: int,
        first: Optional[int],
        winner: Optional[int],
        end: str,
        plies: int,
        index: int,
        config_id: int,
    ) -> None:
        """Add a record of the basic fields only (the ids from :meth:`level_id` and :meth:`config_id`)."""
        self._seed.append(seed)
        self._levels.append(level_id)
        self._first.append(_NONE if first is None else first)
        self._winner.append(_NONE if winner is None else winner)
        self._end.append(_END_CODE[end])
        self._plies.append(plies)
        self._index.append(index)
        self._config.append(config_id)

    def append(self, record: Mapping[str, Any]) -> None:
        """Add a record (a dict with at least the basic fields)."""
        self.append_game(
            record["seed"],
            self.level_id(record["levels"]),
            record["first"],
            record["winner"],
            record["end"],
            record["plies"],
            record["index"],
            self.config_id(record["config"]),
        )
        details = {k: v for k, v in record.items() if k not in BASIC_FIELDS}
        if details:
            self._details[len(self) - 1] = details

    def extend(self, other: Iterable[Mapping[str, Any]]) -> None:
        """Add the records of ``other`` (a table's columns are copied as they are)."""
        if not isinstance(other, RecordTable):
            for record in other:
                self.append(record)
            return
        offset = len(self)
        levels = array("H", (self.level_id(pair) for pair in other._level_pairs))
        configs = array("H", (self.config_id(name) for name in other._config_names))
        self._seed.extend(other._seed)
        self._levels.extend(array("H", (levels[i] for i in other._levels)))
        self._first.extend(other._first)
        self._winner.extend(other._winner)
        self._end.extend(other._end)
        self._plies.extend(other._plies)
        self._index.extend(other._index)
        self._config.extend(array("H", (configs[i] for i in other._config)))
        for row, details in list(other._details.items()):  # a list: other may be this table
            self._details[offset + row] = details

    @classmethod
    def concat(cls, tables: Iterable[Iterable[Mapping[str, Any]]]) -> "RecordTable":
        """One table of the records of ``tables`` (tables or lists of records), in order."""
        out = cls()
        for table in tables:
            out.extend(table)
        return out

    def rename_config(self, old: str, new: str) -> None:
        """Give the records of configuration ``old`` the name ``new``."""
        self._config_names[self._config_names.index(old)] = new

    # ---- reading -----------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._seed)

    @overload
    def __getitem__(self, row: int) -> Dict[str, Any]:
        ...

    @overload
    def __getitem__(self, row: slice) -> List[Dict[str, Any]]:
        ...

    def __getitem__(self, row: Union[int, slice]) -> Any:
        if isinstance(row, slice):
            return [self._record(i) for i in range(*row.indices(len(self)))]
        if row < 0:
            row += len(self)
        if not 0 <= row < len(self):
            raise IndexError("record index out of range")
        return self._record(row)

    def __iter__(self) -> Iterator[Dict[str, Any]]:
        return (self._record(i) for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, (str, bytes)) or len(other) != len(self):
            return False
        return all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]  # mutable, as a list

    def __repr__(self) -> str:
        return f"<RecordTable of {len(self)} games>"

    def _record(self, row: int) -> Dict[str, Any]:
        first, winner = self._first[row], self._winner[row]
        record = {
            "seed": self._seed[row],
            "levels": self._level_pairs[self._levels[row]],
            "first": None if first == _NONE else first,
            "winner": None if winner == _NONE else winner,
            "end": _ENDS[self._end[row]],
            "plies": self._plies[row],
        }
        details = self._details.get(row)
        if details:
            record.update(details)
        record["index"] = self._index[row]
        record["config"] = self._config_names[self._config[row]]
        return record

    def column(self, name: str) -> List[Any]:
        """Field ``name`` of every record, in order (None where a record lacks it)."""
        if name == "levels":
            return [self._level_pairs[i] for i in self._levels]
        if name == "config":
            return [self._config_names[i] for i in self._config]
        if name in ("first", "winner"):
            return [None if v == _NONE else v for v in getattr(self, "_" + name)]
        if name == "end":
            return [_ENDS[code] for code in self._end]
        if name in BASIC_FIELDS:
            return list(getattr(self, "_" + name))
        values: List[Any] = [None] * len(self)
        for row, details in self._details.items():
            values[row] = details.get(name)
        return values

    def detailed(self) -> Iterator[Dict[str, Any]]:
        """The records that have the per-ply metrics, in order."""
        return (self._record(row) for row in sorted(self._details))

    def by_config(self) -> Dict[str, "RecordTable"]:
        """A table for each configuration's records, in the order of their first record."""
        rows: Dict[int, List[int]] = {}
        for row, config in enumerate(self._config):
            rows.setdefault(config, []).append(row)
        out = {}
        for config, chosen in rows.items():
            table = RecordTable()
            table._level_pairs, table._config_names = list(self._level_pairs), list(self._config_names)
            contiguous = chosen[-1] - chosen[0] + 1 == len(chosen)  # as a run's chunks are
            for name in ("_seed", "_levels", "_first", "_winner", "_end", "_plies", "_index", "_config"):
                source = getattr(self, name)
                setattr(
                    table,
                    name,
                    source[chosen[0] : chosen[-1] + 1]
                    if contiguous
                    else array(source.typecode, (source[i] for i in chosen)),
                )
            table._details = {new: self._details[old] for new, old in enumerate(chosen) if old in self._details}
            out[self._config_names[config]] = table
        return out

    def __getstate__(self) -> Tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __setstate__(self, state: Tuple[Any, ...]) -> None:
        for name, value in zip(self.__slots__, state):
            setattr(self, name, value)


def column(records: Sequence[Mapping[str, Any]], name: str) -> List[Any]:
    """Field ``name`` of every record (None where one lacks it): a table's column, or read from dicts."""
    if isinstance(records, RecordTable):
        return records.column(name)
    return [r.get(name) for r in records]


def by_config(records: Sequence[Mapping[str, Any]]) -> Dict[str, Sequence[Mapping[str, Any]]]:
    """The records of each configuration, in the order of their first record."""
    if isinstance(records, RecordTable):
        return dict(records.by_config())
    out: Dict[str, List[Mapping[str, Any]]] = {}
    for r in records:
        out.setdefault(r["config"], []).append(r)
    return dict(out)
