"""The rulebook of a file of one's own cites the file's own sources for what the file states.

The documents of rules (``docs/sources.md``, ``docs/families.md``) state the bundled games:
a rule cites them only where it is the bundled game's own (a bundled file says it, or a
file that extends a bundled game leaves it as that game has it). What a file that is not
bundled states (every rule of a game that extends no bundled game, an option a file sets
or unsets over the bundled game it extends, what a house rule of one's own changes) cites
that file, ``[polignac.yaml]``, and the preamble names the file's sources. The bundled
rulebooks themselves do not change (tests/test_rulebooks_fresh.py).

Polignac is the game of Parlett's Penguin Book of Card Games: four players, eight cards
each from a piquet pack, no trumps, each knave taken costing a point and the knave of
spades two; it borrows Hearts's mechanism (cards counting against their taker) and is not
Hearts, so nothing of ``docs/families.md`` 1.2 (Hearts) may be cited for it.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

from cardrules.cli.app import run
from cardrules.rules.citations import Game, game_of
from cardrules.rules.loader import load_variant, rule_file
from cardrules.tools.rulebook import describe_variant

RULE_LINE = re.compile(r"^\*\*(\d+\.\d+)\*\* ")
#: A citation of the documents of rules, as a rulebook prints it.
DOCUMENTS = re.compile(r"\[(?:sources|families)\.md [^\]]*\]")

POLIGNAC = """\
name: polignac
title: Polignac
kind: game
description: Four players, eight cards each from a piquet pack, no trumps; each knave taken costs a point, the knave of spades two.
sources:
  - Parlett, The Penguin Book of Card Games, Polignac
players: {min: 4, max: 4, default: 4}
pack:
  cards: piquet32
  ranks: [A, K, Q, J, T, "9", "8", "7"]
deal: {hand_size: 8, packets: [1], miss: false, start: dealer_left}
trumps: {turn_up: false}
declarations: {enabled: false}
leads: {enforced: false}
following: {follow_suit: true, head_trick: false}
special_hands: {flush: {enabled: false}}
card_points:
  values: {JH: 1, JD: 1, JC: 1, JS: 2}
wagers: {scoring: points}
session: {finish: loss_limit, target_points: 20}
"""  # noqa: E501

PARLETT = "Parlett, The Penguin Book of Card Games, Polignac"

#: A partnership game with bids, of one's own: four in two sides, thirteen cards each,
#: spades trumps, each side's bids its contract (the mechanism of Spades, families.md 2.2).
PARTNERS = """\
name: partners
title: Partners
kind: game
sources:
  - Our club's rules, 1990
players: {min: 4, max: 4, default: 4}
partnerships: {enabled: true, play: all}
pack: {cards: full52}
deal: {hand_size: 13, packets: [1], miss: false, start: dealer_left}
trumps: {turn_up: false, suit: S}
declarations: {enabled: false}
bidding: {enabled: true}
settlement: {contract: {by: side, made: at_least}}
wagers: {scoring: points}
session: {finish: target_points, target_points: 250}
"""

#: A bidding game of one's own, each player his own contract (the mechanism of Oh Hell,
#: sources.md 1.7): seven cards each, the turn-up trumps.
BIDDERS = """\
name: bidders
title: Bidders
kind: game
sources:
  - Our club's rules, 1990
players: {min: 3, max: 7, default: 4}
pack: {cards: full52}
deal: {hand_size: 7, packets: [1], miss: false}
trumps: {turn_up: true}
declarations: {enabled: false}
bidding: {enabled: true}
wagers: {scoring: points}
session: {finish: fixed_deals, rounds: 1}
"""


def write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def rule_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if RULE_LINE.match(line)]


def preamble(text: str) -> str:
    """The text before the first section."""
    return text.split("\n## 1. ", 1)[0]


def line_of(text: str, words: str) -> str:
    found = [line for line in rule_lines(text) if words in line]
    assert len(found) == 1, (words, found)
    return found[0]


def differing(a: str, b: str) -> list[tuple[str, str]]:
    """The rule lines two rulebooks with as many rules word differently, pair by pair."""
    left, right = rule_lines(a), rule_lines(b)
    assert len(left) == len(right)
    return [(x, y) for x, y in zip(left, right, strict=True) if x != y]


# --------------------------------------------------------------------------- a game of its own


def test_polignac_cites_its_own_sources_not_hearts(tmp_path: Path) -> None:
    text = describe_variant(write(tmp_path, "polignac.yaml", POLIGNAC))
    lines = rule_lines(text)
    assert lines
    # Nothing of the documents of rules: Polignac is not Hearts (families.md 1.2).
    assert not DOCUMENTS.search(text), DOCUMENTS.findall(text)
    assert "docs/families.md" not in text and "docs/sources.md" not in text
    assert "H7" not in text and "Hearts" not in text
    # Every rule is the file's, each citing it; the preamble names the file's source.
    assert all(line.endswith(" [polignac.yaml]") for line in lines), lines
    head = preamble(text)
    assert "`polignac.yaml` is a game of its own, extending no bundled game" in head
    assert f"[polignac.yaml], whose sources are: {PARLETT}." in head
    # The rules are Polignac's, as the file states them.
    assert line_of(text, "The game is for four players.")
    knaves = line_of(text, "counts against the player who takes it")
    assert "the knave of spades 2 points" in knaves and "the knave of hearts 1 point" in knaves
    assert line_of(text, "losses reach 20 points")


def test_a_game_of_its_own_without_sources_cites_nothing(tmp_path: Path) -> None:
    text = describe_variant(
        write(tmp_path, "polignac.yaml", POLIGNAC.replace(f"sources:\n  - {PARLETT}\n", ""))
    )
    lines = rule_lines(text)
    assert lines and not any(line.endswith("]") for line in lines), lines
    assert not DOCUMENTS.search(text)
    head = preamble(text)
    assert "`polignac.yaml` is a game of its own, extending no bundled game" in head
    assert "its rules are its own and cite nothing, the file naming no source." in head


def test_polignac_through_the_command_line(tmp_path: Path) -> None:
    path = write(tmp_path, "polignac.yaml", POLIGNAC)
    out, err = io.StringIO(), io.StringIO()
    assert run(["describe", path, "--format", "markdown"], out, err) == 0, err.getvalue()
    assert out.getvalue() == describe_variant(path)
    assert "[families.md" not in out.getvalue()


def test_a_partnership_game_with_bids_does_not_cite_spades(tmp_path: Path) -> None:
    text = describe_variant(write(tmp_path, "partners.yaml", PARTNERS))
    assert "\n## 3. Bidding\n" in text
    assert line_of(text, "their side's contract")
    assert not DOCUMENTS.search(text), DOCUMENTS.findall(text)
    assert "Spades" not in preamble(text) and "S4" not in text
    assert all(line.endswith(" [partners.yaml]") for line in rule_lines(text))
    assert "whose sources are: Our club's rules, 1990." in preamble(text)


def test_a_bidding_game_does_not_cite_oh_hell(tmp_path: Path) -> None:
    text = describe_variant(write(tmp_path, "bidders.yaml", BIDDERS))
    assert "\n## 3. Bidding\n" in text
    assert not DOCUMENTS.search(text), DOCUMENTS.findall(text)
    assert "1.7" not in text
    assert all(line.endswith(" [bidders.yaml]") for line in rule_lines(text))


def test_an_override_of_a_game_of_its_own_cites_nothing(tmp_path: Path) -> None:
    # The file does not state the value given on the command line, and no bundled game does.
    text = describe_variant(
        write(tmp_path, "polignac.yaml", POLIGNAC), overrides={"following.head_trick": True}
    )
    head = line_of(text, "must head the trick if he can")
    assert head.endswith("if he can. *(override)*"), head
    others = [line for line in rule_lines(text) if line != head]
    assert all(line.endswith(" [polignac.yaml]") for line in others)


# --------------------------------------------------------------------------- extending a game

OUR_LOO = """\
name: our-loo
extends: five-card-loo
sources:
  - Our table's custom
"""


def test_a_file_that_extends_a_game_cites_itself_for_the_option_it_changes(
    tmp_path: Path,
) -> None:
    # D43: the turn-up may, by the other reading, go under the stock and be drawn.
    path = write(tmp_path, "our-loo.yaml", OUR_LOO + "exchange: {turnup_drawable: true}\n")
    text = describe_variant(path)
    bundled = describe_variant("five-card-loo")
    changed = differing(bundled, text)
    assert len(changed) == 1
    before, after = changed[0]
    assert before.endswith("[sources.md D43]")
    assert "may be drawn in exchange" in after
    assert after.endswith(" [our-loo.yaml] *(changed by our-loo)*"), after
    assert not DOCUMENTS.search(after)
    head = preamble(text)
    assert (
        "A rule that the file `our-loo.yaml` states itself cites the file, [our-loo.yaml], "
        "whose sources are: Our table's custom."
    ) in head
    assert "Every other rule cites, in brackets, where `docs/sources.md` gives it" in head


def test_a_changed_bound_cites_the_file_and_the_game_for_the_rest(tmp_path: Path) -> None:
    # Five-card loo's six players at most are Peel's (sources.md 1.2.1, D28); the three at
    # least are three-card loo's (1.1.1). A file that allows five keeps 1.1.1, not D28.
    text = describe_variant(write(tmp_path, "our-loo.yaml", OUR_LOO + "players: {max: 5}\n"))
    players = line_of(text, "players may play")
    assert players.startswith("**1.1** From three to five players may play")
    assert players.endswith(" [sources.md 1.1.1] [our-loo.yaml] *(changed by our-loo)*")


def test_a_value_the_file_sets_again_is_its_own(tmp_path: Path) -> None:
    # Setting five cards, as five-card loo has it, is the file's statement: the provenance
    # says so, whatever the value. Nothing changed, so nothing is marked.
    text = describe_variant(write(tmp_path, "our-loo.yaml", OUR_LOO + "deal: {hand_size: 5}\n"))
    changed = differing(describe_variant("five-card-loo"), text)
    assert len(changed) == 1
    before, after = changed[0]
    assert after == before + " [our-loo.yaml]"  # the packets (1.2.5, D27) are still the game's


def test_an_unset_value_is_the_files_own(tmp_path: Path) -> None:
    path = write(tmp_path, "our-loo.yaml", OUR_LOO + "unset: [players.max]\n")
    players = line_of(describe_variant(path), "Three or more may play")
    assert "D28" not in players
    assert players.endswith(" [our-loo.yaml] *(changed by our-loo)*"), players


def test_the_game_s_own_rules_cite_its_own_sections(tmp_path: Path) -> None:
    # Three cards each, an exchange and no miss read as Irish loo (citations.game_of); the
    # rules the file keeps are still five-card loo's, cited in its sections.
    path = write(tmp_path, "our-loo.yaml", OUR_LOO + "deal: {hand_size: 3}\n")
    assert game_of(load_variant(path)) is Game.IRISH
    text = describe_variant(path)
    bundled = describe_variant("five-card-loo")
    cited = [DOCUMENTS.findall(line) for line in rule_lines(text)]
    assert cited == [DOCUMENTS.findall(line) for line in rule_lines(bundled)]
    deal = line_of(text, "gives each player three cards")
    assert deal.endswith(" [our-loo.yaml] *(changed by our-loo)*")


def test_a_file_between_cites_itself(tmp_path: Path) -> None:
    write(tmp_path, "base.yaml", "name: base\nextends: five-card-loo\nsources: [A]\n"
          "players: {max: 5}\n")  # fmt: skip
    top = write(
        tmp_path,
        "top.yaml",
        "name: top\nextends: ./base.yaml\nsources: [B]\nleads: {trump_after_trick: none}\n",
    )
    text = describe_variant(top)
    assert line_of(text, "players may play").endswith(" [sources.md 1.1.1] [base.yaml]")
    assert line_of(text, "The winner of a trick may lead any card").endswith(
        " [top.yaml] *(changed by top)*"
    )
    head = preamble(text)
    assert "[base.yaml], whose sources are: A." in head
    assert "[top.yaml], whose sources are: B." in head


def test_a_bundled_house_rule_keeps_its_citations_on_a_file_of_ones_own(tmp_path: Path) -> None:
    path = write(tmp_path, "our-loo.yaml", OUR_LOO + "house_rules: [club-law]\n")
    club = line_of(describe_variant(path), "Club Law: whenever a club")
    bundled = line_of(describe_variant("five-card-loo", ["club-law"]), "Club Law: whenever")
    assert club == bundled
    assert club.endswith("[sources.md 1.2.10, 1.4.1, D22] *(house rule: club-law)*")


def test_a_bundled_file_named_by_its_path_is_the_bundled_game() -> None:
    assert describe_variant(rule_file("five-card-loo")) == describe_variant("five-card-loo")


# --------------------------------------------------------------------------- a house rule


OURS = """\
name: ours
kind: house_rule
applies_to: [five-card-loo]
leads: {trump_after_trick: none}
"""


def test_a_house_rule_of_ones_own_cites_itself(tmp_path: Path) -> None:
    path = write(tmp_path, "ours.yaml", OURS + "sources: [Our table's custom]\n")
    text = describe_variant("five-card-loo", [path])
    changed = differing(describe_variant("five-card-loo"), text)
    assert len(changed) == 1
    before, after = changed[0]
    # sources.md 1.1.11, D15: the trump lead after the first trick, which ours removes.
    assert before.endswith("[sources.md 1.1.11, D15]")
    assert after.endswith("The winner of a trick may lead any card to the next. [ours.yaml] "
                          "*(house rule: ours)*")  # fmt: skip
    head = preamble(text)
    assert (
        "A rule that the house rule `ours.yaml` changes cites the file, [ours.yaml], whose "
        "sources are: Our table's custom."
    ) in head
    assert "A rule that a house rule changes is marked with the house rule's name." in head


def test_a_house_rule_of_ones_own_without_sources_cites_nothing(tmp_path: Path) -> None:
    text = describe_variant("five-card-loo", [write(tmp_path, "ours.yaml", OURS)])
    lead = line_of(text, "The winner of a trick may lead any card")
    assert lead.endswith("to the next. *(house rule: ours)*"), lead
    assert (
        "A rule that the house rule `ours.yaml` changes is its own and cites nothing, the "
        "file naming no source."
    ) in preamble(text)
