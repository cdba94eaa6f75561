"""Reading the worked scenarios of docs/families.md 10: their histories of action ids and
their hands, as the OpenSpiel comparisons (tests/hearts_openspiel.py,
tests/spades_openspiel.py) replay them."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence


def history_ids(text: str) -> list[int]:
    """The ids of a history written as in docs/families.md 10 (groups separated by "·",
    words such as ``deal`` or ``passes`` and brackets ignored).

    >>> history_ids("[1] · deal 0 2 3 1 · passes 49 46")
    [1, 0, 2, 3, 1, 49, 46]
    """
    words = text.replace("[", " ").replace("]", " ").replace("·", " ").split()
    return [int(w) for w in words if w.isdigit()]


def hands_of(text: str) -> list[list[str]]:
    """Four hands written as in docs/families.md 10 (``N KS JS … · E …``).

    >>> hands_of("N KS 2C · E QS · S AH · W 3D")
    [['KS', '2C'], ['QS'], ['AH'], ['3D']]
    """
    groups = [g.split() for g in text.split("·")]
    assert [g[0] for g in groups] == list("NESW"), groups
    return [g[1:] for g in groups]


def chunks(items: Sequence[int], size: int) -> Iterator[list[int]]:
    """``items`` in consecutive groups of ``size``.

    >>> list(chunks([1, 2, 3, 4, 5], 2))
    [[1, 2], [3, 4], [5]]
    """
    for i in range(0, len(items), size):
        yield list(items[i : i + size])


def alike(outcomes: Sequence[tuple[int, float]], count: int) -> bool:
    """Whether there are ``count`` outcomes, each of probability 1/count."""
    return len(outcomes) == count and all(abs(p - 1 / count) < 1e-12 for _, p in outcomes)


def canonical_deal(hands: Sequence[Sequence[str]], os_id: Callable[[str], int]) -> list[int]:
    """The order of the deal's chance outcomes that gives N, E, S, W these hands, with
    ``os_id`` a card's OpenSpiel id: in round r each player, N first, receives his r-th
    lowest id (docs/families.md 4).

    >>> hearts_id = lambda c: "23456789TJQKA".index(c[0]) * 4 + "CDHS".index(c[1])
    >>> canonical_deal([["2C"], ["2D"], ["2H"], ["AS"]], hearts_id)
    [0, 1, 2, 51]
    """
    ids = [sorted(os_id(c) for c in h) for h in hands]
    return [ids[p][r] for r in range(len(ids[0])) for p in range(4)]
