"""Every bundled variant validates and loads, and so does every game with each house rule
written for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardrules.errors import ERROR
from cardrules.rules import loader
from cardrules.rules.model import Finish, Kind, Scoring

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "variants").glob("*.yaml"))
VARIANTS = loader.list_variants()
GAMES = [v for v in VARIANTS if v.kind == Kind.GAME]
HOUSE_RULES = [v for v in VARIANTS if v.kind == Kind.HOUSE_RULE]
PAIRS = [(game, rule.name) for rule in HOUSE_RULES for game in rule.applies_to]
MODELINE = "# yaml-language-server: $schema=../schemas/cardrules.schema.json"


def test_the_required_variants_are_bundled() -> None:
    names = {v.name for v in VARIANTS}
    assert {"three-card-loo", "five-card-loo", "irish-loo", "put", "put-four-handed"} <= {
        g.name for g in GAMES
    }
    assert {
        "club-law",
        "unlimited-loo",
        "mixed-loo",
        "piquet-pack",
        "peel-1891",
        "hoffmann-1909",
        "enquire-within",
        "cotton-put",
    } <= names
    assert len(VARIANTS) == len(FILES)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_a_bundled_file_validates(path: Path) -> None:
    errors = [str(p) for p in loader.validate(path) if p.severity == ERROR]
    assert errors == []


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_a_bundled_file_is_named_after_itself_and_starts_with_the_modeline(path: Path) -> None:
    (info,) = [v for v in VARIANTS if Path(v.file).name == path.name]
    assert info.name == path.stem
    assert path.read_text("utf-8").splitlines()[0] == MODELINE


def test_names_and_aliases_are_unique() -> None:
    words = [w for v in VARIANTS for w in (v.name, *v.aliases)]
    assert len(words) == len(set(words))


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_a_bundled_game_loads(game: str) -> None:
    assert loader.load_variant(game).name == game


@pytest.mark.parametrize(("game", "rule"), PAIRS, ids=[f"{g}+{r}" for g, r in PAIRS])
def test_a_game_with_a_house_rule_written_for_it_loads(game: str, rule: str) -> None:
    rules = loader.load_variant(game, house_rules=[rule])
    assert rules.name == game and rules.house_rules == (rule,)


def test_every_house_rule_is_written_for_bundled_games() -> None:
    games = {g.name for g in GAMES}
    for rule in HOUSE_RULES:
        assert rule.applies_to and set(rule.applies_to) <= games, rule.name


@pytest.mark.parametrize(
    ("game", "rule"),
    [*((g.name, None) for g in GAMES), *PAIRS],
    ids=[g.name for g in GAMES] + [f"{g}+{r}" for g, r in PAIRS],
)
def test_challenges_are_played_for_points_between_two_sides(game: str, rule: str | None) -> None:
    """What the checks require of every combination, the bundled ones included: points are
    scored exactly when challenges are made (1.5.5-1.5.7) or bids (1.7.6), and challenges
    are made between two sides (1.5.6, 1.6), with nobody declaring and no miss; card
    points are points too (F1.1.7)."""
    rules = loader.load_variant(game, house_rules=[rule] if rule else [])
    scored = rules.challenges.enabled or rules.bidding.enabled or bool(rules.card_points.values)
    assert (rules.wagers.scoring is Scoring.POINTS) == scored
    assert not (rules.challenges.enabled and rules.bidding.enabled)
    if rules.challenges.enabled:
        assert not rules.declarations.enabled and not rules.deal.miss
        assert rules.session.finish is Finish.TARGET_POINTS
        sides = 2 if rules.partnerships.enabled else rules.players.max
        assert sides == 2 and rules.players.dealer_sits_out_above is None
