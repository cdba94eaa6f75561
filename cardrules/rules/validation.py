"""Checking rule files: the JSON Schema, then what a schema cannot express.

:func:`schema_problems` checks one file's data against the format's schema
and turns every error into a :class:`~cardrules.errors.Problem` placed at the
line and column that set the offending value. Messages are built from the
error's fields (keyword, path, value), never from jsonschema's wording, and
never quote more than a short value. Unknown keys and misspelt words get a
"did you mean".

:func:`semantic_problems` then checks the merged rules for what a schema
cannot state: the pack must hold the players, the promoted card must be in
the pack, options must not contradict each other, and options set where they
have no effect are reported as warnings. Each check is one small function in
:data:`CHECKS`; a problem that involves several values is placed where the
most recently applied of them was set.

jsonschema is imported only when a schema check runs, so that importing
cardrules (and playing) stays fast.

>>> from cardrules.rules.overlay import RuleFile
>>> bad = RuleFile.of({"following": {"trump_when_void": "alwys"}}, "house.yaml")
>>> problem = schema_problems(bad)[0]
>>> problem.message
"following.trump_when_void: 'alwys' is not one of if_can_head, always, never"
>>> problem.suggestion
"did you mean 'always'?"
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from cardrules.cards import PACK_RANKS, RANKS, SUIT_NAMES, SUITS, card_text, parse_card
from cardrules.errors import ERROR, WARNING, Problem
from cardrules.rules.capacity import cards_needed, pack_capacity, pack_size
from cardrules.rules.model import (
    CARD_PATTERN,
    RANK_PATTERN,
    SUIT_PATTERN,
    ExchangeMode,
    Finish,
    FirstDeal,
    FirstLeader,
    FlushDestination,
    FlushNextDeal,
    LoneStander,
    LooMode,
    PackName,
    Rules,
    Scoring,
    TrickWinner,
)

if TYPE_CHECKING:
    from cardrules.rules.overlay import Resolved, RuleFile

__all__ = ["CHECKS", "Finding", "schema", "schema_problems", "semantic_problems", "validator"]

SCHEMA_FILE = "cardrules.schema.json"
_LONG = 40

# --------------------------------------------------------------------------- the schema

_CACHE: dict[str, Any] = {}


def schema() -> dict[str, Any]:
    """The format's JSON Schema, read once from the data shipped with cardrules.

    >>> schema()["properties"]["pack"]["properties"]["cards"]["enum"]
    ['full52', 'piquet32']
    """
    if "schema" not in _CACHE:
        from cardrules.rules.bundled import data_dir

        text = (data_dir("schemas") / SCHEMA_FILE).read_text(encoding="utf-8")
        _CACHE["schema"] = json.loads(text)
    result: dict[str, Any] = _CACHE["schema"]
    return result


def validator() -> Any:
    """The one Draft 2020-12 validator of the schema (built on first use, then reused).

    Integers are strict: ``5.0`` is not a number of cards. No reference is ever
    fetched: the registry is empty and the schema has no remote references.

    >>> validator().is_valid({"deal": {"hand_size": 5}}), validator().is_valid({"deal": 5})
    (True, False)
    """
    if "validator" not in _CACHE:
        import importlib

        from referencing import Registry

        jsonschema = importlib.import_module("jsonschema")  # untyped; imported only here
        draft = jsonschema.Draft202012Validator

        def is_integer(checker: object, instance: object) -> bool:
            return isinstance(instance, int) and not isinstance(instance, bool)

        checker = draft.TYPE_CHECKER.redefine("integer", is_integer)
        strict = jsonschema.validators.extend(draft, type_checker=checker)
        _CACHE["validator"] = strict(schema(), registry=Registry())
    return _CACHE["validator"]


# --------------------------------------------------------------------------- schema errors


def schema_problems(source: RuleFile) -> list[Problem]:
    """Every schema error in one rule file's data, in file order.

    >>> from cardrules.rules.overlay import RuleFile
    >>> [p.kind for p in schema_problems(RuleFile.of({"deal": {"miss": "yes"}, "flush": 1}, "f"))]
    ['type', 'unknown-key']
    """
    if source.data is None and source.doc is not None:
        return [
            Problem(
                source.file,
                1,
                1,
                "the file is empty",
                "a rule file is a mapping of sections, e.g. 'name: my-loo'",
                kind="empty",
            )
        ]
    problems: list[Problem] = []
    for error in validator().iter_errors(source.data):
        problems.extend(_convert(error, source))
    return sorted(problems, key=lambda p: (p.line, p.column))


def _convert(error: Any, source: RuleFile) -> Iterator[Problem]:
    """Problems for one jsonschema error (an unknown-key error may hold several keys)."""
    path = tuple(error.absolute_path)
    keyword = str(error.validator)
    value = error.instance
    if keyword == "additionalProperties" and isinstance(value, dict):
        allowed = list(error.schema.get("properties", {}))
        for key in value:
            if key not in allowed:
                line, col = source.position((*path, key), key=True)
                where = f" in {_dotted(path)}" if path else ""
                yield Problem(
                    source.file,
                    line,
                    col,
                    f"unknown key {_describe(key)}{where}",
                    _key_hint(str(key), path, allowed),
                    kind="unknown-key",
                    key=_dotted((*path, str(key)[:_LONG])),
                )
        return
    if keyword == "uniqueItems" and isinstance(value, list):
        index = next(i for i, item in enumerate(value) if item in value[:i])
        line, col = source.position((*path, index))
        yield Problem(
            source.file,
            line,
            col,
            f"{_dotted(path)}: {_describe(value[index])} is listed twice",
            "list each item once",
            kind="duplicate-item",
            key=_dotted(path),
        )
        return
    build = _MESSAGES.get(keyword, _other)
    kind, message, hint = build(error.validator_value, value)
    line, col = source.position(path)
    prefix = f"{_dotted(path)}: " if path else ""
    yield Problem(source.file, line, col, prefix + message, hint, kind=kind, key=_dotted(path))


def _type(expected: Any, value: Any) -> tuple[str, str, str]:
    names = [expected] if isinstance(expected, str) else list(expected)
    if value is None and "object" in names:
        return "type", "is empty: write its keys below it, or remove it", ""
    if isinstance(value, list) and "object" in names:
        return "type", "expected a mapping, got a list", "a rule file is a mapping of sections"
    want = " or ".join(_TYPE_WORDS.get(n, n) for n in names)
    return "type", f"expected {want}, got {_describe(value)}", _type_hint(names, value)


def _type_hint(names: list[str], value: Any) -> str:
    if isinstance(value, str):
        text = value.strip().lower()
        if "boolean" in names and text in _YES_NO:
            word = "true" if _YES_NO[text] else "false"
            return f"write {word}: yes, no, on and off are text in YAML 1.2"
        if "integer" in names or "number" in names:
            if re.fullmatch(r"[-+]?0[0-9]+", text):
                return f"write {int(text)}: a leading zero does not make a number"
            if re.fullmatch(r"[-+]?0x[0-9a-f]+", text):
                return f"write it in decimal: {int(text, 16)}"
            if re.fullmatch(r"[0-9]+(:[0-5]?[0-9])+", text):
                return "write the number in decimal; 1:30 is text in YAML 1.2"
            if re.fullmatch(r"\d{4}-\d\d-\d\d.*", text):
                return "a date is text here: write a whole number"
            return "write the number without quotes"
        if "array" in names:
            return f"write a list: [{value}]"
    if isinstance(value, float) and "integer" in names:
        return "write a whole number"
    if isinstance(value, (int, float)) and not isinstance(value, bool) and "string" in names:
        return f"quote it if it is meant as text: '{value}'"
    return ""


def _enum(allowed: Any, value: Any) -> tuple[str, str, str]:
    words = [str(w) for w in allowed]
    message = f"{_describe(value)} is not one of {', '.join(words)}"
    return "enum", message, _word_hint(value, words)


def _pattern(pattern: Any, value: Any) -> tuple[str, str, str]:
    kind, what, fix = _PATTERNS.get(
        str(pattern), ("pattern", f"does not match {pattern}", _no_hint)
    )
    hint = fix(value) if isinstance(value, str) else ""
    return kind, f"{_describe(value)} {what}", hint


def _range(bound: Any, value: Any, below: bool) -> tuple[str, str, str]:
    side = "less than the minimum" if below else "more than the maximum"
    return "range", f"{_describe(value)} is {side} {bound}", ""


def _other(rule: Any, value: Any) -> tuple[str, str, str]:
    return "schema", f"{_describe(value)} is not allowed here", ""


_MESSAGES: dict[str, Callable[[Any, Any], tuple[str, str, str]]] = {
    "type": _type,
    "enum": _enum,
    "pattern": _pattern,
    "minimum": lambda bound, value: _range(bound, value, True),
    "maximum": lambda bound, value: _range(bound, value, False),
    "minItems": lambda n, value: ("length", f"needs at least {n} item{'s' * (n != 1)}", ""),
    "minLength": lambda n, value: ("length", "must not be empty", ""),
}

_TYPE_WORDS = {
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "string": "text",
    "object": "a mapping",
    "array": "a list",
    "null": "null",
}
_YES_NO = {"yes": True, "y": True, "on": True, "no": False, "n": False, "off": False}


def _no_hint(value: str) -> str:
    return ""


def _card_hint(value: str) -> str:
    try:
        return f"write {card_text(parse_card(value))}"
    except ValueError:
        return "write rank then suit in capitals, e.g. JC for the knave of clubs"


def _rank_hint(value: str) -> str:
    text = value.strip().upper()
    if text == "10" or text in RANKS:
        return f"write {text}"
    return f"ranks are {' '.join(RANKS[::-1])}; 10 is also accepted for T"


def _suit_hint(value: str) -> str:
    text = value.strip().lower()
    for letter, name in zip(SUITS, SUIT_NAMES, strict=True):
        if text in (letter.lower(), name, name.rstrip("s")):
            return f"write {letter}"
    return f"suits are {' '.join(SUITS)}"


def _name_hint(value: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-")
    return f"write {slug}" if slug else "use lower-case letters, digits and hyphens"


_PATTERNS: dict[str, tuple[str, str, Callable[[str], str]]] = {
    f"({CARD_PATTERN[:-1]}|^jack_of_trumps)$": (
        "card",
        "is not a card (rank then suit, e.g. JC) nor jack_of_trumps",
        _card_hint,
    ),
    RANK_PATTERN: ("rank", "is not a rank", _rank_hint),
    SUIT_PATTERN: ("suit", "is not a suit", _suit_hint),
    "^[a-z0-9][a-z0-9-]*$": (
        "name",
        "is not a name: lower-case words joined by hyphens",
        _name_hint,
    ),
    "^[a-z_]+(\\.[a-z_]+)*$": ("pattern", "is not a dotted key such as promoted.card", _no_hint),
}


def _key_hint(key: str, path: tuple[Any, ...], allowed: list[str]) -> str:
    """ "did you mean" for an unknown key: a close key of the same section, else the same
    (or a close) key in another section."""
    close = difflib.get_close_matches(key, allowed, n=1)
    if close:
        return f"did you mean {close[0]!r}?"
    here = _dotted(path)
    elsewhere = [p for p in _all_keys() if p.rsplit(".", 1)[-1] == key and p != here]
    if not elsewhere:
        names = {p.rsplit(".", 1)[-1]: p for p in _all_keys()}
        elsewhere = [
            names[n] for n in difflib.get_close_matches(key, list(names), n=1, cutoff=0.75)
        ]
    if elsewhere:
        return f"did you mean {elsewhere[0]!r}?"
    return f"the keys here are {', '.join(allowed)}" if len(allowed) <= 8 else ""


def _all_keys() -> list[str]:
    if "keys" not in _CACHE:
        keys: list[str] = []

        def walk(node: dict[str, Any], prefix: str) -> None:
            for name, sub in node.get("properties", {}).items():
                keys.append(prefix + name)
                walk(sub, prefix + name + ".")

        walk(schema(), "")
        _CACHE["keys"] = keys
    result: list[str] = _CACHE["keys"]
    return result


def _word_hint(value: Any, words: list[str]) -> str:
    if not isinstance(value, str):
        return ""
    norm = re.sub(r"[\s-]+", "_", value.strip().lower())
    if norm in words:
        return f"did you mean {norm!r}?"
    close = difflib.get_close_matches(norm, words, n=1, cutoff=0.5)
    return f"did you mean {close[0]!r}?" if close else ""


def _describe(value: Any) -> str:
    """A short description of a value for a message: never the whole of a big one."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        text = repr(value)
        return text if len(text) <= _LONG else text[:_LONG] + "..."
    if isinstance(value, str):
        text = value if len(value) <= _LONG else value[:_LONG] + "..."
        return repr(text)
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return f"a {type(value).__name__}"


def _dotted(path: Sequence[Any]) -> str:
    """``pack.ranks[3]`` for the path ('pack', 'ranks', 3)."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


# --------------------------------------------------------------------------- semantic checks


@attrs.frozen
class Finding:
    """What a semantic check found: placed later at the latest of ``paths`` that was set."""

    kind: str
    message: str
    paths: tuple[str, ...]
    suggestion: str = ""
    severity: str = ERROR


Check = Callable[[Rules, "Resolved"], Iterator[Finding]]


def _pack_holds_players(r: Rules, res: Resolved) -> Iterator[Finding]:
    """The pack deals to the most players the rules state (hands, miss, turn-up)."""
    size = pack_size(r)
    for path, count in (
        ("players.max", r.players.max),
        ("players.default", r.players.default),
        ("players.min", r.players.min),
    ):
        if count is None or cards_needed(r, count) <= size:
            continue
        parts = [f"{count} hands of {r.deal.hand_size}"]
        parts += ["the miss"] * r.deal.miss + ["the turn-up"] * r.trumps.turn_up
        said = " and ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts)
        yield Finding(
            "capacity",
            f"{path} {count}: {said} need "
            f"{cards_needed(r, count)} cards, more than the {size} of the "
            f"{r.pack.cards} pack",
            (path, "pack.cards", "deal.hand_size", "deal.miss", "trumps.turn_up"),
            f"this pack deals to at most {pack_capacity(r)} players",
        )
        return


def _promoted_in_pack(r: Rules, res: Resolved) -> Iterator[Finding]:
    """The promoted card is a card of the pack."""
    card = r.promoted.card
    if card is None or card == "jack_of_trumps":
        return
    rank = _rank(card[:-1])
    if rank not in PACK_RANKS[r.pack.cards.value]:
        yield Finding(
            "promoted-card",
            f"promoted.card {card} is not in the {r.pack.cards} pack",
            ("promoted.card", "pack.cards"),
            f"its ranks are {' '.join(_pack_order(r.pack.cards))}",
        )


def _rank_only_needs_full_pack(r: Rules, res: Resolved) -> Iterator[Finding]:
    """Tricks won by rank alone use Put's ranking, which needs every rank (D60)."""
    if r.tricks.winner is TrickWinner.RANK_ONLY and r.pack.cards is not PackName.FULL52:
        missing = [x for x in RANKS[::-1] if x not in PACK_RANKS[r.pack.cards.value]]
        yield Finding(
            "rank-only-pack",
            f"tricks won by rank alone need the full52 pack (D60): "
            f"the {r.pack.cards} pack has no {' '.join(missing)}",
            ("pack.cards", "tricks.winner"),
            "set pack.cards: full52",
        )


def _ranks_are_the_pack(r: Rules, res: Resolved) -> Iterator[Finding]:
    """pack.ranks names every rank of the pack exactly once."""
    ranks = [_rank(x) for x in r.pack.ranks]
    want = PACK_RANKS[r.pack.cards.value]
    missing = [x for x in _pack_order(r.pack.cards) if x not in ranks]
    extra = [x for x in dict.fromkeys(ranks) if x not in want]
    twice = [x for x in dict.fromkeys(ranks) if ranks.count(x) > 1]
    if missing or extra or twice:
        said = [f"missing {' '.join(missing)}"] * bool(missing)
        said += [f"not in the pack: {' '.join(extra)}"] * bool(extra)
        said += [f"named twice: {' '.join(twice)}"] * bool(twice)
        yield Finding(
            "ranks",
            f"pack.ranks must name each rank of the {r.pack.cards} pack "
            f"once, highest first ({'; '.join(said)})",
            ("pack.ranks", "pack.cards"),
            f"e.g. [{', '.join(_yaml_rank(x) for x in _pack_order(r.pack.cards))}]",
        )


def _player_counts(r: Rules, res: Resolved) -> Iterator[Finding]:
    """players.min <= players.default <= players.max."""
    p = r.players
    if p.min > p.default:
        yield Finding(
            "players",
            f"players.min {p.min} is more than players.default {p.default}",
            ("players.min", "players.default"),
        )
    if p.max is not None and p.default > p.max:
        yield Finding(
            "players",
            f"players.default {p.default} is more than players.max {p.max}",
            ("players.default", "players.max"),
        )


def _partnerships_need_four(r: Rules, res: Resolved) -> Iterator[Finding]:
    """Partnerships are two sides of two."""
    p = r.players
    if r.partnerships.enabled and not p.min == p.default == p.max == 4:
        yield Finding(
            "partnerships",
            "partnerships need exactly 4 players (two sides of two)",
            ("partnerships.enabled", "players.min", "players.default", "players.max"),
            "set players.min, players.default and players.max to 4",
        )


def _packets_fill_hands(r: Rules, res: Resolved) -> Iterator[Finding]:
    """One round of packets divides the hand size."""
    per_round = sum(r.deal.packets)
    if r.deal.hand_size % per_round:
        yield Finding(
            "packets",
            f"deal.packets {list(r.deal.packets)} deal {per_round} cards "
            f"a round, which does not fill hands of {r.deal.hand_size}",
            ("deal.packets", "deal.hand_size"),
            f"the packets must add up to {r.deal.hand_size} or a divisor of it",
        )


def _stake_divides(r: Rules, res: Resolved) -> Iterator[Finding]:
    """The dealer's stake divides into equal trick shares (a warning)."""
    w = r.wagers
    if w.scoring is Scoring.POOL and w.stake_deal % r.deal.hand_size:
        yield Finding(
            "stake-division",
            f"wagers.stake_deal {w.stake_deal} does not divide into "
            f"{r.deal.hand_size} equal trick shares",
            ("wagers.stake_deal", "deal.hand_size"),
            f"the odd counters go by settlement.remainder; a multiple of "
            f"{r.deal.hand_size} avoids them",
            WARNING,
        )


#: Options that cannot hold together: (when, message, the values involved).
CONTRADICTIONS: tuple[tuple[Callable[[Rules], bool], str, tuple[str, ...]], ...] = (
    (
        lambda r: r.exchange.mode is not ExchangeMode.NONE and not r.declarations.enabled,
        "exchanges are made while declaring, but declarations.enabled is false",
        ("exchange.mode", "declarations.enabled"),
    ),
    (
        lambda r: r.challenges.enabled and r.wagers.scoring is Scoring.POOL,
        "challenges score points, but wagers.scoring is pool",
        ("challenges.enabled", "wagers.scoring"),
    ),
    (
        lambda r: r.session.finish is Finish.TARGET_POINTS and r.wagers.scoring is Scoring.POOL,
        "session.finish target_points needs points, but wagers.scoring is pool",
        ("session.finish", "wagers.scoring"),
    ),
    (
        lambda r: r.deal.miss and r.partnerships.enabled,
        "a miss is dealt, but partners play with no miss",
        ("deal.miss", "partnerships.enabled"),
    ),
    (
        lambda r: r.promoted.card == "jack_of_trumps" and not r.trumps.turn_up,
        "promoted.card jack_of_trumps needs trumps, but trumps.turn_up is false",
        ("promoted.card", "trumps.turn_up"),
    ),
    (
        lambda r: r.tricks.winner is TrickWinner.RANK_ONLY and r.trumps.turn_up,
        "tricks won by rank alone ignore suits, but trumps.turn_up is true",
        ("tricks.winner", "trumps.turn_up"),
    ),
    (
        lambda r: r.leads.first_leader is FirstLeader.MISS_HOLDER and not r.deal.miss,
        "the holder of the miss leads, but no miss is dealt",
        ("leads.first_leader", "deal.miss"),
    ),
    (
        lambda r: r.session.first_deal is FirstDeal.ALL_ANTE_WITH_MISS and not r.deal.miss,
        "the first deal has a miss, but no miss is dealt",
        ("session.first_deal", "deal.miss"),
    ),
    (
        lambda r: r.special_hands.flush.enabled and r.tricks.winner is TrickWinner.RANK_ONLY,
        "flushes need suits, but tricks are won by rank alone",
        ("special_hands.flush.enabled", "tricks.winner"),
    ),
    # D37 follows from D36: paid to the holder, nothing is carried and the next deal is a
    # single; paid into the pool, the next deal carries them.
    (
        lambda r: (
            (r.special_hands.flush.next_deal is FlushNextDeal.SINGLE)
            != (r.special_hands.flush.destination is FlushDestination.TO_HOLDER)
        ),
        "the deal after a flush is a single exactly when the flush payments go to the holder "
        "(D36, D37)",
        ("special_hands.flush.next_deal", "special_hands.flush.destination"),
    ),
)


def _no_contradictions(r: Rules, res: Resolved) -> Iterator[Finding]:
    """Options that contradict each other (see :data:`CONTRADICTIONS`)."""
    for when, message, paths in CONTRADICTIONS:
        if when(r):
            yield Finding("contradiction", message, paths, "change one of them")


_NO_TRUMPS = (
    "leads.ace_compulsory",
    "leads.king_if_ace_turned",
    "leads.two_or_more_trumps",
    "leads.trump_after_trick",
    "leads.trump_after_trick_scope",
    "leads.pam_and_ace",
    "following.trump_when_void",
    "declarations.forced_play.turn_up_suits",
)
_POOL = (
    "wagers.ante",
    "wagers.stake_deal",
    "wagers.stake_loo",
    "wagers.loo",
    "wagers.mixed_cap",
    "wagers.mixed_floor",
    "wagers.unlimited_basis",
    "settlement",
)

#: Options that do nothing unless another option holds: (keys, active when, why not).
#: A key listed here and set by a file while inactive gives a warning.
INERT: tuple[tuple[tuple[str, ...], Callable[[Rules], bool], str], ...] = (
    (("declarations",), lambda r: r.declarations.enabled, "declarations.enabled is false"),
    (("exchange",), lambda r: r.exchange.mode is not ExchangeMode.NONE, "exchange.mode is none"),
    (_NO_TRUMPS, lambda r: r.trumps.turn_up, "there are no trumps (trumps.turn_up is false)"),
    (("leads",), lambda r: r.leads.enforced, "leads.enforced is false"),
    (
        ("promoted.name", "following.be_civil", "leads.pam_and_ace"),
        lambda r: r.promoted.card is not None,
        "there is no promoted card",
    ),
    (
        ("special_hands.flush",),
        lambda r: r.special_hands.flush.enabled,
        "special_hands.flush.enabled is false",
    ),
    (_POOL, lambda r: r.wagers.scoring is Scoring.POOL, "wagers.scoring is points"),
    (
        ("wagers.mixed_cap", "wagers.mixed_floor"),
        lambda r: r.wagers.loo is LooMode.MIXED,
        "wagers.loo is not mixed",
    ),
    (
        ("wagers.unlimited_basis",),
        lambda r: r.wagers.loo is not LooMode.LIMITED,
        "wagers.loo is limited",
    ),
    (("challenges",), lambda r: r.challenges.enabled, "challenges.enabled is false"),
    (("partnerships",), lambda r: r.partnerships.enabled, "partnerships.enabled is false"),
    (
        ("tricks.equal_ranks",),
        lambda r: r.tricks.winner is TrickWinner.RANK_ONLY,
        "tricks.winner is not rank_only",
    ),
    (("deal.miss_position",), lambda r: r.deal.miss, "deal.miss is false"),
    (
        ("declarations.miss_for_pool_looed",),
        lambda r: (
            r.deal.miss and r.declarations.lone_stander is LoneStander.DEALER_PLAYS_MISS_FOR_POOL
        ),
        "the miss is never played for the pool",
    ),
    (
        ("session.target_points",),
        lambda r: r.session.finish is Finish.TARGET_POINTS,
        "session.finish is not target_points",
    ),
    (
        ("session.peel_single",),
        lambda r: r.session.first_deal is FirstDeal.PEEL_EXPOSED_SINGLE,
        "session.first_deal is not peel_exposed_single",
    ),
    (
        ("players.dealer_sits_out_above",),
        lambda r: (
            r.players.dealer_sits_out_above is None
            or r.players.dealer_sits_out_above < r.max_players
        ),
        "never that many players play",
    ),
)
#: Switches that turn a section on or off: never themselves inert because of it.
_SWITCHES = frozenset(
    (
        "declarations.enabled",
        "exchange.mode",
        "leads.enforced",
        "leads.first_leader",
        "special_hands.flush.enabled",
        "challenges.enabled",
        "partnerships.enabled",
    )
)


def _no_effect(r: Rules, res: Resolved) -> Iterator[Finding]:
    """Options a file sets where they have no effect (warnings)."""
    seen: set[str] = set()
    for keys, active, why in INERT:
        if active(r):
            continue
        for key in keys:
            for path in res.set_leaves(tuple(key.split("."))):
                dotted = ".".join(str(p) for p in path)
                if dotted in _SWITCHES or dotted in seen:
                    continue
                seen.add(dotted)
                yield Finding(
                    "no-effect",
                    f"{dotted} has no effect: {why}",
                    (dotted,),
                    "remove it, or turn on what it depends on",
                    WARNING,
                )


#: The semantic checks, in the order their problems are listed at the same place.
CHECKS: tuple[Check, ...] = (
    _pack_holds_players,
    _promoted_in_pack,
    _rank_only_needs_full_pack,
    _ranks_are_the_pack,
    _player_counts,
    _partnerships_need_four,
    _packets_fill_hands,
    _stake_divides,
    _no_contradictions,
    _no_effect,
)


def semantic_problems(rules: Rules, resolved: Resolved) -> list[Problem]:
    """The checks a schema cannot express, on schema-valid merged rules.

    Each problem is placed at the value set last among those involved (for a
    default, at the nearest value a file set).

    >>> from cardrules.rules.model import Players
    >>> from cardrules.rules.overlay import NO_FINDER, RuleFile, resolve
    >>> res = resolve(RuleFile.of({"players": {"max": 20}}, "big.yaml"), NO_FINDER)
    >>> [(p.kind, p.key) for p in semantic_problems(Rules(players=Players(max=20)), res)]
    [('capacity', 'players.max')]
    """
    problems = []
    for check in CHECKS:
        for found in check(rules, resolved):
            chosen = resolved.latest(tuple(p.split(".")) for p in found.paths)
            path = chosen or tuple(found.paths[0].split("."))
            file, line, col = resolved.locate(path)
            problems.append(
                Problem(
                    file,
                    line,
                    col,
                    found.message,
                    found.suggestion,
                    severity=found.severity,
                    kind=found.kind,
                    key=".".join(str(p) for p in path),
                )
            )
    return problems


def _yaml_rank(rank: str) -> str:
    """A rank as written in a YAML list: digits quoted, so that they stay text."""
    return f'"{rank}"' if rank.isdigit() else rank


def _rank(text: str) -> str:
    return "T" if text == "10" else text


def _pack_order(cards: PackName) -> list[str]:
    """The ranks of a pack, highest first in the natural order."""
    return [x for x in RANKS[::-1] if x in PACK_RANKS[cards.value]]
