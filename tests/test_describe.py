"""Rulebooks and differences in words, generated from the rules model.

Expected content comes from the rule texts (docs/sources.md 1.1 three-card loo, 1.2
five-card loo, 1.3 Irish Loo, 1.4.1 Club Law, 1.5 Put; docs/families.md 1.2 Hearts as
people play it, 1.1 as OpenSpiel does), not from output.
"""

from __future__ import annotations

import enum
import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardrules.cli.rulebook_commands  # noqa: F401  (registers describe, diff and check)
from cardrules.api import new_session
from cardrules.cli.app import run
from cardrules.rules.loader import list_variants, load_variant
from cardrules.rules.model import (
    SECTIONS,
    Choice,
    Kind,
    PassDirection,
    Passing,
    Rules,
    Wagers,
    field_class,
    settable,
)
from cardrules.tools.rulebook import RULES, describe_variant, option_sentence, rulebook, value_of
from cardrules.tools.rulediff import NO_DIFFERENCES, diff_variants, differences
from cardrules.tools.rulings import parse_ruling, run_ruling

RULE_LINE = re.compile(r"^\*\*\d\.\d+\*\* ")


def option_fields(*, fixed: bool = False) -> Iterator[tuple[str, Any]]:
    """Every option of the model (dotted path, runtime class), sections walked through;
    with ``fixed``, the rules no file may set (fixed or derived) too."""

    def walk(cls: type, prefix: str) -> Iterator[tuple[str, Any]]:
        for f in attrs.fields(cls):
            if not settable(f) and not fixed:
                continue  # no rule file sets it, so no sentence varies with it
            kind = field_class(cls, f.name)
            path = f"{prefix}{f.name}"
            if attrs.has(kind):
                yield from walk(kind, path + ".")
            else:
                yield path, kind

    for name in SECTIONS:
        yield from walk(field_class(Rules, name), name + ".")


def with_value(section: Any, key: str, value: Any) -> Any:
    head, _, rest = key.partition(".")
    if not rest:
        return attrs.evolve(section, **{head: value})
    return attrs.evolve(section, **{head: with_value(getattr(section, head), rest, value)})


def rule_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if RULE_LINE.match(line)]


def body(text: str) -> str:
    """The rules without the title, the description and the list of sources."""
    return "\n".join(rule_lines(text))


# --------------------------------------------------------------------------- every value


ENUM_FIELDS = [
    (k, c) for k, c in option_fields() if isinstance(c, type) and issubclass(c, enum.Enum)
]
BOOL_FIELDS = [k for k, c in option_fields() if c is bool]


@pytest.mark.parametrize(("key", "choices"), ENUM_FIELDS, ids=[k for k, _ in ENUM_FIELDS])
def test_every_enum_value_has_its_own_sentence(key: str, choices: type[enum.Enum]) -> None:
    rule = next(r for r in RULES if r.in_diff and r.keys[0] == key)
    assert isinstance(rule.phrases, dict), f"{key}: one template per value, not computed"
    assert set(rule.phrases) == set(choices), f"{key}: a value without its sentence"
    sentences = set()
    for value in choices:
        text = option_sentence(key, with_value(Rules(), key, value))
        assert text.lstrip('"')[:1].isupper() and text.endswith("."), (key, value, text)
        assert "{" not in text and "}" not in text, (key, value, text)
        sentences.add(text)
    assert len(sentences) == len(choices), f"{key}: two values read the same"


@pytest.mark.parametrize("key", BOOL_FIELDS)
def test_every_switch_reads_differently_on_and_off(key: str) -> None:
    on = option_sentence(key, with_value(Rules(), key, True))
    off = option_sentence(key, with_value(Rules(), key, False))
    assert on != off and on.endswith(".") and off.endswith(".")


def item_enums() -> dict[type[Choice], str]:
    """The enums whose values are the items of a list option (``passing.directions``), with
    that option's key."""
    found = {}
    for key, _ in option_fields():
        *path, name = key.split(".")
        cls: Any = Rules
        for part in path:
            cls = field_class(cls, part)
        items = attrs.fields_dict(cls)[name].metadata.get("schema", {}).get("items", {})
        for choice in Choice.__subclasses__():
            if set(items.get("enum", ())) == {m.value for m in choice}:
                found[choice] = key
    return found


def test_every_enum_of_the_model_is_an_option_with_sentences() -> None:
    # Every enum is the type of a rule of the model, or of the items of a list option; those
    # a file may set have a sentence per value (test_every_enum_value_has_its_own_sentence,
    # test_every_passing_direction_has_its_words).
    used = {
        c for _, c in option_fields(fixed=True) if isinstance(c, type) and issubclass(c, Choice)
    }
    options = {c for c in Choice.__subclasses__() if c is not Kind}  # Kind: metadata, not a rule
    assert options <= used | set(item_enums())
    assert item_enums() == {PassDirection: "passing.directions"}


def test_every_passing_direction_has_its_words() -> None:
    # Each direction reads differently where the cards go (families.md 1.2.3, 1.1.4.1).
    sentences = set()
    for direction in PassDirection:
        rules = Rules(passing=Passing(cards=3, directions=("left", direction.value)))
        sentences.add(option_sentence("passing.choice", rules))
    assert len(sentences) == len(PassDirection)


def test_every_option_is_stated_by_some_rule() -> None:
    stated = {k for rule in RULES for k in rule.keys}
    assert {k for k, _ in option_fields()} <= stated


def test_every_rule_of_every_bundled_rulebook_cites_its_source() -> None:
    for game in (v.name for v in list_variants() if v.kind is Kind.GAME):
        lines = rule_lines(describe_variant(game))
        assert lines
        uncited = [line for line in lines if not re.search(r"\[(sources|families)\.md ", line)]
        assert not uncited, (game, uncited)


# --------------------------------------------------------------------------- rulebooks


def test_three_card_loo_rulebook() -> None:
    text = describe_variant("three-card-loo")
    assert text.startswith("# Three-Card Loo\n")
    for heading in (
        "## 1. Players and pack",
        "## 2. The deal",
        "## 3. Declaring",
        "## 4. The play",
        "## 5. Settlement",
        "## 6. The session",
    ):
        assert f"\n{heading}\n" in text
    rules = body(text)
    # 1.1.5: three cards each and a spare hand, the miss; the next card turned up for trumps.
    assert "gives each player three cards, one at a time" in rules
    assert "the miss, is dealt face down" in rules
    assert "its suit is trumps for the deal" in rules
    # 1.1.7: the miss taken sight unseen; 1.1.8.2: the dealer plays the miss for the pool.
    assert "takes up the miss sight unseen" in rules
    assert "must play the miss against the lone player for the benefit of the pool" in rules
    # 1.1.10.1 and 1.1.12.3 (D17), with their sources.
    assert (
        "Holding the ace of trumps, the leader to the first trick must lead it. "
        "[sources.md 1.1.10.1]"
    ) in rules
    assert (
        "A player who cannot follow suit must trump if a trump would head the trick "
        "(overtrumping if the trick is already trumped); otherwise he may play any card. "
        "[sources.md 1.1.12.3, D17]"
    ) in rules
    # 1.1.4 and 1.1.14: a deal of 3, a loo of 6, each trick a third of the pool.
    assert "The stake for a deal is 3 counters." in rules
    assert "a loo of 6 counters" in rules
    assert "each winning a third of it" in rules
    # No flushes (they belong to five-card loo), no Pam, no challenges, no house rule.
    assert "Special hands" not in text and "flush" not in rules.lower()
    assert "Pam" not in rules and "I put" not in rules and "house rule" not in rules


def test_five_card_loo_with_club_law_marks_the_house_rule() -> None:
    plain = describe_variant("five-card-loo")
    text = describe_variant("five-card-loo", ["club-law"])
    assert text.startswith("# Five-Card Loo, with Club Law\n")
    marked = [line for line in rule_lines(text) if "*(house rule" in line]
    # RULES 1.4.1 / 1.2.10: a club turned up obliges everyone to stand; no drawing of cards.
    assert len(marked) == 1
    assert "whenever a club is turned up, every player must stand on his own cards" in marked[0]
    assert "nobody exchanges" in marked[0]
    assert marked[0].endswith("[sources.md 1.2.10, 1.4.1, D22] *(house rule: club-law)*")
    assert "Club Law" not in body(plain) and "house rule" not in body(plain)
    rules = body(text)
    # RULES 1.2: no miss, Pam the knave of clubs above every trump, exchanges, flushes.
    assert "No spare hand (miss) is dealt." in rules
    assert "The knave of clubs, called Pam, is the highest card of all" in rules
    assert "may exchange, once, any number of his cards" in rules
    assert "\n## 5. Special hands\n" in text and "sweeps the board" in rules
    assert "four of one suit and Pam" in rules
    assert '"Pam, be civil"' in rules
    assert "each winning a fifth of it" in rules


def test_put_rulebook() -> None:
    text = describe_variant("put")
    rules = body(text)
    # RULES 1.5: two players; 3 2 A K ... 4 whatever the suit; no trumps; "I put"; five points.
    assert "The game is for two players." in rules
    assert "The cards rank 3, 2, ace, king, queen, knave, 10, 9, 8, 7, 6, 5, 4" in rules
    assert "whatever their suit" in rules
    assert "there are no trumps" in rules
    assert '"I put"' in rules
    assert "wins him the game (5 points)" in rules
    assert 'One trick each and a tie ("trick and tie"): neither scores.' in rules
    assert "the player who led to it leads again" in rules
    # Nothing of Loo: no miss, no pool, no flushes, no declaring in turn.
    for word in ("miss", "counter", "flush", "looed", "Pam"):
        assert word not in rules, word
    assert "Special hands" not in text


def test_an_override_is_marked() -> None:
    text = describe_variant("three-card-loo", overrides={"wagers.loo": "mixed"})
    marked = [line for line in rule_lines(text) if "*(" in line]
    assert len(marked) == 1 and "never more than 30 counters (mixed loo)" in marked[0]
    assert marked[0].endswith("*(override)*")


def test_a_change_without_origin_is_marked_as_changed() -> None:
    base = Rules(name="loo")
    text = rulebook(attrs.evolve(base, wagers=Wagers(stake_loo=9)), base)
    marked = [line for line in rule_lines(text) if "*(changed)*" in line]
    assert len(marked) == 1 and "a loo of 9 counters" in marked[0]


def test_describe_command_prints_the_rulebook() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert (
        run(["describe", "irish", "-H", "club-law", "--set", "wagers.stake_loo=3"], out, err) == 0
    )
    text = out.getvalue()
    assert text.startswith("# Irish Loo, with Club Law\n")
    assert "*(house rule: club-law)*" in text and "*(override)*" in text
    out, err = io.StringIO(), io.StringIO()
    assert run(["describe", "no-such-game"], out, err) == 2  # an argument problem
    assert "no bundled game or house rule is named 'no-such-game'" in err.getvalue()


# --------------------------------------------------------------------------- differences


def test_three_card_against_irish_loo() -> None:
    lines = diff_variants("three-card-loo", "irish-loo")
    # RULES 1.3.1: "no Pam and no miss", one exchange of any number of cards from the stock.
    assert "The miss: dealt in three-card-loo, not in irish-loo" in lines
    assert "Exchanging: none in three-card-loo; once, any number of cards, in irish-loo" in lines
    # With no miss, a lone stander cannot be opposed by the miss (D42).
    assert any(line.startswith("A lone stander: the dealer must play the miss") for line in lines)
    # Play and settlement are as at three-card loo (RULES 1.3.2).
    for topic in (
        "Trumping when void",
        "Following suit",
        "Loo",
        "Dividing the pool",
        "The promoted card",
        "The deal",
    ):
        assert not any(line.startswith(topic + ":") for line in lines), topic


def test_a_house_rule_against_its_game() -> None:
    lines = diff_variants("five-card-loo", "five-card-loo", house_rules_b=["mixed-loo"])
    # RULES 1.4.3: the loo is the pool played for, up to the limit (30 in mixed-loo).
    assert lines == [
        "Loo: a fixed 10 counters in five-card-loo; the pool played for, at most "
        "30, in five-card-loo+mixed-loo"
    ]


@pytest.mark.parametrize(
    "game", ["three-card-loo", "five-card-loo", "irish-loo", "put", "put-four-handed"]
)
def test_a_game_against_itself_has_no_differences(game: str) -> None:
    assert differences(load_variant(game), load_variant(game)) == []
    out, err = io.StringIO(), io.StringIO()
    assert run(["diff", game, game], out, err) == 0
    assert out.getvalue() == f"{NO_DIFFERENCES}\n"


def test_a_preset_of_the_defaults_changes_nothing() -> None:
    # peel-1891 states Peel's choices, which are the games' defaults.
    assert diff_variants("three-card-loo", "three-card-loo", house_rules_b=["peel-1891"]) == []


def test_diff_command() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert run(["diff", "put", "put", "-H", "cotton-put"], out, err) == 1  # differences found
    lines = out.getvalue().splitlines()
    # D50: after Cotton a deal played out scores one point unless a put was seen.
    assert (
        "A deal played out: the game in put; one point, or the game after a put, in put+cotton-put"
    ) in lines


def test_values_are_read_through_dotted_keys() -> None:
    assert value_of(load_variant("put"), "challenges.model").value == "hoyle"


# --------------------------------------------------------------------------- truthful books


def test_put_states_no_declaring_that_its_throw_up_contradicts() -> None:
    rules = body(describe_variant("put"))
    assert "every player takes part in every deal" not in rules
    assert "gives up a deal only by the challenges of the play" in rules
    # Put has no "player nearest the dealer's left who is in the play": two play, and the
    # non-dealer leads (sources.md 1.5.4).
    assert "who is in the play" not in rules
    assert "The non-dealer (the elder hand) leads to the first trick." in rules


def test_four_handed_put_speaks_of_the_player_for_each_side() -> None:
    rules = body(describe_variant("put-four-handed"))
    # 1.6.2: one partner of each side gives his card and "takes no further part", so the
    # challenges are those of the players for the sides, not of "the dealer".
    assert "every player takes part" not in rules
    assert "takes no further part" in rules
    challenge = next(line for line in rule_lines(rules) if "throw up his cards" in line)
    assert "the player for the non-dealer's side" in challenge
    assert "the player for the dealer's side" in challenge
    assert " the dealer scores" not in challenge and "the non-dealer must" not in challenge


def test_a_point_is_stated_once() -> None:
    lines = rule_lines(describe_variant("put"))
    assert not any(
        line.split("** ", 1)[1].startswith("A throw-up, a declined lead") for line in lines
    )
    assert sum("scores 1 point" in line for line in lines) == 1


def test_the_trump_duty_is_stated_with_whom_it_binds() -> None:
    lines = rule_lines(describe_variant("five-card-loo"))
    duty = [line for line in lines if "must lead a trump to the next trick" in line]
    assert len(duty) == 1 and "The winner of the first trick" in duty[0]
    assert duty[0].split(" [")[0].endswith("later leads are free.")
    assert not any("This duty binds" in line for line in lines)


@pytest.mark.parametrize("game", ["three-card-loo", "put", "five-card-loo", "put-four-handed"])
def test_sections_are_numbered_in_turn(game: str) -> None:
    text = describe_variant(game)
    numbers = [int(m) for m in re.findall(r"^## (\d+)\. ", text, flags=re.M)]
    assert numbers == list(range(1, len(numbers) + 1))
    for line in rule_lines(text):
        assert int(line[2 : line.index(".")]) in numbers


def test_penalties_are_said_to_be_agreed_at_the_table() -> None:
    text = describe_variant("five-card-loo")
    single = next(line for line in rule_lines(text) if "The single loo" in line)
    # Peel: a single loo is "generally half the full loo" (D4); it is not the program's to
    # apply, the program refusing any action the rules forbid.
    assert "half the ordinary loo (5 counters)" in single
    assert "agreed at the table and not applied by the program" in single
    assert "agreed at the table and not applied by the program" in describe_variant("put")


SITTING_OUT = """
title: the dealer out of the play
source: the rulebook's words on players.dealer_sits_out_above
variant: three-card-loo
options: {players: {dealer_sits_out_above: 5}}
players: 6
dealer: 5
pool: 0
deal:
  hands: [[AS, AD, 2C], [2S, 2D, AC], [3S, 3D, 3C], [4S, 4D, 4C], [5S, 5D, 5C], [6S, 6D, 6C]]
  miss: [7S, 7D, 7C]
  turn_up: 2H
"""


def test_the_dealer_who_sits_out_is_played_as_the_rulebook_says() -> None:
    rules = load_variant("three-card-loo", overrides={"players.dealer_sits_out_above": 5})
    text = option_sentence("players.dealer_sits_out_above", rules)
    assert "if every other player throws up nobody takes the pool" in text
    assert "carried whole to the next deal" in text
    assert "a player who stands alone takes the pool without play" in text
    # He is dealt a hand all the same (docs/sources.md 1.1.1, D25: a choice, against Peel's
    # withdrawal at one's deal), and the rulebook says so: three cards, as every seat.
    assert "His hand is dealt all the same" in text
    assert '"not deal any cards to himself"' in text
    s = new_session(rules, players=6, dealer=5, seed=3)
    assert [len(s.hand(seat)) for seat in range(6)] == [3] * 6
    # Every other player throws up: nobody takes the dealer's stake of 3; it is carried.
    all_pass = SITTING_OUT + (
        "steps: ['0: throw-up', '1: throw-up', '2: throw-up', '3: throw-up', '4: throw-up']\n"
        "expect: {ended_by: all_pass, net: [0, 0, 0, 0, 0, -3], pool: 3, single: false}\n"
    )
    result = run_ruling(parse_ruling(all_pass))
    assert result.ok, result.failures
    # One stands alone: he takes the pool (the stake, 3) without play; the miss is not
    # played for the pool, and the dealer is never asked to declare.
    alone = SITTING_OUT + (
        "steps: ['0: stand', '1: throw-up', '2: throw-up', '3: throw-up', '4: throw-up']\n"
        "expect: {ended_by: unopposed, net: [3, 0, 0, 0, 0, -3], pool: 0, single: true}\n"
    )
    result = run_ruling(parse_ruling(alone))
    assert result.ok, result.failures


def test_a_file_that_extends_a_game_marks_its_changes(tmp_path: Path) -> None:
    rule = tmp_path / "our-loo.yaml"
    rule.write_text(
        "extends: five-card-loo\nname: our-pam-loo\npromoted: {card: jack_of_trumps}\n"
        "wagers: {loo: mixed, mixed_cap: 20}\nhouse_rules: [club-law]\n",
        encoding="utf-8",
    )
    text = describe_variant(str(rule))
    assert text.startswith("# our-pam-loo, with Club Law\n")
    assert "extends **Five-Card Loo** (`five-card-loo`)" in text
    assert "House rule **Club Law** (`club-law`)" in text
    marked = {line.split("** ")[0] + "**": line for line in rule_lines(text) if "*(" in line}
    pam = [line for line in marked.values() if "The knave of the trump suit, called Pam" in line]
    loo = [line for line in marked.values() if "never more than 20 counters" in line]
    club = [line for line in marked.values() if "Club Law: whenever a club" in line]
    assert pam and pam[0].endswith("*(changed by our-pam-loo)*")
    assert loo and loo[0].endswith("*(changed by our-pam-loo)*")
    assert club and club[0].endswith("*(house rule: club-law)*")
    assert len(marked) == 3
    # The summary follows the effective rules: Pam is the knave of trumps, not of clubs.
    summary = text.splitlines()[2]
    assert "Pam (the knave of trumps)" in summary and "knave of clubs" not in summary
    assert "at most 20 counters" in summary


def test_a_changed_point_or_trump_duty_marks_the_sentences_that_state_it() -> None:
    text = describe_variant("put", overrides={"challenges.point": 2})
    marked = [line for line in rule_lines(text) if line.endswith("*(override)*")]
    assert len(marked) == 2 and all("2 points" in line for line in marked)
    assert diff_variants("put", "put") == []
    text = describe_variant(
        "three-card-loo", overrides={"leads.trump_after_trick_scope": "every_trick"}
    )
    marked = [line for line in rule_lines(text) if line.endswith("*(override)*")]
    assert len(marked) == 1 and "The winner of every trick, if he still holds a trump" in marked[0]
