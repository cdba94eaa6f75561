"""Each rule of a rulebook cites the sources of its game and of the value chosen.

The sections each game may cite are those ``docs/sources.md`` gives it: three-card loo
1.1 (with the variations of 1.4) and D1-D25; five-card loo 1.2, played as three-card
loo where it says nothing else; Irish loo 1.3, "virtually the same as the five-card
variety"; Put 1.5 and D48-D57; four-handed Put 1.6 besides. Hearts's are those of
``docs/families.md``: 1.2 as people play it, 1.1 as OpenSpiel does, H1-H10; Spades's 2.2
and 2.1 the same way, S1-S9. Every citation must name a rule or a disagreement that exists
in its document.
"""

from __future__ import annotations

import enum
import re

import attrs
import pytest
from numbering import numbers_in_families, numbers_in_sources

from cardrules.rules.citations import (
    ANY,
    CITES,
    GAMES,
    ONE_WAY,
    Game,
    belongs,
    game_of,
    sources_for,
)
from cardrules.rules.loader import load_variant
from cardrules.rules.model import Rules, field_class
from cardrules.tools.rulebook import RULES, rulebooks

CITED = re.compile(r"\[((?:sources|families)\.md [^\]]+)\]")


def citations(text: str) -> list[str]:
    """The keys a text's citations name, as the rules model writes them: ``[sources.md
    1.1.3, D1]`` names 1.1.3 and D1, ``[families.md 1.2.3, H4]`` F1.2.3 and H4."""
    keys = []
    for group in CITED.findall(text):
        for part in group.split(";"):
            document, _, numbers = part.strip().partition(" ")
            for number in (n.strip() for n in numbers.split(",")):
                dotted = re.fullmatch(r"\d+(\.\d+)+", number)
                keys.append("F" + number if document == "families.md" and dotted else number)
    return keys


def known() -> set[str]:
    """Every key of the two documents, as the tests read them."""
    return numbers_in_sources() | numbers_in_families()


BOOKS = {name: text for name, text in rulebooks().items() if name != "README.md"}


def test_the_sources_are_numbered_as_cited() -> None:
    known = numbers_in_sources()
    # Spot checks, read from docs/sources.md by eye.
    assert {"1.1.12.3", "1.2.9.7", "1.5.6.4", "1.6.4", "D1", "D60"} <= known
    assert {"1.7.4", "D61", "D71", "D83"} <= known
    assert {"1.8.14.6", "D72", "D82", "1.8.11.3", "1.8.12.5", "1.8.15", "D84", "D91"} <= known
    assert "1.1.18" not in known and "1.7.9" not in known and "1.8.17" not in known
    assert "1.8.11.4" not in known and "D92" not in known
    # docs/families.md keeps FAMILIES's numbering: the keys the model cites are there.
    families = numbers_in_families()
    assert {"F1.1.4.3", "F1.1.5.4", "F1.2.3", "F1.2.9", "F2.1.6", "H1", "H10", "S2"} <= families
    assert {"F6.3", "F7.5", "F11.7", "H-1", "E10", "R3"} <= families
    assert "F1.2.10" not in families and "H11" not in families and "F1.1.10" not in families


@pytest.mark.parametrize("name", sorted(BOOKS))
def test_every_citation_belongs_to_the_game_and_exists(name: str) -> None:
    game, *house = name.removesuffix(".md").split("+")
    rules = load_variant(game, house)
    cited = citations(BOOKS[name])
    assert cited, name
    assert belongs(cited, game_of(rules)) == [], name
    assert set(cited) <= known(), set(cited) - known()


def rule_line(book: str, start: str) -> str:
    return next(line for line in BOOKS[book].splitlines() if start in line)


def test_five_card_loo_cites_its_own_sources() -> None:
    # Peel: five-card loo "is not suitable for more than six players" (1.2.1, D28);
    # Put's "generally by two" (1.5.1, D48) is no source of it.
    players = rule_line("five-card-loo.md", "From three to six players")
    assert "1.2.1" in players and "D28" in players
    assert "1.5.1" not in players and "1.6.1" not in players and "D48" not in players
    # Its ranking is Pam's and the whist order (1.2.2), not Put's (1.5.2).
    ranking = rule_line("five-card-loo.md", "the cards rank ace, king")
    assert "1.2.2" in ranking and "1.5.2" not in ranking
    # A limited loo cites neither Unlimited (1.4.2) nor Mixed Loo (1.4.3).
    loo = rule_line("five-card-loo.md", "a loo of 10 counters")
    assert "1.4.2" not in loo and "1.4.3" not in loo and "1.1.14.3" in loo
    # The first dealer is cut for as at Loo (D1), not as at Put (D49).
    dealer = rule_line("five-card-loo.md", "To find the first dealer")
    assert "D1" in dealer and "D49" not in dealer


def test_mixed_loo_cites_mixed_loo() -> None:
    loo = rule_line("five-card-loo+mixed-loo.md", "never more than 30 counters")
    assert "1.4.3" in loo and "1.1.14.3" not in loo and "1.4.2" not in loo


def test_put_cites_no_rule_of_loo() -> None:
    for book in ("put.md", "put-four-handed.md"):
        cited = set(citations(BOOKS[book]))
        assert not cited & {"D24", "D28", "D11", "D31", "1.1.16", "D23"}, book
        assert all(s.startswith(("1.5", "1.6", "D")) for s in cited), book


def test_put_first_dealer_cites_the_disagreement_of_put() -> None:
    dealer = rule_line("put.md", "To find the first dealer")
    assert dealer.endswith("[sources.md 1.5.3, D49]")


# --------------------------------------------------------------------------- the data


def option_class(key: str) -> type:
    *path, name = key.split(".")
    cls: type = Rules
    for part in path:
        cls = field_class(cls, part)
    assert name in attrs.fields_dict(cls), key
    found: type = field_class(cls, name)
    return found


@pytest.mark.parametrize("row", CITES, ids=[f"{r[0]}={r[1]}" for r in CITES])
def test_every_row_names_an_option_a_value_and_sources_of_its_games(row: tuple) -> None:  # type: ignore[type-arg]
    key, value, games, sources = row
    kind = option_class(key)
    if value != ANY and isinstance(kind, type) and issubclass(kind, enum.Enum):
        assert value in {m.value for m in kind}, (key, value)
    assert games, key
    for game in games:
        cited = [s.strip() for s in sources.split(",")]
        assert belongs(cited, game) == [], (key, game, cited)
        assert set(cited) <= known(), (key, cited)


@pytest.mark.parametrize("row", ONE_WAY, ids=[f"{r[0]}-{i}" for i, r in enumerate(ONE_WAY)])
def test_every_rule_played_one_way_is_cited_by_its_sentence(row: tuple) -> None:  # type: ignore[type-arg]
    # No option chooses it: some sentence of the rulebook names it among its citations.
    key, value, games, sources = row
    assert value == ANY and key.startswith("one_way.")
    citing = [rule.topic for rule in RULES if rule.cites is not None and key in rule.cites(Rules())]
    assert len(citing) == 1, (key, citing)
    for game in games:
        cited = [s.strip() for s in sources.split(",")]
        assert belongs(cited, game) == [], (key, game, cited)
        assert set(cited) <= known(), (key, cited)


def test_a_value_cites_its_own_reading() -> None:
    # D9: Peel's dealer plays the miss for the pool; Enquire Within's may give up the
    # stakes (1.1.8.2); a lone stander without a miss is D42 (no source covers it).
    assert sources_for("declarations.lone_stander", "dealer_may_concede", Game.THREE_CARD) == (
        "1.1.8.2",
        "D9",
    )
    assert sources_for(
        "declarations.lone_stander", "stander_takes_pool_if_dealer_throws_up", Game.FIVE_CARD
    ) == ("D42",)
    assert sources_for("wagers.loo", "unlimited", Game.IRISH) == ("1.4.2",)


def test_every_game_has_sections() -> None:
    assert set(GAMES) == set(Game)
    assert game_of(load_variant("irish-loo")) is Game.IRISH
    assert game_of(load_variant("put-four-handed")) is Game.PUT_FOUR
    assert game_of(load_variant("five-card-loo", ["club-law"])) is Game.FIVE_CARD


# --------------------------------------------------------------------------- Hearts


def test_hearts_cites_families_md_and_no_loo_text() -> None:
    for book in ("hearts.md", "hearts+hearts-openspiel.md"):
        text = BOOKS[book]
        assert "[sources.md" not in text, book
        cited = citations(text)
        assert cited and all(c.startswith(("F1.1.", "F1.2.", "H")) for c in cited), cited


def test_hearts_rules_cite_the_rule_and_the_disagreement_of_their_value() -> None:
    # families.md 1.2.5 / H4: no heart and no QS on the first trick.
    barred = rule_line("hearts.md", "may not be played to the first trick")
    assert barred.endswith("[families.md 1.2.5, H4]")
    # 1.2.3 / H1: the directions in turn; OpenSpiel draws one at random (1.1.4.1).
    assert rule_line("hearts.md", "follows the deals in turn").endswith("[families.md 1.2.3, H1]")
    drawn = rule_line("hearts+hearts-openspiel.md", "drawn at random for each deal")
    assert "[families.md 1.1.4.1, H1]" in drawn
    # 1.2.9 / H10: to 100 lost, the fewest lost winning.
    assert "[families.md 1.2.9, H10]" in rule_line("hearts.md", "The game ends after the deal")
    # 1.1.8: OpenSpiel's returns, 26 less the points.
    assert "[families.md 1.1.8, H10]" in rule_line(
        "hearts+hearts-openspiel.md", "A player scores 26"
    )


def test_hearts_is_its_own_kind_of_game() -> None:
    assert game_of(load_variant("hearts")) is Game.HEARTS
    assert game_of(load_variant("hearts", ["hearts-openspiel"])) is Game.HEARTS
    assert "H4" in GAMES[Game.HEARTS] and "F1.1.5.4" in GAMES[Game.HEARTS]
    # Loo's disagreements, Spades' and Spoil Five's are not Hearts's.
    assert "D4" not in GAMES[Game.HEARTS] and "S2" not in GAMES[Game.HEARTS]
    assert "F1" not in GAMES[Game.HEARTS] and "F2.1.6" not in GAMES[Game.HEARTS]
    assert "H4" not in GAMES[Game.THREE_CARD]


# --------------------------------------------------------------------------- Spades


SPADES_BOOKS = [name for name in BOOKS if name.startswith("spades")]


def test_spades_cites_families_md_and_no_loo_text() -> None:
    assert sorted(SPADES_BOOKS) == [
        "spades+spades-300.md",
        "spades+spades-openspiel.md",
        "spades+spades-two-of-clubs.md",
        "spades.md",
    ]
    for book in SPADES_BOOKS:
        text = BOOKS[book]
        assert "[sources.md" not in text, book
        cited = citations(text)
        assert cited and all(c.startswith(("F2.1.", "F2.2.", "S")) for c in cited), cited
        # The preamble names Spades's rules and disagreements as its examples.
        assert "`cardrules sources families.md 2.2.3 S4`" in text, book


def test_spades_rules_cite_the_rule_and_the_disagreement_of_their_value() -> None:
    # families.md 2.2.3 / S4: no cap on a side's total; OpenSpiel's 13 (2.1.5).
    assert rule_line("spades.md", "not limited together").endswith("[families.md 2.2.3, S4]")
    cap = rule_line("spades+spades-openspiel.md", "tricks together")
    assert "[families.md 2.1.5, S4]" in cap
    # 2.2.5 / S2: broken once a spade is played; never, as OpenSpiel plays (2.1.6).
    assert rule_line("spades.md", "Spades are broken").endswith("[families.md 2.2.5, S2]")
    assert "[families.md 2.1.6, S2]" in rule_line("spades+spades-openspiel.md", "never broken")
    # 2.2.4 / S1: the dealer's left leads; HTF's 2C.
    assert rule_line("spades.md", "The elder hand leads").endswith("[families.md 2.2.4, S1]")
    assert "[families.md 2.2.4, S1]" in rule_line(
        "spades+spades-two-of-clubs.md", "leads to the first trick, whoever deals"
    )
    # 2.2.6 / S5, S6: nil 100 either way, its bidder's tricks counting for the side.
    assert rule_line("spades.md", "bids nil").endswith("[families.md 2.2.6, S5, S6]")
    # 2.2.6, 2.1.8 / S7: ten bags cost 100, read from the score's last digit.
    assert rule_line("spades.md", "is a bag").endswith("[families.md 2.2.6, 2.1.8, S7]")
    # 2.2.7 / S8: 500 by sides; the preset's session of one deal each (2.1.9).
    assert "[families.md 2.2.7, S8]" in rule_line("spades.md", "The first side to score 500")
    assert "[families.md 2.1.9, S8]" in rule_line("spades+spades-openspiel.md", "The session ends")
    # The first dealer: no page says; 2.2.2 says what the bundled game does.
    assert rule_line("spades.md", "To find the first dealer").endswith("[families.md 2.2.2]")


def test_spades_is_its_own_kind_of_game() -> None:
    assert game_of(load_variant("spades")) is Game.SPADES
    for house in ("spades-openspiel", "spades-two-of-clubs", "spades-300"):
        assert game_of(load_variant("spades", [house])) is Game.SPADES
    assert game_of(load_variant("oh-hell")) is Game.OH_HELL  # each player's own contract
    assert "S4" in GAMES[Game.SPADES] and "F2.1.6" in GAMES[Game.SPADES]
    assert "F2.2.7" in GAMES[Game.SPADES]
    # Hearts's and Loo's rules and disagreements are not Spades's, nor Spades's theirs.
    assert "H4" not in GAMES[Game.SPADES] and "D64" not in GAMES[Game.SPADES]
    assert "F1.2.3" not in GAMES[Game.SPADES] and "F3.2.1" not in GAMES[Game.SPADES]
    assert "S4" not in GAMES[Game.OH_HELL] and "S4" not in GAMES[Game.HEARTS]
