"""The exceptions of cardrules and the :class:`Problem` they report.

Every error the library raises on purpose derives from :class:`CardRulesError`.
Rule-file errors (:class:`RulesError`) and play errors (:class:`PlayError`) are
separate branches, and each also derives from the builtin that fits it, so that
``except ValueError`` keeps working for callers who do not know cardrules.

>>> p = Problem("house.yaml", 3, 5, "unknown key 'pam_be_civl'",
...             suggestion="did you mean 'pam_be_civil'?")
>>> str(p)
"house.yaml:3:5: error: unknown key 'pam_be_civl' (did you mean 'pam_be_civil'?)"
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

ERROR = "error"
WARNING = "warning"
#: The file name of problems that come from ``overrides`` (no file: shown by key).
OVERRIDES = "<overrides>"
#: The file name of problems with names given by the caller (variant, house rules).
ARGUMENTS = "<arguments>"


@attrs.frozen
class Problem:
    """One thing wrong with a rule file, at a place in it.

    ``line`` and ``column`` count from 1; 0 means the problem belongs to the
    whole file. ``kind`` is a short stable word for tools (``unknown-key``,
    ``duplicate-key``, ``type``, ``enum``, ``alias``, ...).
    """

    file: str
    line: int
    column: int
    message: str
    suggestion: str = ""
    severity: str = ERROR
    kind: str = "error"
    key: str = ""

    def __str__(self) -> str:
        """``file:line:col: severity: message (suggestion)``, located as far as it is known.

        A problem about no file at all (a name given as an argument, an override) is shown by
        its message alone, marked only when it is a warning.

        >>> print(Problem("loo.yaml", 3, 5, "unknown key 'lo'", "did you mean 'loo'?"))
        loo.yaml:3:5: error: unknown key 'lo' (did you mean 'loo'?)
        >>> print(Problem("<overrides>", 0, 0, "wagers.loo: 'x' is not one of limited, ..."))
        wagers.loo: 'x' is not one of limited, ...
        """
        if self.file in (ARGUMENTS, OVERRIDES) and not self.line:
            text = self.message if self.severity == ERROR else f"{self.severity}: {self.message}"
        else:
            text = f"{self.file}:{self.line}:{self.column}: {self.severity}: {self.message}"
        if self.suggestion:
            text += f" ({self.suggestion})"
        return text

    def to_json(self) -> dict[str, object]:
        """The problem as a JSON-ready mapping (for ``--format json``)."""
        return attrs.asdict(self)


class CardRulesError(Exception):
    """The root of every error cardrules raises on purpose."""


class RulesError(CardRulesError, ValueError):
    """A rule file (or a chain of overlays) is not valid.

    ``problems`` holds every error found, in file order; ``str()`` prints one
    per line in ``file:line:col: error: message`` form.
    """

    def __init__(self, problems: Iterable[Problem]):
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems) or "invalid rules")

    @property
    def errors(self) -> tuple[Problem, ...]:
        """Only the problems of severity ``error``."""
        return tuple(p for p in self.problems if p.severity == ERROR)


class VariantNotFoundError(RulesError, LookupError):
    """No bundled variant or house rule has that name, and no such file exists."""


class PlayError(CardRulesError, ValueError):
    """An action cannot be applied; the game state is unchanged."""


class ActionSyntaxError(PlayError):
    """The text of an action cannot be read (``"play QX"``)."""


class IllegalActionError(PlayError):
    """The action is well formed but the rules forbid it now; the message says why.

    Its fields say it as data: the ``seat`` to move, the refused ``action`` (its text),
    the ``reason`` in the words of the rule, and the ``legal`` actions (texts).

    >>> e = IllegalActionError(seat=1, action="play 2H", reason="must follow suit: QS",
    ...                        legal=("play QS",))
    >>> str(e)
    'seat 1 may not play 2H: must follow suit: QS (legal: play QS)'
    >>> e.reason
    'must follow suit: QS'
    """

    def __init__(self, seat: int, action: str, reason: str, legal: Iterable[str] = ()) -> None:
        self.seat = seat
        self.action = action
        self.reason = reason
        self.legal = tuple(legal)
        super().__init__(f"seat {seat} may not {action}: {reason} (legal: {', '.join(self.legal)})")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.seat, self.action, self.reason, self.legal))


class GameOverError(PlayError):
    """An action was given after the deal (or the session) ended."""


class ArgumentTypeError(CardRulesError, TypeError):
    """An argument given to the API has the wrong type; the message says what was expected.

    >>> isinstance(ArgumentTypeError("seed: expected an int, got 'x'"), TypeError)
    True
    """


class ArgumentValueError(CardRulesError, ValueError):
    """An argument given to the API has the right type but a value out of range.

    >>> str(ArgumentValueError("dealer: expected a seat from 0 to 3, got 7"))
    'dealer: expected a seat from 0 to 3, got 7'
    """


class RecordError(CardRulesError, ValueError):
    """A game record or rulings file cannot be read or does not replay."""


class FileError(CardRulesError, ValueError):
    """A file cannot be read or written as the kind of file it was given as: no such file,
    not a regular file (a FIFO, a device, a folder), too large, not UTF-8, not JSON...

    ``problem`` locates it (``file:0:0`` for the whole file); ``kind`` is a stable word
    (``missing``, ``not-regular``, ``too-large``, ``encoding``, ...).

    >>> e = FileError(Problem("pipe.yaml", 0, 0, "is a FIFO (named pipe), not a rule file",
    ...                       kind="not-regular"))
    >>> e.kind, str(e)
    ('not-regular', 'pipe.yaml:0:0: error: is a FIFO (named pipe), not a rule file')
    """

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        super().__init__(str(problem))

    @property
    def kind(self) -> str:
        """The problem's kind word."""
        return self.problem.kind

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.problem,))
