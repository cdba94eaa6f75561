"""The bundled rule files: well formed, and each game states the rules its sources give.

Expected values come from the rules texts (numbers are docs/sources.md rules and
disagreements), not from the files themselves.
"""

from __future__ import annotations

from pathlib import Path
from typing import cast

import pytest

import cardrules
from cardrules.rules.model import (
    Ante,
    AnteExcused,
    AwardTie,
    BeCivil,
    BidHook,
    ChallengeModel,
    ExchangeMode,
    FirstDealer,
    FlushDestination,
    Kind,
    LooMode,
    PackName,
    PlayedOutValue,
    PoolAward,
    ReceiverDiscard,
    Scoring,
    TrickWinner,
    TwoOrMoreTrumps,
    Vary,
)

VARIANTS = Path(__file__).resolve().parent.parent / "variants"
FILES = sorted(VARIANTS.glob("*.yaml"))
MODELINE = "# yaml-language-server: $schema=../schemas/cardrules.schema.json\n"
GAMES = [
    "three-card-loo",
    "five-card-loo",
    "irish-loo",
    "put",
    "put-four-handed",
    "oh-hell",
    "bourre",
    "hearts",
    "spades",
]
HOUSE_RULES = [
    "club-law",
    "unlimited-loo",
    "mixed-loo",
    "piquet-pack",
    "peel-1891",
    "hoffmann-1909",
    "enquire-within",
    "enquire-within-put",
    "cotton-put",
    "hoyle-put",
    "parlett-put",
    "bourre-limit",
    "oh-hell-down-and-up",
    "oh-hell-ten-down",
    "oh-hell-exact",
    "oh-hell-exact-penalty",
    "oh-hell-no-hook",
    "oh-hell-seven-tricks",
    "hearts-openspiel",
    "hearts-omnibus",
    "hearts-hearts-break",
    "spades-openspiel",
    "spades-two-of-clubs",
    "spades-300",
]


def _data(path: Path) -> dict[str, object]:
    from cardrules.rules.yamlsafe import load_yaml

    data = load_yaml(path.read_bytes(), path.name).data
    assert isinstance(data, dict)
    return data


def test_every_game_and_house_rule_is_bundled() -> None:
    assert sorted(p.stem for p in FILES) == sorted(GAMES + HOUSE_RULES)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_file_has_modeline_and_description(path: Path) -> None:
    assert path.read_text(encoding="utf-8").startswith(MODELINE)
    data = _data(path)
    assert data["name"] == path.stem
    for key in ("title", "aliases", "kind", "description", "sources"):
        assert data.get(key), f"{path.name} has no {key}"
    assert "\n" not in str(data["description"])


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_file_is_valid_even_strictly(path: Path) -> None:
    assert cardrules.validate(path, strict=True) == []


def test_names_and_aliases_are_unique() -> None:
    seen: dict[str, str] = {}
    for v in cardrules.list_variants():
        for name in (v.name, *v.aliases):
            assert name not in seen, f"{name} names both {seen[name]} and {v.name}"
            seen[name] = v.name


def _applicable() -> list[tuple[str, str]]:
    # The schema makes applies_to a list of names, and every bundled file validates
    # strictly (test_file_is_valid_even_strictly).
    return [
        (game, rule)
        for rule in HOUSE_RULES
        for game in cast("list[str]", _data(VARIANTS / f"{rule}.yaml")["applies_to"])
    ]


@pytest.mark.parametrize(("game", "rule"), _applicable())
def test_each_game_loads_with_each_applicable_house_rule(game: str, rule: str) -> None:
    assert game in GAMES
    rules = cardrules.load_variant(game, house_rules=[rule])
    assert rules.house_rules[-1] == rule and rules.kind is Kind.GAME


def test_three_card_loo() -> None:
    r = cardrules.load_variant("three-card-loo")
    assert (r.deal.hand_size, r.deal.miss, r.promoted.card) == (3, True, None)  # 1.1.5
    assert (r.wagers.stake_deal, r.wagers.stake_loo, r.wagers.loo) == (3, 6, LooMode.LIMITED)
    assert r.exchange.mode is ExchangeMode.NONE and not r.special_hands.flush.enabled
    assert r.max_players == 16  # 3 x 16 + 3 + 1 = 52 (1.1.1)


def test_five_card_loo() -> None:
    r = cardrules.load_variant("five-card-loo")
    assert (r.deal.hand_size, r.deal.miss, r.promoted.card) == (5, False, "JC")  # 1.2.4-5
    assert r.exchange.mode is ExchangeMode.ONCE_ANY_NUMBER  # 1.2.6
    assert r.special_hands.flush.enabled  # 1.2.9
    assert r.following.be_civil is BeCivil.UNLESS_REVOKE  # D30
    assert r.players.max == 6  # D28
    assert r.wagers.stake_deal % 5 == 0 and r.wagers.stake_loo % 5 == 0  # 1.2.3, D29


def test_irish_loo() -> None:
    r = cardrules.load_variant("irish-loo")
    assert (r.deal.hand_size, r.deal.miss, r.promoted.card) == (3, False, None)  # 1.3.1, D45
    assert r.exchange.mode is ExchangeMode.ONCE_ANY_NUMBER  # D44
    assert not r.special_hands.flush.enabled  # D47
    assert r.declarations.forced_play.turn_up_suits == ()  # D46


def test_bourre() -> None:
    r = cardrules.load_variant("bourre")
    assert (r.deal.hand_size, r.deal.miss, r.promoted.card) == (5, False, None)  # 1.8.2, 1.8.4
    assert (r.players.min, r.players.max) == (2, 8)  # 1.8.1, D82
    assert r.exchange.mode is ExchangeMode.ONCE_ANY_NUMBER  # 1.8.7, D78
    assert (r.wagers.ante, r.wagers.stake_deal) == (Ante.ALL_PLAYERS, 1)  # 1.8.3
    assert r.wagers.ante_excused is AnteExcused.LOOED_AND_TIED  # 1.8.14.5, D76
    assert r.settlement.award is PoolAward.MOST_TRICKS  # 1.8.14.1, D72
    assert r.settlement.award_tie is AwardTie.CARRY_OVER  # 1.8.14.2, D73
    assert r.wagers.loo is LooMode.UNLIMITED  # the pot as it stands (1.8.14.3, D74)
    limit = cardrules.load_variant("bourre", house_rules=["bourre-limit"])
    assert (limit.wagers.loo, limit.wagers.mixed_cap) == (LooMode.MIXED, 20)  # D75
    assert limit.settlement.winnings_capped


def test_put() -> None:
    r = cardrules.load_variant("put")
    assert r.pack.ranks == tuple("32AKQJT987654")  # 1.5.2
    assert not r.trumps.turn_up and r.tricks.winner is TrickWinner.RANK_ONLY
    assert not r.deal.miss and not r.declarations.enabled and r.challenges.enabled
    assert r.challenges.model is ChallengeModel.HOYLE  # D54
    assert r.wagers.scoring is Scoring.POINTS and r.session.target_points == 5  # 1.5.7
    assert r.session.first_dealer is FirstDealer.HIGHEST_PUT_CARD  # D49
    assert (r.players.min, r.players.max, r.players.default) == (2, 2, 2)


def test_put_four_handed() -> None:
    r = cardrules.load_variant("put-four-handed")
    assert r.partnerships.enabled and (r.players.min, r.players.max) == (4, 4)  # 1.6.1
    assert r.partnerships.receiver_discard is ReceiverDiscard.ANY  # Hoyle (D59)
    assert r.pack.ranks == cardrules.load_variant("put").pack.ranks


def test_oh_hell() -> None:
    # OpenSpiel's oh_hell with its defaults (1.7): three to seven players, three usual; the
    # number of tricks drawn for each deal from one to what the pack holds (num_tricks_fixed
    # = -1, D61): 1 to (52 - 1) div 3 = 17 at three players, to 7 at seven.
    r = cardrules.load_variant("oh-hell")
    assert (r.players.min, r.players.max, r.players.default) == (3, 7, 3)  # 1.7.1
    assert (r.deal.sizes.vary, r.deal.sizes.low, r.deal.sizes.high) == (Vary.RANDOM, 1, None)
    assert not r.deal.miss and r.trumps.turn_up  # 1.7.3, D63
    assert r.bidding.enabled and r.bidding.hook is BidHook.DEALER  # 1.7.4, D64
    assert r.wagers.scoring is Scoring.POINTS  # 1.7.6
    # num_tricks_fixed = 7: seven cards each every deal; 7 x 7 + the turn-up = 50 of 52.
    seven = cardrules.load_variant("oh-hell", house_rules=["oh-hell-seven-tricks"])
    assert (seven.deal.sizes.vary, seven.deal.hand_size) == (Vary.FIXED, 7)  # D61
    assert seven.max_players == 7
    # Fixing the number with no size given deals OpenSpiel's usual seven, not the format's
    # three of Loo.
    fixed = cardrules.load_variant("oh-hell", overrides={"deal.sizes.vary": "fixed"})
    assert fixed.deal.hand_size == 7
    s = cardrules.new_session(fixed, players=4, seed=1)
    assert all(len(s.hand(seat)) == 7 for seat in range(4))


def test_house_rules_change_what_their_sources_say() -> None:
    def load(rule: str, game: str = "five-card-loo") -> cardrules.Rules:
        return cardrules.load_variant(game, house_rules=[rule])

    assert load("club-law").declarations.forced_play.turn_up_suits == ("C",)  # 1.4.1
    assert load("unlimited-loo").wagers.loo is LooMode.UNLIMITED  # 1.4.2
    mixed = load("mixed-loo").wagers
    assert (mixed.loo, mixed.mixed_cap) == (LooMode.MIXED, 30)  # Peel's 2s. 6d. (1.4.3)
    piquet = load("piquet-pack", "three-card-loo")
    assert piquet.pack.cards is PackName.PIQUET32 and len(piquet.pack.ranks) == 8  # 1.4.4
    hoffmann = load("hoffmann-1909")
    assert hoffmann.leads.two_or_more_trumps is TwoOrMoreTrumps.ANY_TRUMP  # D12
    assert hoffmann.special_hands.flush.destination is FlushDestination.NEXT_POOL  # D36
    assert load("enquire-within").following.be_civil is BeCivil.STRICT  # D30
    assert load("enquire-within-put", "put").session.first_dealer is FirstDealer.LOWEST_CARD
    assert load("cotton-put", "put").challenges.played_out_value is PlayedOutValue.ONE_POINT
    assert not load("parlett-put", "put").challenges.follower_may_concede  # D55


def test_default_presets_change_nothing() -> None:
    """peel-1891 and hoyle-put state the defaults: applying them alone changes no rule."""
    import attrs

    for game, preset in (
        ("three-card-loo", "peel-1891"),
        ("five-card-loo", "peel-1891"),
        ("irish-loo", "peel-1891"),
        ("put", "hoyle-put"),
        ("put-four-handed", "hoyle-put"),
    ):
        plain = cardrules.load_variant(game)
        with_preset = cardrules.load_variant(game, house_rules=[preset])
        assert attrs.evolve(with_preset, house_rules=()) == plain, (game, preset)
