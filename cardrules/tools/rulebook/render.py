"""From the sentence table to text: one rule's sentence, its citation, a whole rulebook.

:func:`render` fills in a rule's templates for some rules; :func:`rulebook`
numbers the rules that apply in their sections, cites their sources and marks
what a house rule changed; :func:`describe_variant` does so for a bundled
variant or a rule file with its house rules.

>>> from cardrules.rules.model import Players
>>> print(render(RULES[0], Rules(players=Players(max=5)))[1])
From three to five players may play; five is usual.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from cardrules.rules.loader import list_variants, resolve
from cardrules.rules.model import Rules, field_class
from cardrules.rules.overlay import OVERRIDES
from cardrules.tools.rulebook.applies import exchanging, partners
from cardrules.tools.rulebook.rule import DECL, SECTION_TITLES, Phrase, Rule
from cardrules.tools.rulebook.table import RULES
from cardrules.tools.rulebook.words import join_words, template_words


def value_of(rules: Rules, key: str) -> Any:
    """The value of a dotted option in ``rules``.

    >>> value_of(Rules(), "deal.hand_size")
    3
    """
    value: Any = rules
    for part in key.split("."):
        value = getattr(value, part)
    return value


def render(rule: Rule, rules: Rules, words: Mapping[str, Any] | None = None) -> Phrase:
    """The rule's ``(short phrase, sentence)`` for these rules, filled in.

    >>> render(RULES[0], Rules())[0]
    '3 to 16 players, usually 5'
    >>> render(RULES[0], Rules())[1][:40]
    'Three or more may play, up to sixteen, t'
    """
    if callable(rule.phrases):
        short, text = rule.phrases(rules)
    else:
        short, text = rule.phrases[value_of(rules, rule.keys[0])]
    fill = dict(words if words is not None else template_words(rules))
    short, text = short.format_map(fill), text.format_map(fill)
    return short, _capital(text)


def _capital(text: str) -> str:
    """The text with its first letter in capitals (after any opening quote)."""
    lead = len(text) - len(text.lstrip("\"'("))
    return text[:lead] + text[lead : lead + 1].upper() + text[lead + 1 :]


def _by_key() -> dict[str, Rule]:
    found: dict[str, Rule] = {}
    for rule in RULES:
        if rule.in_diff:
            found.setdefault(rule.keys[0], rule)
    return found


def option_sentence(key: str, rules: Rules) -> str:
    """The sentence stating the option ``key`` (a dotted path) as ``rules`` have it.

    Raises KeyError for a key that no rule states first.

    >>> option_sentence("deal.miss", Rules())
    'A spare hand of three cards, the miss, is dealt face down as if to another player.'
    """
    return render(_by_key()[key], rules)[1]


def citation(rule: Rule, rules: Rules | None = None) -> str:
    """``[RULES 1.1.12.3, D17]``: the sources of the rule's options, or "" if none.

    >>> citation(_by_key()["following.trump_when_void"])
    '[RULES 1.1.12.3, D17]'
    """
    keys = rule.cites(rules) if rule.cites is not None and rules is not None else rule.keys
    seen: list[str] = []
    for key in keys:
        owner: Any = Rules
        *path, name = key.split(".")
        for part in path:
            owner = field_class(owner, part)
        source = attrs.fields_dict(owner)[name].metadata.get("source", "")
        for item in (s.strip() for s in source.split(",")):
            if item and item not in seen:
                seen.append(item)
    return f"[RULES {', '.join(seen)}]" if seen else ""


def _section_title(number: int, rules: Rules) -> str:
    title = SECTION_TITLES[number - 1]
    if number == DECL and (exchanging(rules) or partners(rules)):
        title += " and exchanging" if exchanging(rules) else " and passing"
    return title


Origin = Callable[[tuple[str, ...]], "str | None"]


def rulebook(
    rules: Rules,
    base: Rules | None = None,
    house_rules_origin: Origin | None = None,
    *,
    comment: str = "",
) -> str:
    """The rulebook of ``rules`` as Markdown, in numbered sections.

    With ``base`` (the game before its house rules), each rule whose options
    differ from the base is marked, naming what changed it as
    ``house_rules_origin(path)`` tells (a house rule's name, ``override``, or
    None when unknown). ``comment`` is an HTML comment put under the title.

    >>> text = rulebook(Rules(name="loo", title="Loo"))
    >>> text.splitlines()[0], "## 1. Players and pack" in text, "Special hands" in text
    ('# Loo', True, False)
    """
    words = template_words(rules)
    lines = [f"# {_title(rules)}", ""]
    if comment:
        lines += [f"<!-- {comment} -->", ""]
    lines += _preamble(rules, base is not None)
    for number in range(1, len(SECTION_TITLES) + 1):
        entries = []
        for rule in RULES:
            if rule.section != number or not rule.applies(rules):
                continue
            changed = [
                k for k in rule.keys if base is not None and value_of(rules, k) != value_of(base, k)
            ]
            if rule.quiet(rules) and not changed:
                continue
            _, text = render(rule, rules, words)
            cite = citation(rule, rules)
            mark = _mark(changed, house_rules_origin) if changed else ""
            entries.append(" ".join(x for x in (text, cite, mark) if x))
        if not entries:
            continue  # the section does not apply; the others keep their numbers
        lines += [f"## {number}. {_section_title(number, rules)}", ""]
        for index, entry in enumerate(entries, 1):
            lines += [f"**{number}.{index}** {entry}", ""]
    if rules.sources:
        lines += ["## Sources", ""]
        lines += [f"- {s}" for s in rules.sources]
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


def _set_by(key: str) -> str:
    """The key that sets ``key``: itself, or the option a derived rule follows."""
    *path, name = key.split(".")
    cls: Any = Rules
    for part in path:
        cls = field_class(cls, part)
    follows = attrs.fields_dict(cls)[name].metadata.get("follows")
    return ".".join([*path, follows]) if follows else key


def _mark(changed: Sequence[str], origin: Origin | None) -> str:
    labels: list[str] = []
    for key in changed:
        label = origin(tuple(_set_by(key).split("."))) if origin is not None else None
        label = label or "changed"
        if label not in labels:
            labels.append(label)
    houses = [x for x in labels if x not in ("override", "changed")]
    parts = []
    if houses:
        parts.append(f"house rule{'s' * (len(houses) > 1)}: {', '.join(houses)}")
    parts += [x for x in labels if x in ("override", "changed")]
    return f"*({'; '.join(parts)})*"


def _info() -> dict[str, Any]:
    try:
        return {v.name: v for v in list_variants()}
    except Exception:  # pragma: no cover - the bundled files are checked elsewhere
        return {}


def _title(rules: Rules) -> str:
    info = _info()
    title = rules.title or rules.name
    if rules.house_rules:
        names = [info[h].title if h in info else h for h in rules.house_rules]
        title += ", with " + join_words(names)
    return title


def _preamble(rules: Rules, marked: bool) -> list[str]:
    lines = []
    if rules.description:
        lines += [f"*{rules.description.strip()}*", ""]
    info = _info()
    for name in rules.house_rules:
        found = info.get(name)
        what = f": {found.description.strip()}" if found is not None and found.description else ""
        title = found.title if found is not None else name
        lines += [f"House rule **{title}** (`{name}`){what}", ""]
    lines += [
        "Each rule cites, in brackets, the consolidated rules it follows: a number such as "
        "1.1.12 is a rule of the old texts, and D17 a point on which they disagree, with "
        "the reading chosen (see the sources, `docs/sources.md`)."
        + (
            " A rule that a house rule changes is marked with the house rule's name."
            if marked
            else ""
        ),
        "",
    ]
    return lines


def describe_variant(
    name_or_path: str, house_rules: Iterable[str] = (), overrides: Mapping[str, Any] | None = None
) -> str:
    """The rulebook of a variant with its house rules, each change marked.

    >>> text = describe_variant("irish-loo")
    >>> "No spare hand (miss) is dealt." in text
    True
    """
    house = list(house_rules)
    res = resolve(name_or_path, house, overrides)
    base = resolve(name_or_path).rules if house or overrides else None

    def origin(path: tuple[str, ...]) -> str | None:
        found = res.merged.origin(path)
        if found is None:
            return None
        if found.source.file == OVERRIDES:
            return "override"
        return found.source.name if found.source.kind == "house_rule" else None

    return rulebook(res.rules, base, origin)
