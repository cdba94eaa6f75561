"""The rulebooks of Spades, read as a Spades player reads them.

Expected content comes from docs/families.md: 2.2, Spades as people play it (the game
``spades`` and its house rules), and 2.1, OpenSpiel's game (the preset
``spades-openspiel``); not from output. Each sentence of the new mechanisms (sides in which
all four play, a trump suit fixed for every deal, a side's contract and its cap, a contract
made with at least the tricks bid, nil, bags, a game to a target by sides) stands only
where :mod:`cardrules.rules.applies` says its option applies.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from rulebook_lines import rule, rule_texts

from cardrules.engine.contractpoints import contract_points
from cardrules.rules.applies import (
    bags_counted,
    partnerships_play,
    side_contracts,
    sides_play,
    trumps_in_play,
)
from cardrules.rules.loader import load_variant
from cardrules.rules.model import Rules
from cardrules.tools.rulebook import RULES, describe_variant, render, rulebooks
from cardrules.tools.rulebook.summary import summary_of
from cardrules.tools.rulediff import diff_variants

SPADES = describe_variant("spades")
PRESET = describe_variant("spades", ["spades-openspiel"])
TWO_CLUBS = describe_variant("spades", ["spades-two-of-clubs"])
TO_300 = describe_variant("spades", ["spades-300"])


def test_spades_as_people_play_it() -> None:
    rules = "\n".join(rule_texts(SPADES))
    # 2.2.1: four in fixed partnerships, 52 cards, A high, spades always trumps.
    assert "The game is for four players." in rules
    assert "two sides of two, partners sitting opposite" in rules
    assert "All four play, each his own hand" in rules
    assert "the tricks two partners take count together for their side" in rules
    assert "each partner scores what his side scores" in rules
    assert "The full pack of 52 cards is used." in rules
    assert "the cards rank ace, king, queen, knave, 10, 9, 8, 7, 6, 5, 4, 3, 2" in rules
    assert "No card is turned up: spades are always trumps." in rules
    # 2.1.7 (and 2.2.1): the highest spade wins, else the highest card of the suit led.
    assert (
        "A trick is won by the highest spade in it, or if it holds no spade, by the highest "
        "card of the suit led"
    ) in rules
    # 2.2.2: one at a time from the dealer's left, 13 each; the deal rotates clockwise.
    assert (
        "gives each player thirteen cards, one at a time, clockwise from the player on his left"
    ) in rules
    assert "the deal passes to the left after every hand" in rules
    # 2.2.3: from the dealer's left, ending with the dealer, one bid each, no pass; nil
    # allowed; no cap on a side's total.
    bidding = rule(SPADES, "bids aloud")
    assert "beginning with the elder hand and ending with the dealer" in bidding
    assert "from none, called nil, to thirteen" in bidding
    assert "nobody passes" in bidding
    assert "The two bids of a side are not limited together" in rules
    # 2.2.4: the dealer's left leads the first trick.
    assert "The elder hand leads to the first trick." in rules
    # 2.2.5: spades not led until a spade has been played or the leader holds only spades.
    assert (
        "Spades may not be led until they are broken (see the next rule), unless the leader "
        "holds nothing but spades."
    ) in rules
    assert "Spades are broken as soon as a spade has been played to a trick." in rules
    # 2.1.6 (the pages say no more): follow suit if able, else any card; no duty to trump.
    assert "Each player must follow suit if he can." in rules
    assert "A player who cannot follow suit may play any card; he need not trump." in rules
    # 2.2.6: made, 10 per trick bid and 1 per bag; set, -10 per trick bid; nil +-100; ten
    # bags -100.
    assert "The bids of two partners, added together, are their side's contract" in rules
    made = rule(SPADES, "has made its contract")
    assert "took at least the tricks it bid" in made
    assert "ten points for each trick bid and one point for each trick over its bid" in made
    assert "called a bag" in made
    assert (
        "A side that took fewer tricks than it bid is set: it loses 10 points for each trick "
        "it bid, and scores nothing for its tricks."
    ) in rules
    nil = rule(SPADES, "bids nil")
    assert "his side scores 100 points if he takes none, and loses 100 if he takes any" in nil
    # S6 as OpenSpiel (and "some" of PS) play it: a failed nil's tricks count for the side.
    assert "His tricks count for his side all the same, toward its contract and as bags." in nil
    bags = rule(SPADES, "is a bag")
    assert "counted on from the last digit of the side's score" in bags
    assert "each time the count reaches ten the side loses 100 points" in bags
    # 2.2.7: 500 points; both sides over 500 in one deal: the higher wins.
    end = rule(SPADES, "wins the game")
    assert end.startswith("The first side to score 500 points wins the game")
    assert "if both sides reach it in the same deal, the higher score wins" in end


def test_the_bag_rule_is_the_text_s_reckoning() -> None:
    # 2.1.8: -100 * floor(((R mod 10) + (t - c)) / 10), with C++ %: R = 99 and one bag costs
    # 100; R = -99 and one bag costs nothing, the count starting from -9 (as the rulebook
    # says). The engine's scoring reads the same: NS bid 4 and 3 and take 8 (one bag), EW
    # bid 3 and 2 and take 5.
    assert "at -99 the count starts from minus nine" in rule(SPADES, "is a bag")
    spades = load_variant("spades").settlement.contract
    won, bids = [5, 2, 3, 3], [4, 3, 3, 2]
    assert contract_points(spades, bids=bids, won=won, bags=[0, 0, 0, 0])[0] == 71
    assert contract_points(spades, bids=bids, won=won, bags=[9, 0, 9, 0])[0] == 71 - 100
    assert contract_points(spades, bids=bids, won=won, bags=[-9, 0, -9, 0])[0] == 71


def test_the_sections_are_those_of_spades() -> None:
    titles = re.findall(r"^## \d+\. (.*)$", SPADES, flags=re.M)
    assert titles == [
        "Players and pack",
        "The deal",
        "Bidding",
        "The play",
        "Settlement",
        "The session",
    ]


@pytest.mark.parametrize("text", [SPADES, PRESET, TWO_CLUBS, TO_300])
def test_no_word_of_loo_oh_hell_or_hearts(text: str) -> None:
    rules = rule_texts(text)
    body = "\n".join(rules).lower()
    # Loo's pool and declaring, Oh Hell's hook and its "each player's own" contract,
    # Hearts's passing and card points: none of them is a rule of Spades (2.2).
    for word in ("pool", "loo", "counter", "miss", "flush", "pam", "declare", "stand"):
        assert word not in body, word
    for word in ("hook", "throw", "exactly the tricks", "heart", "moon", "card points"):
        assert word not in body, word
    assert "passes three" not in body and "each for himself" not in body
    assert "there are no trumps" not in body and "no trumps" not in body
    assert "The leader is free" not in text  # spades wait to be broken (2.2.5)
    # Every citation is of Spades's sections of docs/families.md.
    assert "[sources.md" not in text


def test_the_summary_of_spades_says_its_rules() -> None:
    # A house rule makes the rulebook state the summary of the effective rules.
    for text in (PRESET, TWO_CLUBS, TO_300):
        summary = text.splitlines()[2]
        assert summary.startswith("*Four players in two sides of two, partners opposite,")
        assert "spades always trumps" in summary
        assert "each for himself" not in summary and "no trumps" not in summary
        assert "the partners' bids added into their side's contract" in summary
        assert "at least its contract scores 10 a trick bid and 1 a trick over (a bag)" in summary
        assert "every 10 bags costing 100" in summary
        assert "a nil bid wins or loses 100" in summary
    assert "the first side to 300 points wins" in TO_300.splitlines()[2]
    assert "at most 13 together" in PRESET.splitlines()[2]
    assert "the session ends when every player has dealt once" in PRESET.splitlines()[2]
    assert summary_of(load_variant("oh-hell")).startswith(
        "A number of cards each that changes from deal to deal, trumps turned up;"
    )


def test_openspiel_preset() -> None:
    # 2.1.5: the second partner bids 0 to 13 less the first's bid.
    cap = rule(PRESET, "tricks together")
    assert (
        "The two partners of a side may not bid more than thirteen tricks together: the second "
        "of them to bid may bid at most thirteen less his partner's bid."
    ) in cap
    assert cap.endswith("[families.md 2.1.5, S4] *(house rule: spades-openspiel)*")
    # 2.1.6: the flag is never set: spades are led only by a player holding nothing else.
    never = rule(PRESET, "never broken")
    assert "only a leader who holds nothing else may lead them" in never
    assert never.endswith("[families.md 2.1.6, S2] *(house rule: spades-openspiel)*")
    # 2.1.9: one OpenSpiel game is one deal, each player's return his side's score; the
    # preset plays a session of one deal by each player, the higher side's total winning.
    end = rule(PRESET, "The session ends")
    assert "every player has dealt once; the side with the higher total of points wins" in end
    marked = [line for line in rule_texts(PRESET) if "*(house rule: spades-openspiel)*" in line]
    assert len(marked) == 3  # the cap, the breaking, the end


def test_the_two_of_clubs_leads() -> None:
    # 2.2.4, HTF: the holder of 2C leads it; nothing then says the elder hand leads.
    first = rule(TWO_CLUBS, "two of clubs")
    assert first.startswith("The holder of the two of clubs leads to the first trick")
    assert first.endswith("[families.md 2.2.4, S1] *(house rule: spades-two-of-clubs)*")
    assert "leads to the first trick" not in rule(TWO_CLUBS, "bids aloud")
    assert "The elder hand leads" not in TWO_CLUBS


def test_spades_to_300() -> None:
    # 2.2.7: 500 "(or 300 [OSG])".
    end = rule(TO_300, "wins the game")
    assert end.startswith("The first side to score 300 points wins the game")
    assert end.endswith("*(house rule: spades-300)*")


# --------------------------------------------------------------------------- where each applies


def fixed_trumps(r: Rules) -> bool:
    """A suit is trumps in every deal: trumps are in play, and no card is turned up for
    them (applies.trumps_in_play covers a fixed suit and a turn-up alike)."""
    return trumps_in_play(r) and not r.trumps.turn_up


#: Each option of the new mechanisms, with the predicate of applies.py that says where it
#: applies (a fixed trump suit: where trumps are in play without a turn-up; a contract's
#: sentences: where there is bidding): its sentence stands in a rulebook only there.
WHERE: dict[str, Callable[[Rules], bool]] = {
    "partnerships.play": sides_play,
    "bidding.side_cap": side_contracts,
    "settlement.contract.by": side_contracts,
    "settlement.contract.made": lambda r: r.bidding.enabled,
    "settlement.contract.nil": lambda r: r.bidding.enabled,
    "settlement.contract.bag_limit": bags_counted,
}

BOOKS = {name: text for name, text in rulebooks().items() if name != "README.md"}


def sentences_of(key: str, rules: Rules) -> list[str]:
    """The sentences of the rules whose first option is ``key`` (in a rulebook)."""
    return [render(r, rules)[1] for r in RULES if r.keys[:1] == (key,) and r.in_book]


@pytest.mark.parametrize("name", sorted(BOOKS))
def test_each_new_sentence_stands_only_where_it_applies(name: str) -> None:
    game, *house = name.removesuffix(".md").split("+")
    rules = load_variant(game, house)
    text = BOOKS[name]
    for key, applies in WHERE.items():
        shown = [s for s in sentences_of(key, rules) if s in text]
        if not applies(rules):
            assert not shown, (name, key, shown)
    if not fixed_trumps(rules):
        assert "are always trumps" not in text, name
    if not sides_play(rules):
        assert "The first side to score" not in text, name
        assert "the side with the higher total" not in text, name
    if not partnerships_play(rules):
        assert "the player for the non-dealer's side" not in text, name


def test_in_spades_every_new_option_is_stated() -> None:
    rules = load_variant("spades")
    assert fixed_trumps(rules) and "spades are always trumps" in SPADES
    for key, applies in WHERE.items():
        assert applies(rules), key
        assert any(s in SPADES for s in sentences_of(key, rules)), key


def test_oh_hell_keeps_each_player_s_own_exact_contract() -> None:
    # sources.md 1.7.6: exactly the tricks bid, one a trick and ten more; each his own.
    for name, text in BOOKS.items():
        if not name.startswith("oh-hell"):
            continue
        made = r"each player who took exactly the tricks he bid scores one point for each trick "
        assert re.search(made + r"and \w+ points more", text), name
        body = "\n".join(rule_texts(text)).lower()
        for word in ("side", "nil", "bag", "partner", "at least the tricks", "is set"):
            assert word not in body, (name, word)
        # The elder hand leads (1.7.5), where the deal names him, or on the dealer's left.
        assert re.search(r"\*\* The elder hand(, on the dealer's left,)? leads to the first", text)


def test_spades_against_oh_hell_and_openspiel() -> None:
    lines = diff_variants("oh-hell", "spades")
    assert "Trumps: turned up in oh-hell; spades always in spades" in lines
    assert "Whose contract: each player's own in oh-hell; the side's in spades" in lines
    assert "A bid made: exactly the tricks bid in oh-hell; at least the tricks bid in spades" in (
        lines
    )
    assert "Nil: none in oh-hell; 100 points either way in spades" in lines
    assert "Bags: none in oh-hell; every 10 bags cost 100 in spades" in lines
    lines = diff_variants("spades", "spades", house_rules_b=["spades-openspiel"])
    assert lines == [
        "A side's bids: no cap in spades; at most 13 together in spades+spades-openspiel",
        "Breaking the barred suit: once a card of it is played in spades; never in "
        "spades+spades-openspiel",
        "The end: first to 500 points in spades; after 1 round in spades+spades-openspiel",
    ]
