"""The game's own words (the rule file's ``words``) in its rulebook.

Bourré is played as Loo is, under other names; the research digest behind
docs/sources.md 1.8 gives them with their Loo equivalents: *play* (or *stay*) = stand,
*pass* (or *fold*) = throw up, *draw* = the exchange, *bourré* ("he went bourré") =
stood and took no trick, looed, and *pot* = pool. The expectations here are those words,
not the output: Bourré's rulebook says them wherever it describes declaring, the draw and
settlement, a house rule can set them for another game, a mistake in them is refused
where it is written, and they change no rule.
"""

from __future__ import annotations

import ast
import enum
import re
from pathlib import Path
from typing import Any

import attrs
import pytest
from rulefiles import write

from cardrules.engine.rulesdata import rules_hash
from cardrules.errors import RulesError
from cardrules.rules import loader
from cardrules.rules.model import (
    ExchangeWord,
    LooedWord,
    PoolWord,
    Rules,
    StandWord,
    ThrowUpWord,
    Words,
    field_class,
    settable,
)
from cardrules.tools.rulebook import RULES, describe_variant, render
from cardrules.tools.rulebook.summary import summary_of
from cardrules.tools.rulediff import differences

ROOT = Path(__file__).resolve().parent.parent
RULE_LINE = re.compile(r"^\*\*\d\.\d+\*\* ")
HEADING = re.compile(r"^## \d+\. (.+)$", re.M)

#: Loo's words, in every form a rulebook uses them.
LOO_WORDS = re.compile(
    r"\b(pools?|stands?|stood|standing|standers?|throw(s|n|ing)? up|looed|loos?"
    r"|exchang(e|es|ed|ing))\b",
    re.I,
)
#: English that is no word of Loo's ("as it stands", poker's "stand pat"), and the names
#: of Loo's stakes for irregularities, which a game that plays them keeps.
NOT_LOO_WORDS = re.compile(r"as it stands|stand pat|\b(single|ordinary|full) loo\b|half a loo")


def loo_words(text: str) -> list[str]:
    """The words of Loo's that ``text`` still says."""
    return [m.group(0) for m in LOO_WORDS.finditer(NOT_LOO_WORDS.sub("", text))]


def sections(text: str) -> dict[str, str]:
    """A rulebook's numbered sections by title, each its rule lines."""
    parts = HEADING.split(text)
    return {
        title: "\n".join(line for line in body.splitlines() if RULE_LINE.match(line))
        for title, body in zip(parts[1::2], parts[2::2], strict=True)
    }


def rule_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if RULE_LINE.match(line)]


# --------------------------------------------------------------------------- Bourré's book


@pytest.mark.parametrize("house", [[], ["bourre-limit"]])
def test_bourre_declares_draws_and_settles_in_its_own_words(house: list[str]) -> None:
    text = describe_variant("bourre", house)
    found = sections(text)
    # 1.8.6: in turn each player plays or passes; who passes sits the deal out.
    declaring = found["Declaring and drawing"]
    assert "declares whether he will play or pass." in declaring
    assert "whoever plays must play the deal out" in declaring
    assert "Instead of playing, a player may pass:" in declaring
    # 1.8.9: all the others pass, the one who plays takes the pot without play.
    assert "If every player before the dealer passes, the dealer takes the pot" in declaring
    assert "If only one player plays, all the others before the dealer having passed" in declaring
    # 1.8.7: who plays discards and draws, once; having drawn he plays.
    assert "A player who plays may draw once: he discards" in declaring
    assert "There is no second draw" in declaring
    assert "Having drawn, a player may not pass: he must play." in declaring
    assert "A player may draw at most 5 cards" in declaring
    # 1.8.14: the pot to the most tricks; who played and took no trick goes bourré.
    settlement = found["Settlement"]
    assert "the stakes make a pot" in settlement
    assert "takes the whole pot" in settlement
    assert "nobody takes the pot: it stays for the next deal" in settlement
    assert "A player who played and won no trick goes bourré: he pays into the pot" in settlement
    assert "A player who went bourré in the last deal" in settlement
    assert "The pot played for is the whole pot of the deal" in settlement
    # Loo's words are nowhere in its rules, nor in a summary written from them.
    assert "Declaring and exchanging" not in text
    for line in rule_lines(text):
        assert loo_words(line) == [], line
    assert loo_words(text.splitlines()[2]) == []


def test_the_summary_of_bourre_speaks_its_words_and_its_award() -> None:
    summary = summary_of(loader.load_variant("bourre", ["bourre-limit"]))
    # 1.8.7, 1.8.14.1-3 and the limit of 1.8.14.6.
    assert "one draw from the stock" in summary
    assert "the whole pot to the player with the most tricks, carried over on a tie" in summary
    assert "goes bourré, paying the pot played for, at most 20 counters" in summary
    assert "each trick wins" not in summary and loo_words(summary) == []


def test_loo_keeps_its_words() -> None:
    found = sections(describe_variant("five-card-loo"))
    declaring = found["Declaring and exchanging"]
    assert 'declares whether he will stand ("I play") and play the deal' in declaring
    assert "a player may throw up his hand" in declaring
    assert "may exchange, once, any number of his cards" in declaring
    settlement = found["Settlement"]
    assert "is looed: he pays into the pool for the next deal a loo of 10 counters" in settlement


WORDS = Words(
    stand=StandWord.PLAY,
    throw_up=ThrowUpWord.PASS,
    pool=PoolWord.POT,
    looed=LooedWord.BOURRE,
    exchange=ExchangeWord.DRAW,
)


def option_values() -> list[tuple[str, object]]:
    """Every value of every option of the sections on declaring, the exchange and what is
    played for (dotted key, value)."""
    out: list[tuple[str, object]] = []

    def walk(cls: type, prefix: str) -> None:
        for f in attrs.fields(cls):
            kind = field_class(cls, f.name)
            if not settable(f):
                continue
            if attrs.has(kind):
                walk(kind, f"{prefix}{f.name}.")
            elif isinstance(kind, type) and issubclass(kind, enum.Enum):
                out.extend((f"{prefix}{f.name}", value) for value in kind)
            elif kind is bool:
                out.extend((f"{prefix}{f.name}", value) for value in (True, False))

    for name in ("declarations", "exchange", "wagers", "settlement"):
        walk(field_class(Rules, name), name + ".")
    return out


def with_value(section: Any, key: str, value: object) -> Any:
    head, _, rest = key.partition(".")
    if not rest:
        return attrs.evolve(section, **{head: value})
    return attrs.evolve(section, **{head: with_value(getattr(section, head), rest, value)})


def test_every_sentence_speaks_the_words_whatever_the_other_options() -> None:
    # Bourré's file, each option of declaring, the exchange, the stakes and settlement
    # changed in turn: no sentence that applies falls back on Loo's words.
    base = loader.load_variant("bourre")
    assert base.words == WORDS
    left = set()
    for key, value in option_values():
        rules = with_value(base, key, value)
        for rule in RULES:
            if rule.applies(rules) and not rule.quiet(rules):  # as the rulebook states it
                short, text = render(rule, rules)
                left |= {(key, rule.topic, w) for w in loo_words(short) + loo_words(text)}
        left |= {(key, "summary", w) for w in loo_words(summary_of(rules))}
    assert left == set()


# --------------------------------------------------------------------------- a house rule


HOUSE_RULE = """
name: our-words
kind: house_rule
applies_to: [five-card-loo]
description: Loo played in Bourré's words.
words:
  stand: stay
  throw_up: fold
  pool: pot
  looed: bourré
  exchange: draw
"""


def test_a_house_rule_sets_the_words_of_another_game(tmp_path: Path) -> None:
    path = write(tmp_path, "our-words.yaml", HOUSE_RULE)
    text = describe_variant("five-card-loo", [str(path)])
    found = sections(text)
    declaring = found["Declaring and drawing"]
    assert "declares whether he will stay or fold." in declaring
    assert "If every player before the dealer folds, the dealer takes the pot" in declaring
    assert "A player who stays may draw once" in declaring
    assert "Having drawn, a player may not fold: he must play." in declaring
    settlement, flushes = found["Settlement"], found["Special hands"]
    assert "goes bourré: he pays into the pot for the next deal a penalty of 10 counters." in (
        settlement
    )
    # The flushes of five-card loo are paid in the same words.
    assert "Every other player, whether he stayed or not, pays a penalty." in flushes
    # The rules that name the words are the ones marked: nothing else changed.
    marked = [line for line in rule_lines(text) if "*(house rule: our-words)*" in line]
    assert [line.split("** ", 1)[1].split(" *(")[0] for line in marked] == [
        "A player who declares that he will play the deal is said to stay.",
        "A player who declares that he will not play the deal is said to fold.",
        "Discarding cards and taking as many from the stock is called drawing.",
        "The counters played for in a deal are called the pot.",
        "A player who stayed and took no trick is said to go bourré, and what he pays for "
        "it is called a penalty.",
    ]
    assert "*(house rule" not in "\n".join(set(rule_lines(text)) - set(marked))


def test_the_words_change_no_rule(tmp_path: Path) -> None:
    path = write(tmp_path, "our-words.yaml", HOUSE_RULE)
    loo = loader.load_variant("five-card-loo")
    ours = loader.load_variant("five-card-loo", [str(path)])
    assert attrs.evolve(ours, words=Words(), house_rules=()) == loo
    assert rules_hash(ours) == rules_hash(loo)
    bourre = loader.load_variant("bourre")
    assert rules_hash(attrs.evolve(bourre, words=Words())) == rules_hash(bourre)
    # The differences between the two are the words alone, in the words' own rules.
    assert [line.split(":")[0] for line in differences(loo, ours)] == [
        "The word for standing",
        "The word for throwing up",
        "The word for exchanging",
        "The word for the pool",
        "The word for being looed",
    ]
    # The engine and the players never read them: no ``rules.words``, no word's type.
    types = {"Words", "StandWord", "ThrowUpWord", "PoolWord", "LooedWord", "ExchangeWord"}
    for folder in ("engine", "players"):
        for module in sorted((ROOT / "cardrules" / folder).glob("*.py")):
            tree = ast.parse(module.read_text(encoding="utf-8"))
            reads = [
                n.lineno
                for n in ast.walk(tree)
                if (
                    isinstance(n, ast.Attribute)
                    and n.attr == "words"
                    and ast.unparse(n.value).endswith("rules")
                )
                or (isinstance(n, ast.Name) and n.id in types)
                or (isinstance(n, ast.alias) and n.name in types)
            ]
            assert reads == [], (module.name, reads)


# --------------------------------------------------------------------------- validation


def test_a_mistake_in_the_words_is_refused_where_it_is_written(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "pot-loo.yaml",
        """
        extends: five-card-loo
        name: pot-loo
        words:
          pool: pott
          looed: bourre
          exchang: draw
          stand: true
        """,
    )
    found = [(p.line, p.column, p.kind, p.suggestion) for p in loader.validate(path)]
    assert found == [
        (4, 9, "enum", "did you mean 'pot'?"),
        (5, 10, "enum", "did you mean 'bourré'?"),
        (6, 3, "unknown-key", "did you mean 'exchange'?"),
        (7, 10, "enum", ""),
    ]
    first = str(loader.validate(path)[0])
    assert first.startswith(f"{path}:4:9: error: words.pool: 'pott' is not one of pool, pot")
    with pytest.raises(RulesError):
        loader.load_variant(str(path))
