"""The duties that read the deal so far (cinch, honour lead, trumps to void players) are
one rule for the checked path, the fast path and the sampler of hidden cards.

Random sessions are played with every such option on: at every decision the offer of the
fast path lists the same actions as ``legal_actions``, and the true deal, read back by the
sampler (:func:`~cardrules.engine.sampling.play_conflicts`), shows no play the rules
forbid. The legal sets themselves are worked out by hand in ``tests/rulings/bourre``.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import cardrules
from cardrules.cards import parse_card
from cardrules.engine import actions as A
from cardrules.engine.dealing import FixedDeal
from cardrules.engine.duties import Moment, base_rule, legality_reads_hidden_cards
from cardrules.engine.encoding import Encoder
from cardrules.engine.phases import OVER, PLAY
from cardrules.engine.sampling import others_plays
from cardrules.players.base import random_legal
from cardrules.players.montecarlo import MonteCarloBot
from cardrules.players.playout import play_out
from cardrules.rules import loader
from cardrules.tools.conformance import check_rules

BOURRE_PLAY = {
    "promoted": {"card": None},
    "special_hands": {"flush": {"enabled": False}},
    "leads": {
        "ace_compulsory": False,
        "king_if_ace_turned": False,
        "two_or_more_trumps": "free",
        "trump_after_trick": "none",
    },
    "following": {"trump_when_void": "always"},
}


def options(**leads: str) -> dict[str, object]:
    out = {**BOURRE_PLAY, "leads": {**BOURRE_PLAY["leads"], **leads}}  # type: ignore[dict-item]
    return out


CASES = [
    {"cinch": "guaranteed", "trump_if_others_void": "public", "honour_trump": "first_lead_highest"},
    {"cinch": "akq", "trump_if_others_void": "actual", "honour_trump": "first_lead_any_honour"},
]


def sampler_disagreements(s: cardrules.Session, offered: dict[int, list[int]]) -> tuple[int, int]:
    """How many past plays of the deal in progress the sampler's rules read otherwise than
    the engine offered them (``offered``: by index in the cards played), and how many the
    duties narrowed."""
    view = s.deal.view
    played = view.played
    hands = [list(view.hand(seat)) for seat in range(s.players + 1)]
    k = len(view.in_play)
    wrong = narrowed = 0
    for seat in range(s.players):
        for j, p, _, _, rule in others_plays(s, seat):
            then = sorted(hands[p] + [c for q, c in played[j:] if q == p])
            wrong += rule(then) != offered[j]
            rivals = [q for q in view.in_play if q != p]
            before = Moment(view.trump, played[:j], k, p, rivals, view.turnup, [], view.winners, [])
            narrowed += offered[j] != base_rule(s.tables, before)(then)
    return wrong, narrowed


@pytest.mark.parametrize("leads", CASES)
def test_the_fast_path_the_checked_path_and_the_sampler_agree(leads: dict[str, str]) -> None:
    rng = random.Random(5)
    narrowed = 0
    for seed in range(16):
        s = cardrules.new_session("five-card-loo", overrides=options(**leads), players=4, seed=seed)
        deal = s.deal
        offered: dict[int, list[int]] = {}  # the cards the engine let each play choose from
        while deal.phase != OVER:
            legal = s.legal_actions()
            if deal.phase == PLAY:
                offered[len(deal.view.played)] = [a - A.PLAY for a in legal if a >= A.PLAY]
                wrong, narrowed_now = sampler_disagreements(s, offered)
                assert wrong == 0, (seed, len(deal.view.played))
                narrowed = max(narrowed, narrowed_now)
            s.apply(random_legal(rng, legal))
    assert narrowed > 0


def test_the_search_bot_plays_under_the_duties() -> None:
    s = cardrules.new_session("five-card-loo", overrides=options(**CASES[0]), players=4, seed=3)
    bots = [MonteCarloBot(4, random.Random(seat)) for seat in range(4)]
    play_out(s, bots, max_deals=1)
    assert s.deals_played == 1


def test_the_encoding_flags_the_players_shown_out_of_trumps() -> None:
    # B-6 on the five-card table: clubs trumps; AC led, seats 1 and 2 show out of trumps.
    hands = (
        "AC 9C 4C AH AS",
        "KH QH 6D 5D 2S",
        "KD QS 8H 7S 3D",
        "KC QC JC TC 8C",
        "7C 6C 5C 2C 2H",
    )
    rules = cardrules.load_variant(
        "five-card-loo", overrides=options(trump_if_others_void="public")
    )
    s = cardrules.new_session(
        rules, players=5, dealer=4, pool=0, deal=FixedDeal(hands, turn_up="3C")
    )
    for action in ["stand", "stand", "stand", "throw-up", "throw-up", "play AC", "play 2S"]:
        s.apply(action)
    enc = Encoder(rules, 5)
    voids = enc.offset("voids")
    assert [name for name, _, length in enc.sections if name == "voids"] == ["voids"]
    seen_by_0 = enc.encode(s, 0)[voids : voids + 5]
    assert seen_by_0 == [0, 1, 0, 0, 0]  # seat 1 has shown out, seat 2 not yet
    assert s.observation(0)["shown_out_of_trumps"] == [1]
    s.apply("play 3D")
    assert s.observation(3)["shown_out_of_trumps"] == [1, 2]
    assert enc.encode(s, 0)[voids : voids + 5] == [0, 1, 1, 0, 0]
    # seen by seat 2: slot 0 is himself, slot 4 is seat 1
    assert enc.encode(s, 2)[voids : voids + 5] == [1, 0, 0, 0, 1]
    assert [a for a in s.legal_actions()] == [
        A.PLAY + c for c in (parse_card("4C"), parse_card("9C"))
    ]
    assert "voids" not in [
        name for name, _, _ in Encoder(cardrules.load_variant("five-card-loo"), 5).sections
    ]


def test_a_duty_set_where_it_cannot_bind_is_named_with_the_reason(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(
        "name: game\nfollowing:\n  head_trick: false\n  head_when_trumped: beat_best_of_suit\n"
        "tricks:\n  winner: rank_only\nleads:\n  cinch: akq\n",
        "utf-8",
    )
    found = {(p.line, p.message) for p in loader.validate(path)}
    assert (
        4,
        "following.head_when_trumped has no effect: following.head_trick is false",
    ) in found
    assert (8, "leads.cinch has no effect: tricks.winner is rank_only: no card is a trump") in found


def test_conformance_lets_only_the_legal_actions_read_hidden_hands_under_actual() -> None:
    # Under `actual` the leader must lead a trump when no other hand holds one, which a
    # swap of hidden cards can change: the conformance check allows exactly that, and only
    # under that rule (the property test found a deal where seat 4's lead changed so).
    changes = {
        "trumps.turn_up_to": "nobody",
        "leads.two_or_more_trumps": "highest",
        "leads.trump_if_others_void": "actual",
    }
    rules = cardrules.load_variant("bourre", overrides=changes)
    assert legality_reads_hidden_cards(rules)
    report = check_rules(rules, 5, deals=4, seed=0, deep_every=1)
    assert report.ok, str(report)
    public = dict(changes, **{"leads.trump_if_others_void": "public"})
    assert not legality_reads_hidden_cards(cardrules.load_variant("bourre", overrides=public))
