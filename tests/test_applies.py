"""Each rule's reach, stated once (:mod:`cardrules.rules.applies`).

Two kinds of evidence. First, each predicate against rulings worked out from the rule
texts for the bundled games and house rules: Pam and her civility at five-card loo (1.2.8,
D30) and nowhere at three-card or Irish loo (no Pam, D45); the flush shown after the
declarations by Peel and at once by Hoffmann (D32); bourré's cap of three cards from
seven players (1.8.7, D79) and its turn-up in the dealer's hand (1.8.4, D77); Put's
challenge windows, model by model (D54); the single loo, half the full loo (D4).

Second, who asks: the package is read (its syntax trees, not run) for the callers of each
predicate, and for the places that read the options a predicate stands for, so that a
predicate nobody asks, a place that must ask one and does not, or a new restatement of a
condition is caught here.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import cardrules.rules.applies as applies
from cardrules.rules.loader import load_variant
from cardrules.rules.model import Rules

PACKAGE = Path(applies.__file__).resolve().parent.parent
APPLIES = "cardrules/rules/applies.py"


def rules(name: str, *house: str, **overrides: Any) -> Rules:
    """A bundled game, with house rules and dotted overrides."""
    return load_variant(name, house_rules=list(house), overrides=overrides or None)


# --------------------------------------------------------------------------- rulings

#: (game and house rules, overrides), predicate, the ruling, and why.
Ruling = tuple[tuple[str, ...], dict[str, Any], Callable[[Rules], object], object, str]

RULINGS: list[Ruling] = [
    # Pam and her civility.
    (("five-card-loo",), {}, applies.promoted_in_play, True, "Pam, the knave of clubs (D26)"),
    (("three-card-loo",), {}, applies.promoted_in_play, False, "no Pam at three-card loo"),
    (("irish-loo",), {}, applies.civility_possible, False, '"Pam is unknown" (D45)'),
    (("five-card-loo",), {}, applies.civility_possible, True, "1.2.8"),
    (("five-card-loo",), {}, applies.civility_owed, True, "unless_revoke by default (D30)"),
    (
        ("five-card-loo",),
        {"following.be_civil": "off"},
        applies.civility_owed,
        False,
        "civility off: Pam may win the ace (D30)",
    ),
    (("five-card-loo",), {}, applies.civil_call_needed, True, '"it is usual to say" (1.2.8)'),
    (
        ("five-card-loo",),
        {"following.civil_call": "not_needed"},
        applies.civil_call_needed,
        False,
        "owed without the call: the call is no action",
    ),
    (
        ("five-card-loo",),
        {"following.follow_suit": False},
        applies.civility_possible,
        False,
        "nobody must follow suit: the ace of trumps binds nobody",
    ),
    (
        ("three-card-loo",),
        {"promoted.card": "jack_of_trumps"},
        applies.civility_owed,
        True,
        "Pam made the knave of trumps",
    ),
    (("put",), {}, applies.rank_only, True, "Put's tricks go by rank alone (1.5.4)"),
    (("put",), {}, applies.trumps_in_play, False, "Put turns up no trump"),
    (("put",), {}, applies.must_follow_suit, False, "suits are irrelevant at Put (1.5.4)"),
    (("three-card-loo",), {}, applies.must_follow_suit, True, "1.1.12.1"),
    (("oh-hell",), {}, applies.trumps_in_play, True, "a card turned for trumps (D63)"),
    (("three-card-loo",), {}, applies.lead_duties, True, "Peel's laws of leading (D31)"),
    (
        ("three-card-loo",),
        {"leads.cassell_highest": True},
        applies.first_lead_duties,
        False,
        "Cassell's highest card replaces the first-lead duties (D13)",
    ),
    # Declaring, the miss.
    (("three-card-loo",), {}, applies.declarations_made, True, "1.1.7"),
    (("put",), {}, applies.declarations_made, False, "Put's throw-up is a challenge (1.5.6)"),
    (("oh-hell",), {}, applies.declarations_made, False, "everyone bids and plays (1.7)"),
    (
        ("put-four-handed",),
        {},
        applies.partnerships_play,
        True,
        "two sides of two (1.6.1)",
    ),
    (("three-card-loo",), {}, applies.miss_may_be_taken, True, "the miss (1.1.5)"),
    (("five-card-loo",), {}, applies.miss_may_be_taken, False, '"There is no miss" (1.2.5)'),
    (("three-card-loo",), {}, applies.miss_played_for_pool, True, "Peel, 1.1.8.2, D9"),
    (
        ("five-card-loo",),
        {},
        applies.miss_played_for_pool,
        False,
        "no miss to defend at five-card loo (D42)",
    ),
    (("three-card-loo",), {}, applies.throwing_up_allowed, True, "D6"),
    (("put",), {}, applies.throwing_up_allowed, False, "no declarations at Put"),
    (("bourre",), {}, applies.turn_up_held, True, "the dealer's last card (1.8.4, D77)"),
    (("three-card-loo",), {}, applies.turn_up_held, False, "the next card (1.1.5)"),
    (("three-card-loo",), {}, applies.turn_up_apart, True, "the next card (1.1.5)"),
    (("bourre",), {}, applies.turn_up_apart, False, "the dealer's own card (1.8.4)"),
    (("spades",), {}, applies.turn_up_apart, False, "nothing turned up (F2.2.1)"),
    # Exchanges.
    (("five-card-loo",), {}, applies.exchanges_made, True, '"all or any of the five" (1.2.6)'),
    (("three-card-loo",), {}, applies.exchanges_made, False, "the miss is the only exchange"),
    (("irish-loo",), {}, applies.exchanges_made, True, "once from the stock (1.3.1, D44)"),
    (("bourre",), {}, applies.exchanges_after_declarations, False, "with the declaration (D78)"),
    (
        ("bourre",),
        {"exchange.timing": "after_declarations"},
        applies.exchanges_after_declarations,
        True,
        "the draw after everybody has declared (1.8.7, D78)",
    ),
    # Flushes.
    (("five-card-loo",), {}, applies.flushes_count, True, "1.2.9"),
    (("irish-loo",), {}, applies.flushes_count, False, "no three-card flush (D47)"),
    (("five-card-loo",), {}, applies.flush_shown_after_declarations, True, "Peel (D32)"),
    (("five-card-loo",), {}, applies.flush_shown_at_once, False, "Peel (D32)"),
    (
        ("five-card-loo", "hoffmann-1909"),
        {},
        applies.flush_shown_at_once,
        True,
        'Hoffmann: "at once turns up his cards" (D32)',
    ),
    (
        ("five-card-loo", "hoffmann-1909"),
        {},
        applies.flush_shown_after_declarations,
        False,
        "Hoffmann (D32)",
    ),
    (
        ("irish-loo", "hoffmann-1909"),
        {},
        applies.flush_shown_at_once,
        False,
        "Hoffmann's timing, but no flush counts at Irish loo (D47)",
    ),
    # Wagers.
    (("three-card-loo",), {}, applies.plays_for_pool, True, "counters in a pool (1.1.3)"),
    (("put",), {}, applies.plays_for_pool, False, "Put is a race for points (1.5.5)"),
    (("hearts",), {}, applies.card_points_counted, True, "hearts 1, QS 13 (F1.2.7)"),
    (("oh-hell",), {}, applies.card_points_counted, False, "Oh Hell scores bids (1.7.6)"),
    # Hearts and Spades.
    (("hearts",), {}, applies.passes, True, "three cards passed (F1.2.3)"),
    (("hearts",), {"passing.directions": ["hold"]}, applies.passes, False, "hold: no pass"),
    (("oh-hell",), {}, applies.passes, False, "no passing at Oh Hell (1.7)"),
    (("hearts",), {}, applies.first_card_named, True, "2C leads (F1.2.4)"),
    (("hearts",), {}, applies.passes_by_chance, False, "in turn as people pass (F1.2.3)"),
    (
        ("hearts", "hearts-openspiel"),
        {},
        applies.passes_by_chance,
        True,
        "drawn each deal (F1.1.4.1)",
    ),
    (("hearts",), {}, applies.lead_barred, True, "2C first, hearts unbroken (F1.2.4)"),
    (("oh-hell",), {}, applies.lead_barred, False, "any card led (1.7.5)"),
    (("spades",), {}, applies.first_card_named, False, "the dealer's left leads (F2.2.4)"),
    (("hearts",), {}, applies.lead_barred_until_broken, True, "hearts (F1.2.6)"),
    (("spades",), {}, applies.lead_barred_until_broken, True, "spades (F2.2.5)"),
    (("oh-hell",), {}, applies.lead_barred_until_broken, False, "any card led (1.7.5)"),
    (("hearts",), {}, applies.first_trick_bars, True, "no heart nor QS (F1.2.5)"),
    (("spades",), {}, applies.first_trick_bars, False, "no bar in Spades (F2.2.4)"),
    (("spades",), {}, applies.sides_play, True, "all four play in sides (F2.2.1)"),
    (("spades",), {}, applies.partnerships_play, False, "nobody gives a card (F2.2.1)"),
    (("put-four-handed",), {}, applies.partnerships_play, True, "partners give (1.6.3)"),
    (("put-four-handed",), {}, applies.sides_play, False, "one of each side plays (1.6.3)"),
    (("spades",), {}, applies.side_contracts, True, "a side's bids added (F2.2.6)"),
    (("oh-hell",), {}, applies.side_contracts, False, "each his own (1.7.6)"),
    (("spades",), {}, applies.bags_counted, True, "ten bags cost 100 (F2.2.6)"),
    (("oh-hell",), {}, applies.bags_counted, False, "no bags at Oh Hell (1.7.6)"),
    (("spades",), {}, applies.trumps_in_play, True, "spades always trumps (F2.2.1)"),
    (("hearts",), {}, applies.trumps_in_play, False, "no trumps (F1.2.1)"),
    (("three-card-loo",), {}, applies.single_loo_fine, 3, "half the loo of 6 (1.1.4, D4)"),
    (("five-card-loo",), {}, applies.single_loo_fine, 5, "half the loo of 10 (D4)"),
    (
        ("three-card-loo",),
        {"wagers.single_loo": "deal_stake"},
        applies.single_loo_fine,
        3,
        "the deal amount, 3 (D4)",
    ),
    (
        ("five-card-loo",),
        {"wagers.single_loo": "full_loo"},
        applies.single_loo_fine,
        10,
        "the full loo (S000 97, D4)",
    ),
    # Challenges.
    (("put",), {}, applies.challenges_made, True, "1.5.6"),
    (("three-card-loo",), {}, applies.challenges_made, False, "no challenges at loo"),
    (("put", "hoyle-put"), {}, applies.puts_made, True, 'Hoyle: the non-dealer may "put"'),
    (("put", "cotton-put"), {}, applies.puts_made, True, "Cotton: before his first lead"),
    (("three-card-loo",), {}, applies.puts_made, False, "no challenges at loo"),
    (
        ("put", "hoyle-put"),
        {},
        applies.choice_after_first_trick,
        True,
        "Hoyle: after the first trick the non-dealer puts or not (D54)",
    ),
    (
        ("put", "parlett-put"),
        {"challenges.model": "parlett"},
        applies.choice_after_first_trick,
        False,
        "Parlett: only the player about to lead challenges (D54)",
    ),
    (
        ("put", "cotton-put"),
        {},
        applies.choice_after_first_trick,
        False,
        "Cotton: only before the first lead (D54)",
    ),
    (
        ("put", "cotton-put"),
        {},
        applies.challenge_throw_up,
        True,
        "the dealer may decline the lead (D55)",
    ),
    (
        ("put", "cotton-put"),
        {"challenges.follower_may_concede": False},
        applies.challenge_throw_up,
        False,
        "Cotton's only challenge is the put: with no declining and a binding put, nobody throws up",
    ),
    (
        ("put", "parlett-put"),
        {"challenges.model": "parlett"},
        applies.challenge_throw_up,
        True,
        "Parlett: about to lead, a player may throw in his cards (D54)",
    ),
    (("three-card-loo",), {}, applies.challenge_throw_up, False, "no challenges at loo"),
]


@pytest.mark.parametrize(
    ("games", "overrides", "predicate", "ruling", "why"),
    RULINGS,
    ids=[f"{'+'.join(g)}-{p.__name__}-{i}" for i, (g, _, p, _, _) in enumerate(RULINGS)],
)
def test_ruling(
    games: tuple[str, ...],
    overrides: dict[str, Any],
    predicate: Callable[[Rules], object],
    ruling: object,
    why: str,
) -> None:
    r = rules(games[0], *games[1:], **overrides)
    assert predicate(r) == ruling, why


def test_enquire_within_keeps_the_default_model() -> None:
    """The Enquire Within house rule changes the trick-and-tie, not who may put (its model
    is the game's, Hoyle's): after the first trick the eldest puts or throws up."""
    assert applies.choice_after_first_trick(rules("put", "enquire-within-put"))
    ew = rules("put", "enquire-within-put", **{"challenges.model": "enquire_within"})
    w = applies.challenge_windows(ew)
    # Enquire Within [S000 101-102]: the adversary may say "I put" before playing to the
    # first lead; after the first trick the eldest says "I put" or throws up.
    assert w.follow_first == (applies.PUT,)
    assert set(w.after_first_trick) == {applies.PUT, applies.THROW_UP}
    assert not w.first_lead and not w.later_lead


@pytest.mark.parametrize(
    ("model", "first", "later", "follow", "after"),
    [
        # Hoyle [S002]: throw up before leading; after the first trick, put or throw up.
        ("hoyle", {"throw_up"}, set(), set(), {"put", "throw_up"}),
        # Parlett [WP]: about to lead to any trick, throw in or say "Put".
        ("parlett", {"put", "throw_up"}, {"put", "throw_up"}, set(), set()),
        # Cotton [pagat]: the non-dealer puts before his first lead, and only then.
        ("cotton", {"put"}, set(), set(), set()),
    ],
)
def test_challenge_windows(
    model: str, first: set[str], later: set[str], follow: set[str], after: set[str]
) -> None:
    w = applies.challenge_windows(rules("put", **{"challenges.model": model}))
    assert (set(w.first_lead), set(w.later_lead), set(w.follow_first)) == (first, later, follow)
    assert set(w.after_first_trick) == after


def test_no_windows_without_challenges() -> None:
    assert applies.challenge_windows(rules("three-card-loo")).every() == ()


@pytest.mark.parametrize(
    ("players", "cap"),
    # Bourré: "none to five cards", but with seven or eight players at most three (1.8.7).
    [(2, 5), (5, 5), (6, 5), (7, 3), (8, 3)],
)
def test_bourre_exchange_cap(players: int, cap: int) -> None:
    assert applies.exchange_cap(rules("bourre"), players) == cap


def test_exchange_cap_never_above_max_cards() -> None:
    """A cap of 2 stays 2 at a large table whose cap is 3."""
    r = rules("bourre", **{"exchange.max_cards": 2})
    assert [applies.exchange_cap(r, n) for n in (5, 7)] == [2, 2]


# --------------------------------------------------------------------------- who asks


def _modules() -> dict[str, ast.Module]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).as_posix()
        out[rel] = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
    return out


MODULES = _modules()


def _callers() -> dict[str, set[str]]:
    """For each name of :mod:`cardrules.rules.applies`, the modules that import it from
    there (or read it as ``applies.NAME``) and use it."""
    found: dict[str, set[str]] = {name: set() for name in applies.__all__}
    for rel, tree in MODULES.items():
        if rel == APPLIES:
            continue
        imported: set[str] = set()
        module_alias: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "cardrules.rules.applies":
                imported |= {a.asname or a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module == "cardrules.rules":
                module_alias |= {a.asname or a.name for a in node.names if a.name == "applies"}
            elif isinstance(node, ast.Import):
                module_alias |= {
                    a.asname for a in node.names if a.name == "cardrules.rules.applies" and a.asname
                }
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id in imported and node.id in found:
                found[node.id].add(rel)
            elif (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in module_alias
                and node.attr in found
            ):
                found[node.attr].add(rel)
    return found


CALLERS = _callers()

#: The places that must ask each predicate: the semantic warnings, the rulebook's choice of
#: sentences, the engine's tables and the rest that decide by the same condition.
MUST_ASK: dict[str, set[str]] = {
    "civility_possible": {"cardrules/rules/semantics.py", "cardrules/tools/rulebook/play.py"},
    "civility_owed": {
        "cardrules/rules/semantics.py",
        "cardrules/tools/rulebook/play.py",
        "cardrules/engine/tricks.py",
        "cardrules/engine/refusals.py",
    },
    "civil_call_needed": {
        "cardrules/engine/tables.py",
        "cardrules/engine/tricks.py",
        "cardrules/engine/refusals.py",
    },
    "must_follow_suit": {"cardrules/engine/tricks.py", "cardrules/tools/rulebook/play.py"},
    "trumps_in_play": {"cardrules/tools/rulebook/play.py"},
    "promoted_in_play": {"cardrules/tools/rulebook/play.py"},
    "rank_only": {
        "cardrules/engine/tables.py",
        "cardrules/rules/semantics.py",
        "cardrules/rules/contradictions.py",
        "cardrules/tools/rulebook/play.py",
    },
    "lead_duties": {"cardrules/tools/rulebook/play.py"},
    "first_lead_duties": {"cardrules/tools/rulebook/play.py"},
    "declarations_made": {
        "cardrules/rules/semantics.py",
        "cardrules/engine/space.py",
        "cardrules/tools/rulebook/declaring.py",
    },
    "partnerships_play": {
        "cardrules/tools/rulebook/declaring.py",
        "cardrules/engine/space.py",
        "cardrules/engine/declaring.py",
        "cardrules/engine/transitions.py",
        "cardrules/engine/privacy.py",
        "cardrules/rules/semantics.py",
        "cardrules/rules/contradictions.py",
    },
    "sides_play": {"cardrules/rules/contradictions.py"},
    "side_contracts": {
        "cardrules/engine/bidding.py",
        "cardrules/rules/semantics.py",
        "cardrules/rules/contradictions.py",
    },
    "bags_counted": {"cardrules/engine/session.py"},
    "passes": {
        "cardrules/engine/passing.py",
        "cardrules/engine/space.py",
        "cardrules/engine/encoding.py",
        "cardrules/rules/semantics.py",
    },
    "first_card_named": {"cardrules/rules/semantics.py", "cardrules/tools/rulebook/play.py"},
    "passes_by_chance": {"cardrules/engine/session.py", "cardrules/tools/rulebook/summary.py"},
    "lead_barred": {"cardrules/tools/rulebook/play.py"},
    "lead_barred_until_broken": {"cardrules/rules/semantics.py"},
    "first_trick_bars": {"cardrules/engine/bars.py"},
    "turn_up_apart": {
        "cardrules/rules/semantics.py",
        "cardrules/engine/handsize.py",
        "cardrules/engine/restock.py",
    },
    "throwing_up_allowed": {
        "cardrules/engine/space.py",
        "cardrules/engine/refusals.py",
        "cardrules/tools/rulebook/declaring.py",
    },
    "miss_may_be_taken": {"cardrules/engine/space.py", "cardrules/tools/rulebook/declaring.py"},
    "miss_played_for_pool": {
        "cardrules/rules/semantics.py",
        "cardrules/engine/space.py",
        "cardrules/engine/encoding.py",
        "cardrules/tools/rulebook/declaring.py",
    },
    "turn_up_held": {
        "cardrules/rules/semantics.py",
        "cardrules/engine/tables.py",
        "cardrules/engine/dealing.py",
        "cardrules/tools/rulebook/declaring.py",
    },
    "exchanges_made": {
        "cardrules/rules/semantics.py",
        "cardrules/engine/tables.py",
        "cardrules/engine/space.py",
        "cardrules/tools/rulebook/declaring.py",
    },
    "exchanges_after_declarations": {"cardrules/engine/tables.py"},
    "exchange_cap": {"cardrules/engine/tables.py", "cardrules/tools/rulebook/declaring.py"},
    "flushes_count": {"cardrules/engine/space.py", "cardrules/tools/rulebook/special_hands.py"},
    "flush_shown_at_once": {"cardrules/engine/tables.py"},
    "flush_shown_after_declarations": {"cardrules/engine/tables.py"},
    "plays_for_pool": {"cardrules/rules/semantics.py", "cardrules/tools/rulebook/settlement.py"},
    "card_points_counted": {
        "cardrules/engine/settlement.py",
        "cardrules/engine/space.py",
        "cardrules/rules/contradictions.py",
    },
    "single_loo_fine": {"cardrules/engine/tables.py"},
    "challenges_made": {"cardrules/tools/rulebook/play.py"},
    "puts_made": {"cardrules/engine/space.py"},
    "challenge_throw_up": {"cardrules/engine/space.py"},
    "choice_after_first_trick": {"cardrules/players/heuristic.py"},
    "model_windows": {"cardrules/engine/challenges.py"},
}


def test_every_predicate_has_a_ruling_or_is_ruled_on_elsewhere() -> None:
    ruled = {p.__name__ for _, _, p, _, _ in RULINGS} | {"challenge_windows", "exchange_cap"}
    functions = {
        name
        for name in applies.__all__
        if inspect.isfunction(getattr(applies, name)) and name != "model_windows"
    }
    assert functions <= ruled, f"no ruling for {sorted(functions - ruled)}"


def test_every_name_is_asked() -> None:
    """No dead predicate: each is asked somewhere outside the module (the windows and the
    names of the challenges through the engine's windows)."""
    asked_inside = {"PUT", "THROW_UP", "ChallengeWindows", "challenge_windows"}
    dead = [n for n in applies.__all__ if not CALLERS[n] and n not in asked_inside]
    assert not dead, f"asked nowhere: {dead}"


def test_every_predicate_has_its_callers_listed() -> None:
    functions = {n for n in applies.__all__ if inspect.isfunction(getattr(applies, n))}
    assert functions - {"challenge_windows"} == set(MUST_ASK)


@pytest.mark.parametrize("name", sorted(MUST_ASK))
def test_the_places_that_must_ask_do(name: str) -> None:
    missing = MUST_ASK[name] - CALLERS[name]
    assert not missing, f"{name} is not asked by {sorted(missing)}"


# --------------------------------------------------------------------------- no restatement

#: The option values that decide a predicate's reach, and the only modules that may test
#: them: the module of reach itself; the model (their definitions); the rulebook's sentence
#: tables, which choose a sentence by the value once the rule applies; and, listed with
#: why, the rest. A new module that tests one of them restates a condition: ask
#: :mod:`cardrules.rules.applies` instead.
ALWAYS = {APPLIES, "cardrules/rules/model.py", "cardrules/rules/options.py"}
ALLOWED: dict[str, set[str]] = {
    # enum classes whose members state a reach
    "BeCivil": {"cardrules/tools/rulebook/play.py", "cardrules/engine/tricks.py"},
    "CivilCall": {"cardrules/tools/rulebook/play.py"},
    "FlushDeclare": {"cardrules/tools/rulebook/special_hands.py"},
    "SingleLoo": {"cardrules/tools/rulebook/settlement.py", "cardrules/rules/wagering.py"},
    "ExchangeTiming": {"cardrules/tools/rulebook/declaring.py"},
    "LoneStander": {"cardrules/tools/rulebook/declaring.py"},
    "TurnUpTo": {
        "cardrules/tools/rulebook/players_and_deal.py",
        # contradictions: the dealer's turn-up against other options, not a reach
        "cardrules/rules/contradictions.py",
    },
    "TrickWinner": {"cardrules/tools/rulebook/play.py"},
    "ChallengeModel": {"cardrules/tools/rulebook/play.py"},
    # option attributes read only to decide a reach
    ".follow_suit": set(),
    ".single_loo": set(),
    ".declare": set(),
    ".timing": {"cardrules/tools/rulebook/declaring.py"},
    ".lone_stander": set(),
    ".max_cards": {"cardrules/tools/rulebook/declaring.py"},
    ".max_cards_large": set(),
    ".max_cards_from": {
        "cardrules/tools/rulebook/declaring.py",  # the sentence names the table size
        "cardrules/rules/semantics.py",  # max_cards_large has no effect without it
    },
    ".turn_up_to": {
        "cardrules/tools/rulebook/players_and_deal.py",
        "cardrules/rules/contradictions.py",
    },
    ".allow_throw_up": set(),
}


def _readers() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {key: set() for key in ALLOWED}
    for rel, tree in MODULES.items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Attribute):
                continue
            if isinstance(node.value, ast.Name) and node.value.id in ALLOWED:
                found[node.value.id].add(rel)
            if f".{node.attr}" in ALLOWED and isinstance(node.ctx, ast.Load):
                found[f".{node.attr}"].add(rel)
    return found


READERS = _readers()


@pytest.mark.parametrize("key", sorted(ALLOWED))
def test_no_restatement(key: str) -> None:
    extra = READERS[key] - ALLOWED[key] - ALWAYS
    assert not extra, f"{key} tested outside rules.applies in {sorted(extra)}"


def test_the_scan_sees_the_reach_module() -> None:
    """The scan reads the package: the module of reach tests every key listed."""
    assert all(APPLIES in READERS[key] for key in ALLOWED)
