"""From the sentence table to text: one rule's sentence, its citation, a whole rulebook.

:func:`render` fills in a rule's templates for some rules; :func:`rulebook`
numbers the rules that apply in their sections, cites their sources (those of the
bundled game, or the rule file of one's own that states a rule) and marks what a house
rule changed; :func:`describe_variant` does so for a bundled variant or a rule file with
its house rules.

>>> from cardrules.rules.model import Players
>>> print(render(RULES[0], Rules(players=Players(max=5)))[1])
From three to five players may play; five is usual.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from cardrules.rules.applies import declarations_made, exchanges_made, partnerships_play, passes
from cardrules.rules.citations import Game, game_of, sources_of
from cardrules.rules.loader import Resolution, list_variants, resolve
from cardrules.rules.model import Rules
from cardrules.rules.overlay import OVERRIDES, is_path
from cardrules.rules.passages import DOCUMENTS, FAMILIES, SOURCES, citation_text, document_of
from cardrules.tools.rulebook.owners import (
    Owners,
    OwnFile,
    owners_of,
    set_by,
    setter,
    unsetter,
)
from cardrules.tools.rulebook.rule import DECL, SECTION_TITLES, Phrase, Rule
from cardrules.tools.rulebook.summary import summary_of
from cardrules.tools.rulebook.table import RULES
from cardrules.tools.rulebook.terms import terms
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
    """``[sources.md 1.1.12.3, D17]``: where ``docs/sources.md`` (or ``docs/families.md``,
    ``[families.md 1.2.5, H4]``) states the rule as ``rules`` have it (their kind of game,
    the values chosen), or "" if nowhere.

    The sources come from :mod:`cardrules.rules.citations`, one row per option, value
    and kind of game; without ``rules``, the defaults' (three-card loo). How a key is
    cited is :mod:`cardrules.rules.passages`'s to say.

    >>> citation(_by_key()["following.trump_when_void"])
    '[sources.md 1.1.12.3, D17]'
    >>> from cardrules.rules.loader import load_variant
    >>> citation(_by_key()["following.first_trick_barred"], load_variant("hearts"))
    '[families.md 1.2.5, H4]'
    """
    seen, _ = _cited(rule, rules if rules is not None else Rules())
    return f"[{citation_text(seen)}]" if seen else ""


def _cited(
    rule: Rule, rules: Rules, owners: Owners | None = None
) -> tuple[list[str], list[OwnFile]]:
    """The keys of the sources a rule cites under ``rules``, in order, each once, and the
    rule files of one's own that state it (``owners`` says who states each option; without
    it, the bundled game states them all).

    A key the bundled game states cites its sources, in the sections of ``owners.game``; a
    key a file of one's own states cites that file instead, and so does any other option
    of the rule (one it states without citing, one whose change marks it) that such a file
    sets.
    """
    keys = rule.cites(rules) if rule.cites is not None else rule.keys
    game = owners.game if owners is not None else None
    seen: list[str] = []
    files: list[OwnFile] = []
    for key in keys:
        if owners is None or owners.stated_by(key) is None:
            seen += [s for s in sources_of(key, rules, game) if s not in seen]
    if owners is not None:
        for key in (*keys, *rule.keys, *rule.also_marks):
            own = owners.stated_by(key)
            if own is not None and own not in files:
                files.append(own)
    return seen, files


def _section_title(number: int, rules: Rules) -> str:
    title = SECTION_TITLES[number - 1]
    if number == DECL and rules.bidding.enabled:
        return "Bidding"
    if number == DECL and passes(rules):
        return "Declaring and passing" if declarations_made(rules) else "Passing"
    if number == DECL and (exchanges_made(rules) or partnerships_play(rules)):
        title += f" and {terms(rules).exchanging}" if exchanges_made(rules) else " and passing"
    return title


ChangedBy = Callable[[tuple[str, ...]], "str | None"]


@attrs.frozen
class Heading:
    """What a rulebook says of itself before its rules: its title, its summary, and the
    game a rule file extends (``based_on``: its title and name), if any."""

    title: str | None = None
    summary: str | None = None
    based_on: tuple[str, str] | None = None
    file_name: str = ""


def rulebook(
    rules: Rules,
    base: Rules | None = None,
    house_rules_origin: ChangedBy | None = None,
    *,
    comment: str = "",
    heading: Heading | None = None,
    owners: Owners | None = None,
) -> str:
    """The rulebook of ``rules`` as Markdown, in numbered sections.

    With ``base`` (the game before its house rules, or the game a file extends), each
    rule whose options differ from the base is marked, naming what changed it as
    ``house_rules_origin(path)`` tells (a house rule's name, ``override``, ``changed by``
    a file, or None when unknown). ``comment`` is an HTML comment put under the title;
    ``heading`` gives the title and summary (default: the rules' own). ``owners`` says
    which rules a file of one's own states, cited to that file (default: the bundled
    game states every rule, cited to the documents of rules).
    Sections that do not apply are left out and the others numbered in turn.

    >>> text = rulebook(Rules(name="loo", title="Loo"))
    >>> text.splitlines()[0], "## 1. Players and pack" in text, "Special hands" in text
    ('# Loo', True, False)
    """
    heading = heading or Heading()
    words = template_words(rules)
    body: list[str] = []
    cited: list[str] = []
    own_files: list[OwnFile] = []
    shown = 0
    for number in range(1, len(SECTION_TITLES) + 1):
        entries = []
        for rule in RULES:
            if rule.section != number or not rule.in_book or not rule.applies(rules):
                continue
            changed = [
                k
                for k in (*rule.keys, *rule.also_marks)
                if base is not None and value_of(rules, k) != value_of(base, k)
            ]
            if rule.quiet(rules) and not changed:
                continue
            _, text = render(rule, rules, words)
            keys, files = _cited(rule, rules, owners)
            cited += keys
            own_files += [f for f in files if f not in own_files]
            cite = f"[{citation_text(keys)}]" if keys else ""
            mark = _mark(changed, house_rules_origin) if changed else ""
            entries.append(
                " ".join(x for x in (text, cite, *(f.citation for f in files), mark) if x)
            )
        if not entries:
            continue  # the section does not apply
        shown += 1
        body += [f"## {shown}. {_section_title(number, rules)}", ""]
        for index, entry in enumerate(entries, 1):
            body += [f"**{shown}.{index}** {entry}", ""]
    lines = [f"# {heading.title or _title(rules)}", ""]
    if comment:
        lines += [f"<!-- {comment} -->", ""]
    marked = bool(rules.house_rules) or house_rules_origin is not None
    documents = [d for d in DOCUMENTS if any(document_of(k) == d for k in cited)]
    if not documents and not own_files:
        documents = [SOURCES]
    game = owners.game if owners is not None else game_of(rules)
    lines += _preamble(rules, marked, heading, documents, game, own_files)
    lines += body
    if rules.sources:
        lines += ["## Sources", ""]
        lines += [f"- {s}" for s in rules.sources]
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


def _plain(label: str) -> bool:
    """A label that names no house rule: an override, a file's own change, or unknown."""
    return label in ("override", "changed") or label.startswith("changed by ")


def _mark(changed: Sequence[str], origin: ChangedBy | None) -> str:
    labels: list[str] = []
    for key in changed:
        label = origin(tuple(set_by(key).split("."))) if origin is not None else None
        label = label or "changed"
        if label not in labels:
            labels.append(label)
    houses = [x for x in labels if not _plain(x)]
    parts = []
    if houses:
        parts.append(f"house rule{'s' * (len(houses) > 1)}: {', '.join(houses)}")
    parts += [x for x in labels if _plain(x)]
    return f"*({'; '.join(parts)})*"


def _info() -> dict[str, Any]:
    try:
        return {v.name: v for v in list_variants()}
    except Exception:  # pragma: no cover - the bundled files are checked elsewhere
        return {}


def _title(rules: Rules, own: str | None = None) -> str:
    info = _info()
    title = own or rules.title or rules.name
    if rules.house_rules:
        names = [info[h].title if h in info else h for h in rules.house_rules]
        title += ", with " + join_words(names)
    return title


#: What each document of rules is, as a rulebook's preamble says it, with an example key.
_DOCUMENT_WORDS = {
    SOURCES: (
        "a number such as 1.1.12 is a rule of the old texts (section 1 there, game by game), "
        "and D17 a point on which they disagree (section 2), with the reading chosen",
        "1.1.12 D17",
    ),
}

#: The example keys of ``docs/families.md`` a preamble gives, by game: a rule of the game as
#: people play it, its section, and a disagreement.
_FAMILIES_EXAMPLES = {
    Game.SPADES: ("2.2.3", "2.2", "Spades", "S4"),
}
_FAMILIES_EXAMPLE = ("1.2.3", "1.2", "Hearts", "H4")


def _document_words(document: str, game: Game) -> tuple[str, str]:
    """What ``document`` is, as the preamble of a rulebook of ``game`` says it, and its
    example keys (those of the rulebook's own game in ``docs/families.md``)."""
    if document != FAMILIES:
        return _DOCUMENT_WORDS[document]
    number, section, title, disagreement = _FAMILIES_EXAMPLES.get(game, _FAMILIES_EXAMPLE)
    rule = number.rsplit(".", 1)[1]
    return (
        f"a number such as {number} is a rule of the game there (section {section}: rule "
        f"{rule} of {title} as people play it), and {disagreement} a point on which its "
        "sources disagree (section 9), with the reading chosen",
        f"families.md {number} {disagreement}",
    )


def _own_words(own: OwnFile) -> str:
    """What the preamble says of a file of one's own that states rules: that they cite it,
    and its sources (or that it names none, and they cite nothing)."""
    sources = "; ".join(s.rstrip(".") for s in own.sources)
    file = f"`{own.label}`"
    if own.role == "game":
        head = f"{file} is a game of its own, extending no bundled game: its rules"
        rest = "are its own and cite nothing, the file naming no source"
        cited = f"cite the file, {own.citation}, whose sources are: {sources}"
    else:
        what = f"the house rule {file} changes" if own.role == "house_rule" else ""
        head = f"A rule that {what or f'the file {file} states itself'}"
        rest = "is its own and cites nothing, the file naming no source"
        cited = f"cites the file, {own.citation}, whose sources are: {sources}"
    return f"{head} {cited if own.sources else rest}."


def _preamble(
    rules: Rules,
    marked: bool,
    heading: Heading,
    documents: Sequence[str],
    game: Game,
    own_files: Sequence[OwnFile] = (),
) -> list[str]:
    lines = []
    summary = heading.summary if heading.summary is not None else rules.description.strip()
    if summary:
        lines += [f"*{summary}*", ""]
    if heading.based_on is not None:
        title, name = heading.based_on
        lines += [
            f"The rule file `{heading.file_name}` extends **{title}** (`{name}`): a rule it "
            f"changes is marked *(changed by {heading.file_name})*.",
            "",
        ]
    info = _info()
    for name in rules.house_rules:
        found = info.get(name)
        what = f": {found.description.strip()}" if found is not None and found.description else ""
        title = found.title if found is not None else name
        lines += [f"House rule **{title}** (`{name}`){what}", ""]
    owned = [f for f in own_files if f.label]
    sentences = [_own_words(f) for f in owned]
    if documents:
        where = join_words([f"`docs/{d}`" for d in documents], "or")
        what = "; in `docs/families.md`, ".join(_document_words(d, game)[0] for d in documents)
        keys = " ".join(_document_words(d, game)[1] for d in documents)
        sentences.append(
            f"{'Every other' if owned else 'Each'} rule cites, in brackets, where {where} "
            f"gives it: {what}. `cardrules sources {keys}` prints those passages."
        )
    if marked:
        sentences.append("A rule that a house rule changes is marked with the house rule's name.")
    lines += [
        " ".join(sentences),
        "",
        "The program plays only what the rules allow, refusing any other action; the "
        "penalties "
        + ("the old texts give " if SOURCES in documents else "")
        + "for irregularities (misdeals, exposed cards, playing out of turn, revokes) are "
        "agreed at the table and not applied by the program.",
        "",
    ]
    return lines


def _base_of(res: Resolution, search_path: Iterable[str] = ()) -> tuple[str, Rules, str] | None:
    """The game a rule file ``extends``: its name, its rules and its title (None if none)."""
    top = res.merged.top
    ref = top.mapping.get("extends") if top is not None else None
    if top is None or not isinstance(ref, str) or not ref:
        return None
    if is_path(ref) and isinstance(top.folder, Path):
        ref = str(top.folder / ref)
    rules = resolve(ref, search_path=search_path).rules
    return rules.name, rules, rules.title or rules.name


def describe_variant(
    name_or_path: str,
    house_rules: Iterable[str] = (),
    overrides: Mapping[str, Any] | None = None,
    *,
    search_path: Iterable[str] = (),
) -> str:
    """The rulebook of a variant with its house rules, each change marked.

    ``search_path`` names further folders in which the files it references are looked for,
    as in :func:`cardrules.load_variant`.

    A rule file that ``extends`` another game is titled with its own name and marks
    every rule it changes against that game; a summary of the effective rules stands
    in for the description when house rules or overrides change what it describes.

    >>> text = describe_variant("irish-loo")
    >>> "No spare hand (miss) is dealt." in text
    True
    """
    house = list(house_rules)
    folders = list(search_path)
    res = resolve(name_or_path, house, overrides, search_path=folders)
    top = res.merged.top
    own = top.mapping if top is not None else {}
    extended = _base_of(res, folders)
    base: Rules | None = None
    if extended is not None:
        base = extended[1]
    elif house or overrides:
        base = resolve(name_or_path, search_path=folders).rules
    file_name = top.name if top is not None else res.rules.name

    def origin(path: tuple[str, ...]) -> str | None:
        # A table of values (card points) is set entry by entry: the latest entry set, or
        # the table itself, tells what changed it; a value no file sets, the file that
        # returned it to the format's default with ``unset``.
        found = setter(res.merged, path)
        source = found.source if found is not None else unsetter(res.merged, path)
        if source is None:
            return None
        if source.file == OVERRIDES:
            return "override"
        if source.kind == "house_rule":
            return source.name
        if extended is not None and top is not None and source.key == top.key:
            return f"changed by {file_name}"
        return None

    own_title = own.get("title") if isinstance(own.get("title"), str) else None
    if extended is not None and not own_title:
        own_title = file_name
    described = isinstance(own.get("description"), str) and own["description"].strip()
    summary = None
    if res.rules.house_rules or overrides or not described:
        summary = summary_of(res.rules)
    heading = Heading(
        title=_title(res.rules, own_title),
        summary=summary,
        based_on=(extended[2], extended[0]) if extended is not None else None,
        file_name=file_name,
    )
    owners = owners_of(res, folders)
    return rulebook(res.rules, base, origin, heading=heading, owners=owners)
