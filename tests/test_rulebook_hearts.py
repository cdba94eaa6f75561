"""The rulebooks of Hearts, read as a Hearts player reads them.

Expected content comes from docs/families.md: 1.2, Hearts as people play it (the game
``hearts``), and 1.1, OpenSpiel's game (the preset ``hearts-openspiel``); not from output.
Each sentence of the new mechanisms (passing, the first card, a suit barred from the lead,
the first trick's bars, card points, the loss limit) stands only where
:mod:`cardrules.rules.applies` says its option applies.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from rulebook_lines import rule, rule_texts

from cardrules.rules.applies import (
    card_points_counted,
    first_card_named,
    first_trick_bars,
    lead_barred_until_broken,
    passes,
)
from cardrules.rules.loader import load_variant
from cardrules.rules.model import Rules
from cardrules.tools.rulebook import RULES, describe_variant, render, rulebooks
from cardrules.tools.rulediff import diff_variants

HEARTS = describe_variant("hearts")
PRESET = describe_variant("hearts", ["hearts-openspiel"])


def test_hearts_as_people_play_it() -> None:
    rules = "\n".join(rule_texts(HEARTS))
    # 1.2.1: four, each for himself; 52 cards, A high; no trumps.
    assert "The game is for four players." in rules
    assert "The full pack of 52 cards is used." in rules
    assert "the cards rank ace, king, queen, knave, 10, 9, 8, 7, 6, 5, 4, 3, 2" in rules
    assert "there are no trumps" in rules
    # 1.2.2: one at a time clockwise from the dealer's left, 13 each; the deal rotates.
    assert (
        "gives each player thirteen cards, one at a time, clockwise from the player on his left"
    ) in rules
    assert "the deal passes to the left after every hand" in rules
    # 1.2.3: three cards, chosen before looking at those received: left, right, across, none.
    passing = rule(HEARTS, "passes three of his cards")
    assert "choosing them before he receives any" in passing
    turn = rule(HEARTS, "Where the cards go")
    assert (
        "in the first deal to the left, in the second to the right, in the third across and "
        "in the fourth no passing, and so round again"
    ) in turn
    # 1.2.4: the holder of 2C leads it.
    assert (
        "The holder of the two of clubs leads to the first trick, whoever deals, and must lead it."
    ) in rules
    # 1.2.5: follow suit if able, else any card; no heart and no QS on the first trick
    # unless nothing else.
    assert "Each player must follow suit if he can; otherwise he may play any card." in rules
    assert (
        "A heart or the queen of spades may not be played to the first trick, unless the player "
        "holds nothing else he may play."
    ) in rules
    # 1.2.6: hearts not led until broken unless the leader holds only hearts; a heart played,
    # or QS, breaks them.
    assert (
        "Hearts may not be led until they are broken (see the next rule), unless the leader "
        "holds nothing but hearts."
    ) in rules
    assert "Hearts are broken as soon as a heart, or the queen of spades, has been played" in rules
    # 1.2.7: heart 1, QS 13.
    assert "each heart 1 point and the queen of spades 13 points" in rules
    # 1.2.8: all hearts and QS: 0 for the shooter, 26 to each other.
    moon = rule(HEARTS, "shoots the moon")
    assert "every heart and the queen of spades" in moon
    assert "26 in all, count against each other player instead of against him" in moon
    # 1.2.9: deals until someone reaches 100; the lowest total wins.
    end = rule(HEARTS, "The game ends")
    assert "losses reach 100 points" in end and "the player who has lost the fewest wins" in end


def test_the_sections_are_those_of_hearts() -> None:
    titles = re.findall(r"^## \d+\. (.*)$", HEARTS, flags=re.M)
    assert titles == [
        "Players and pack",
        "The deal",
        "Passing",
        "The play",
        "Settlement",
        "The session",
    ]


def test_no_word_of_trumps_pools_or_loo() -> None:
    # Hearts has no trumps (1.2.1) and no pool: only the one sentence that says there are no
    # trumps speaks of them; nothing speaks of a pool, a loo, counters, the miss or flushes.
    for text in (HEARTS, PRESET):
        rules = rule_texts(text)
        assert [line for line in rules if "trump" in line.lower()] == [
            "No card is turned up, and there are no trumps. [families.md 1.2.1]"
        ]
        body = "\n".join(rules).lower()
        for word in ("pool", "loo", "counter", "miss", "flush", "pam", "declare", "stand"):
            assert word not in body, word
        assert "The leader is free" not in text  # the lead is barred (1.2.4, 1.2.6)


def test_openspiel_preset() -> None:
    # 1.1.4.2: the j-th card to seat j mod 4, whoever deals; the holder of 2C still leads.
    deal = rule(PRESET, "thirteen cards")
    assert "from the first seat at the table, whoever deals;" in deal
    assert "bids and leads first" not in deal  # the dealer fixes nothing of the play here
    assert deal.endswith("*(house rule: hearts-openspiel)*")
    # 1.1.4.1: no pass, left, across, right, each 1/4.
    drawn = rule(PRESET, "Where the cards go")
    assert (
        "drawn at random for each deal, each of these alike: no passing, to the left, across or "
        "to the right"
    ) in drawn
    # 1.1.8: each player's return is 26 less his points.
    assert "A player scores 26 for each deal, less the points counted against him." in PRESET
    marked = [line for line in rule_texts(PRESET) if "*(house rule: hearts-openspiel)*" in line]
    assert len(marked) == 4  # the deal, the direction, the score, the end
    # The summary says the effective rules, not Loo's: no pool, no stander.
    summary = PRESET.splitlines()[2]
    assert "the direction drawn at random each deal" in summary
    assert "each deal scores 26 less the points taken" in summary
    assert "pool" not in summary and "stander" not in summary


def test_openspiel_options_read_as_openspiel_plays_them() -> None:
    text = describe_variant(
        "hearts",
        overrides={
            "card_points.values": {"H": 1, "QS": 13, "JD": -10},
            "card_points.no_trick": -5,
            "leads.unbroken_exempt": ["QS"],
            "leads.first_card_suit": True,
            "leads.breakers": [],
        },
    )
    # 1.1.2 can_lead_any_club, 1.1.5.2: the first leader may lead any club.
    assert "leads to the first trick, whoever deals, and may lead it or any other club" in text
    # 1.1.5.4: a leader whose only non-heart is QS may lead hearts.
    assert "unless the leader holds nothing but hearts, or nothing but hearts and the queen" in text
    # H5, HO: only a heart breaks hearts.
    assert "Hearts are broken as soon as a heart has been played to a trick." in text
    # 1.1.2 jd_bonus: JD counts -10; the moon is still every heart and QS, 26 points (1.1.8).
    points = rule(text, "Each card taken in a trick")
    assert "the knave of diamonds 10 points in his favour" in points
    assert points.endswith("*(override)*")
    moon = rule(text, "shoots the moon")
    assert "every heart and the queen of spades" in moon and "26 in all" in moon
    assert "a card that counts in its taker's favour still counts for him" in moon
    # 1.1.8: the avoid bonus, -5, not when the moon is shot.
    assert (
        "A player who takes no trick has 5 points counted in his favour, unless someone shot "
        "the moon."
    ) in text


# --------------------------------------------------------------------------- where each applies

#: Each option of the new mechanisms, with the predicate of applies.py that says where it
#: applies: its sentence stands in a rulebook only there.
WHERE: dict[str, Callable[[Rules], bool]] = {
    "passing.cards": passes,
    "passing.choice": passes,
    "leads.first_card": first_card_named,
    "leads.first_card_suit": first_card_named,
    "leads.unbroken": lead_barred_until_broken,
    "leads.unbroken_exempt": lead_barred_until_broken,
    "leads.breaking": lead_barred_until_broken,
    "following.first_trick_barred": first_trick_bars,
    "card_points.values": card_points_counted,
    "card_points.moon": card_points_counted,
    "card_points.no_trick": card_points_counted,
    "card_points.base": card_points_counted,
}

BOOKS = {name: text for name, text in rulebooks().items() if name != "README.md"}


def sentences_of(key: str, rules: Rules) -> list[str]:
    """The sentences of the rules whose first option is ``key`` (in a rulebook)."""
    return [render(r, rules)[1] for r in RULES if r.keys[:1] == (key,) and r.in_book]


@pytest.mark.parametrize("name", sorted(BOOKS))
def test_each_new_sentence_stands_only_where_it_applies(name: str) -> None:
    game, *house = name.removesuffix(".md").split("+")
    rules = load_variant(game, house)
    for key, applies in WHERE.items():
        shown = [s for s in sentences_of(key, rules) if s in BOOKS[name]]
        if not applies(rules):
            assert not shown, (name, key, shown)


def test_in_hearts_every_new_option_that_says_something_is_stated() -> None:
    rules = load_variant("hearts")
    for key, applies in WHERE.items():
        assert applies(rules), key
        if key in ("card_points.no_trick", "card_points.base", "leads.first_card_suit"):
            continue  # nothing (0), or said by the first card's sentence
        if key == "leads.unbroken_exempt":
            continue  # said by the sentence of the barred suit
        assert any(s in HEARTS for s in sentences_of(key, rules)), key


def test_hearts_against_loo_and_openspiel() -> None:
    lines = diff_variants("three-card-loo", "hearts")
    assert "The first card led: none in three-card-loo; 2C in hearts" in lines
    assert any(line.startswith("Card points: none in three-card-loo;") for line in lines)
    lines = diff_variants("hearts", "hearts", house_rules_b=["hearts-openspiel"])
    where = next(line for line in lines if line.startswith("Where the cards go: "))
    assert "in turn: to the left, to the right, across, no passing, in hearts;" in where
    assert "drawn at random: no passing, to the left, across, to the right" in where
    assert any(line.startswith("The end: until someone has lost 100 points") for line in lines)
