"""Executable rulings: a deal, the actions, and what the rules say must follow.

A rulings file is YAML (loaded as strictly as rule files)::

    title: Pam must be civil when its holder has another trump
    source: docs/sources.md 1.2.8; D30; Peel (S003)
    variant: five-card-loo          # a bundled name, or a path relative to this file
    house_rules: []
    options: {following: {be_civil: unless_revoke}}   # inline overrides
    players: 3
    dealer: 2                       # seats count from 0; the elder hand is dealer + 1
    pool: 0                         # carried in, before the dealer's stake
    deal:
      hands: [[AH, 2S, 3S, 4S, 5S], [JC, 9H, 6D, 7D, 8D], [...]]
      turn_up: 2H
      stock: [...]                  # top first (optional)
    steps:
      - "0: stand"
      - "0: play AH civil"          # the ace of trumps led, calling "Pam, be civil"
      - legal: [play 9H]            # what the seat to move may do now
      - reject: "1: play JC"        # must be refused ...
        because: civil              # ... with a reason containing this
      - "1: play 9H"
    expect:
      tricks: [0, 1, 1]             # winner of each trick: a seat, null (tie) or miss
      looed: [2]
      net: [2, 4, -6]               # each seat's change in counters over the deal
      pool: 6                       # carried to the next deal, before its stake
      single: false                 # whether the next deal is a single
      next_antes: [0, 0, 3]         # what each seat antes for the next deal
      next_pool: 9                  # the next deal's pool, its antes paid

A ruling whose setup the rules must refuse (a table too large for the pack)
says ``expect: {refused: "players"}``: the refusal must mention that word.

``cardrules rulings PATH...`` runs them; pytest collects ``tests/rulings``.

>>> text = '''
... title: All pass
... source: docs/sources.md 1.1.8.1
... variant: three-card-loo
... players: 3
... dealer: 2
... deal: {hands: [[2S, 3S, 4S], [5S, 6S, 7S], [8S, 9S, TS]], miss: [2H, 3H, 4H], turn_up: 2C}
... steps: ["0: throw-up", "1: throw-up"]
... expect: {ended_by: all_pass, net: [0, 0, 0], pool: 0, single: true}
... '''
>>> run_ruling(parse_ruling(text, "all-pass.yaml")).ok
True
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs

from cardrules.api import new_session
from cardrules.cards import card_text, parse_card
from cardrules.engine.actions import action_text, parse_action
from cardrules.engine.deal import MISS, FixedDeal
from cardrules.engine.record import parse_step
from cardrules.errors import (
    CardRulesError,
    IllegalActionError,
    PlayError,
    Problem,
    RecordError,
)
from cardrules.files import RULINGS, read_bytes, resolve_reference
from cardrules.rules.dataschemas import RULINGS_SCHEMA_FILE
from cardrules.rules.overlay import RuleFile, is_path
from cardrules.rules.validation import schema_problems
from cardrules.rules.yamlsafe import load_yaml


@attrs.frozen
class Ruling:
    """One rulings file, read but not yet run."""

    file: str
    title: str
    source: str
    variant: str
    data: dict[str, Any] = attrs.field(repr=False)


@attrs.frozen
class Failure:
    """A step whose outcome differs from the ruling."""

    step: str
    expected: str
    got: str

    def __str__(self) -> str:
        return f"at {self.step}: expected {self.expected}; got {self.got}"


@attrs.frozen
class RulingResult:
    """The outcome of running a ruling."""

    ruling: Ruling
    failures: tuple[Failure, ...] = ()

    @property
    def ok(self) -> bool:
        """Whether every expectation held."""
        return not self.failures


def parse_ruling(text: str | bytes, file: str = "<ruling>") -> Ruling:
    """Read a rulings file's text, checked against its JSON Schema
    (``schemas/rulings.schema.json``) before anything runs.

    Every mistake of the file is reported at once, each located (``file:line:col``) and
    with a "did you mean" for a misspelt key, in a :class:`~cardrules.errors.RecordError`
    (a :class:`~cardrules.errors.RulesError` when the text is not even YAML).

    >>> try:
    ...     parse_ruling("title: t\\nsource: s\\nvariant: put\\ndeeler: 1\\nsteps: []", "r.yaml")
    ... except RecordError as exc:
    ...     print(exc)
    r.yaml:1:1: error: 'dealer' is missing (write the 'dealer' key)
    r.yaml:4:1: error: unknown key 'deeler' (did you mean 'dealer'?)
    """
    doc = load_yaml(text, file)
    data = doc.data
    problems = schema_problems(RuleFile(file, file, data, doc), RULINGS_SCHEMA_FILE)
    if isinstance(data, dict) and not problems:
        players, dealer = data.get("players"), data["dealer"]
        if isinstance(players, int) and dealer >= players:
            line, col = doc.position(["dealer"])
            problems.append(
                Problem(
                    file,
                    line,
                    col,
                    f"dealer: {dealer} is not a seat at a table of {players} "
                    f"(seats are 0 to {players - 1})",
                    kind="range",
                    key="dealer",
                )
            )
    if problems:
        raise RecordError("\n".join(str(p) for p in problems))
    assert isinstance(data, dict)
    return Ruling(
        file=file,
        title=str(data["title"]),
        source=str(data["source"]),
        variant=str(data["variant"]),
        data=data,
    )


def load_ruling(path: str | Path) -> Ruling:
    """Read a rulings file from disk (a regular file of at most ``LIMITS[RULINGS]`` bytes,
    by :func:`cardrules.files.read_bytes`)."""
    return parse_ruling(read_bytes(path, RULINGS), str(path))


def _reference(ruling: Ruling, ref: str) -> str:
    """A variant or house rule named by a ruling: a bundled name, or a path resolved from
    the rulings file's folder that stays inside it."""
    if not is_path(ref):
        return ref
    return resolve_reference(ref, os.path.dirname(ruling.file) or os.curdir)


def _seat_text(w: Any) -> str:
    return "miss" if w == MISS else ("tie" if w is None else str(w))


def run_ruling(ruling: Ruling) -> RulingResult:
    """Play a ruling and compare every expectation; never raises for a failing ruling."""
    d = ruling.data
    failures: list[Failure] = []
    try:
        fixed = FixedDeal.from_json(d["deal"]) if d.get("deal") else None
        session = new_session(
            _reference(ruling, ruling.variant),
            [_reference(ruling, h) for h in d.get("house_rules") or ()],
            d.get("options") or None,
            players=d.get("players"),
            seed=d.get("seed", 0),
            dealer=d["dealer"],
            pool=d.get("pool", 0),
            scores=d.get("scores"),
            deal=fixed,
            first_deal=bool(d.get("first_deal", False)),
            single=d.get("single"),
            deals_before=d.get("deals_before", 0),
        )
    except (CardRulesError, TypeError, ValueError) as exc:
        refused = (d.get("expect") or {}).get("refused")
        if refused and str(refused).lower() in str(exc).lower():
            return RulingResult(ruling)
        return RulingResult(ruling, (Failure("setup", "a playable deal", str(exc)),))
    if (d.get("expect") or {}).get("refused"):
        return RulingResult(
            ruling, (Failure("setup", "the setup to be refused", "it was accepted"),)
        )
    for i, step in enumerate(d["steps"], 1):
        label = f"step {i} ({step!r})" if isinstance(step, str) else f"step {i}"
        failure = _run_step(session, step, label)
        if failure:
            failures.append(failure)
            if failure.step.endswith("[fatal]"):
                break
    failures.extend(_check_expectations(session, d.get("expect") or {}))
    return RulingResult(ruling, tuple(failures))


def _run_step(session: Any, step: Any, label: str) -> Failure | None:
    if isinstance(step, str):
        try:
            seat, text = parse_step(step)
        except RecordError as exc:
            return Failure(label + " [fatal]", "a 'SEAT: ACTION' line", str(exc))
        if seat is not None and seat != session.to_move:
            return Failure(label + " [fatal]", f"seat {seat} to move", f"seat {session.to_move}")
        try:
            session.apply(parse_action(text))
        except PlayError as exc:
            return Failure(label + " [fatal]", "the action to be legal", f"refused: {exc}")
        return None
    if not isinstance(step, dict):
        return Failure(label + " [fatal]", "a 'SEAT: ACTION' line or a check", repr(step))
    if "legal" in step:
        want = step["legal"]
        want_list = want.split(",") if isinstance(want, str) else list(want)
        try:
            expected = sorted(parse_action(str(w).strip()) for w in want_list)
        except PlayError as exc:
            return Failure(label, "legal actions written as actions", str(exc))
        got = session.legal_actions()
        if expected != got:
            return Failure(
                label,
                "legal " + ", ".join(action_text(a) for a in expected),
                "legal " + ", ".join(action_text(a) for a in got),
            )
        return None
    if "to_move" in step:
        if session.to_move != step["to_move"]:
            return Failure(label, f"seat {step['to_move']} to move", f"seat {session.to_move}")
        return None
    if "holds" in step:
        return _check_holds(session, str(step["holds"]), label)
    if "stock" in step:
        left = len(session.deal.view.stock)
        if left != step["stock"]:
            return Failure(label, f"{step['stock']} cards in the stock", f"{left}")
        return None
    if "reject" in step:
        try:
            seat, text = parse_step(str(step["reject"]))
            action = parse_action(text)
        except (PlayError, RecordError) as exc:
            # A step that cannot be read is the ruling's mistake, not a refusal.
            return Failure(
                label + " [fatal]", "an action to refuse, written as an action", str(exc)
            )
        before = session.state()
        if seat is not None and seat != session.to_move:
            return Failure(label, f"seat {seat} to move", f"seat {session.to_move}")
        try:
            session.apply(action)
        except PlayError as exc:
            if session.state() != before:
                return Failure(label, "the state unchanged after a refusal", "it changed")
            because = step.get("because")
            # The reason alone, not the list of legal actions that follows it in the message.
            reason = exc.reason if isinstance(exc, IllegalActionError) else str(exc)
            if because and str(because).lower() not in reason.lower():
                return Failure(label, f"a refusal mentioning {because!r}", str(exc))
            return None
        return Failure(label + " [fatal]", f"{text!r} refused", "it was accepted")
    return Failure(
        label, "a 'SEAT: ACTION' line, legal, reject, to_move, holds or stock", repr(step)
    )


def _check_holds(session: Any, text: str, label: str) -> Failure | None:
    """The check ``holds: "SEAT: CARDS"``: that seat holds exactly these cards now."""
    head, _, rest = text.partition(":")
    try:
        seat = int(head)
        want = sorted(parse_card(c) for c in rest.split())
    except ValueError as exc:
        return Failure(label + " [fatal]", "holds: 'SEAT: CARDS'", str(exc))
    if not 0 <= seat < session.players:
        return Failure(label + " [fatal]", "holds: a seat at the table", str(seat))
    got = session.hand(seat)
    if got != want:
        return Failure(
            label,
            f"seat {seat} holding {' '.join(card_text(c) for c in want)}",
            " ".join(card_text(c) for c in got),
        )
    return None


def _check_expectations(session: Any, expect: dict[str, Any]) -> list[Failure]:
    out: list[Failure] = []
    if not expect:
        return out
    if not session.results:
        return [
            Failure(
                "the end",
                "the deal to be over",
                f"the {session.deal.phase_name} phase, seat {session.to_move} to move",
            )
        ]
    res = session.results[0]

    def check(key: str, want: Any, got: Any) -> None:
        if want != got:
            out.append(Failure(f"the end ({key})", repr(want), repr(got)))

    for key, want in expect.items():
        if key == "tricks":
            check(
                key,
                [None if w is None else str(w) for w in want],
                [None if w is None else _seat_text(w) for w in res.tricks],
            )
        elif key == "looed":
            check(key, sorted(want), sorted(res.looed))
        elif key in ("net", "receipts", "payments"):
            check(key, list(want), list(getattr(res, key)))
        elif key == "pool":
            check(key, want, res.carried)
        elif key == "single":
            check(key, want, res.next_single)
        elif key == "points":
            check(key, list(want), list(res.points) or [0] * session.players)
        elif key == "winner":
            got_w = sorted(session.winner) if session.winner else None
            check(
                key,
                sorted(want) if isinstance(want, list) else (None if want is None else [want]),
                got_w,
            )
        elif key == "flush":
            check(key, sorted(want) if isinstance(want, list) else [want], sorted(res.flush))
        elif key == "ended_by":
            check(key, want, res.ended_by)
        elif key == "scores":
            check(key, list(want), list(session.scores))
        elif key == "stood":
            check(key, sorted(want), sorted(res.stood))
        elif key == "over":
            check(key, want, session.is_over)
        elif key in ("next_antes", "next_pool"):
            if session.is_over or session.deals_played != 1:
                out.append(Failure(f"the end ({key})", "a next deal to read", "none"))
                continue
            ctx = session.deal.view.ctx  # the next deal, opened with its antes paid
            check(key, want, list(ctx.stakes) if key == "next_antes" else ctx.pool)
    return out


def run_paths(paths: Iterable[str | Path]) -> list[RulingResult | tuple[str, str]]:
    """Run every ruling under ``paths`` (files or folders of ``*.yaml``).

    A file that cannot be read or is not a valid rulings file gives ``(file, message)``
    instead of a result, and the others still run.
    """
    out: list[RulingResult | tuple[str, str]] = []
    for path in rulings_files(paths):
        try:
            out.append(run_ruling(load_ruling(path)))
        except CardRulesError as exc:
            out.append((str(path), str(exc)))
    return out


def rulings_files(paths: Iterable[str | Path]) -> list[Path]:
    """The rulings files named, folders expanded to their ``*.yaml`` files, sorted."""
    files: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            files.extend(sorted(p.rglob("*.yaml")))
        else:
            files.append(p)
    return files


def report(results: Sequence[RulingResult | tuple[str, str]]) -> tuple[str, int]:
    """A human report of rulings results and the number that failed: one line per file
    run (``ok``, ``FAIL`` with what differed, ``ERROR`` with why it could not run).

    >>> r = RulingResult(Ruling("all-pass.yaml", "All pass", "1.1.8.1", "put", {}))
    >>> print(report([r, ("bad.yaml", "bad.yaml:1:1: error: ...")])[0])
    ok    all-pass.yaml: All pass
    ERROR bad.yaml: bad.yaml:1:1: error: ...
    1 passed, 1 failed
    """
    lines = []
    failed = 0
    for r in results:
        if isinstance(r, tuple):
            failed += 1
            lines.append(f"ERROR {r[0]}: {r[1]}")
            continue
        if r.ok:
            lines.append(f"ok    {r.ruling.file}: {r.ruling.title}")
            continue
        failed += 1
        lines.append(f"FAIL {r.ruling.file}: {r.ruling.title} [{r.ruling.source}]")
        lines.extend(f"  {f}" for f in r.failures)
    passed = len(results) - failed
    lines.append(f"{passed} passed, {failed} failed")
    return "\n".join(lines), failed
