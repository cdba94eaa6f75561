"""The passages of the documents of rules, looked up by the keys that cite them.

Two documents hold the rules every option and every rulebook sentence cites:

- ``docs/sources.md``, the Loo family, Put, Oh Hell and Bourré: its rules are numbered by
  section (``1.2.9``, rule 9 of section 1.2, five-card loo; its items ``1.2.9.4``), its
  disagreements ``D1``-``D91``, and the sentences of its concordance ``S000.1``;
- ``docs/families.md``, Hearts, Spades, Euchre and the other families: its rules are
  numbered the same way, and the rules model writes them with an ``F`` first (``F1.2.3``)
  to tell them from those of ``docs/sources.md``; its disagreements are ``H1``, ``S2``,
  ``E4`` and so on (a letter per game), its worked scenarios ``H-1``, ``S-2``, and the
  rows of its table of mechanisms ``F11.7``.

A rulebook cites them by document: ``[sources.md 1.1.3, D1]``, ``[families.md 1.2.3,
H4]`` (:func:`citation_text`). The documents are read from the package's data in an
installed wheel (``cardrules/_data/docs``), or from the checkout's ``docs/``.

>>> p = passage("F1.2.4")
>>> p.cited, p.section
('families.md 1.2.4', '1.2 Hearts as people play it (the "Black Lady" game)')
>>> print(p.text)  # doctest: +NORMALIZE_WHITESPACE
4. **First lead** by the holder of `2C`, who must lead it [all pages] (`leads.first_card:
   2C`); `can_lead_any_club` has no page source.
>>> passage("D36").cited, passage("H4").cited
('sources.md D36', 'families.md H4')
>>> citation_text(["1.1.3", "D1", "F1.2.2", "H1"])
'sources.md 1.1.3, D1; families.md 1.2.2, H1'
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Iterable, Iterator

import attrs

from cardrules.errors import CardRulesError
from cardrules.rules.bundled import data_dir

__all__ = [
    "DOCUMENTS",
    "FAMILIES",
    "SOURCES",
    "Passage",
    "PassageNotFoundError",
    "citation_text",
    "document_of",
    "keys_in",
    "number_of",
    "passage",
    "passages",
]

#: The document of the Loo family, Put, Oh Hell and Bourré.
SOURCES = "sources.md"
#: The document of Hearts, Spades, Euchre and the other families.
FAMILIES = "families.md"
#: The documents of rules, in the order a citation names them.
DOCUMENTS = (SOURCES, FAMILIES)

#: What a key of ``docs/families.md`` looks like: a rule with its ``F`` (``F1.2.3``), a
#: disagreement (``H4``; ``D`` is ``docs/sources.md``'s letter), a scenario (``H-1``).
_FAMILIES_KEY = re.compile(r"F\d+(?:\.\d+)+|[A-CE-Z]\d+|[A-Z]-\d+")
_SOURCES_KEY = re.compile(r"\d+(?:\.\d+)+|D\d+|S\d{3}(?:\.\d+)?")


class PassageNotFoundError(CardRulesError, LookupError):
    """No passage of the documents of rules has the key asked for."""

    def __init__(self, key: str, suggestion: str = "") -> None:
        self.key = key
        self.suggestion = suggestion
        text = f"no passage of docs/{SOURCES} or docs/{FAMILIES} is numbered {key!r}"
        super().__init__(text + (f" ({suggestion})" if suggestion else ""))

    def __str__(self) -> str:
        return str(self.args[0])


@attrs.frozen
class Passage:
    """One numbered passage of a document of rules.

    ``key`` is the key the rules model cites (``F1.2.3``, ``H4``, ``D36``, ``1.2.9``);
    ``number`` is the passage's number in its ``document`` (``1.2.3``), as a rulebook cites
    it; ``section`` the heading of the section it stands in; ``text`` the passage as
    written (Markdown), its sub-items included, or for a row of a table each column's
    heading and cell on a line.
    """

    key: str
    document: str
    number: str
    section: str
    text: str

    @property
    def cited(self) -> str:
        """The passage as a rulebook cites it: ``families.md 1.2.3``."""
        return f"{self.document} {self.number}"


def document_of(key: str) -> str:
    """The document a key cites, read from the key's form.

    >>> document_of("1.1.12.3"), document_of("D17"), document_of("F1.2.3"), document_of("H4")
    ('sources.md', 'sources.md', 'families.md', 'families.md')
    """
    if _SOURCES_KEY.fullmatch(key):
        return SOURCES
    if _FAMILIES_KEY.fullmatch(key):
        return FAMILIES
    raise PassageNotFoundError(key, "a key is written as 1.2.9, D36, F1.2.3 or H4")


def number_of(key: str) -> str:
    """The key as its document numbers it: ``F1.2.3`` is ``1.2.3`` of ``docs/families.md``.

    >>> number_of("F1.2.3"), number_of("H4"), number_of("1.2.9")
    ('1.2.3', 'H4', '1.2.9')
    """
    if document_of(key) == FAMILIES and re.fullmatch(r"F\d+(?:\.\d+)+", key):
        return key[1:]
    return key


def citation_text(keys: Iterable[str]) -> str:
    """The keys as a citation names them, grouped by document, each group in the order of
    its first key: ``sources.md 1.1.3, D1; families.md 1.2.2``.

    >>> citation_text(["H4", "F1.2.5"])
    'families.md H4, 1.2.5'
    """
    groups: dict[str, list[str]] = {}
    for key in keys:
        numbers = groups.setdefault(document_of(key), [])
        if number_of(key) not in numbers:
            numbers.append(number_of(key))
    return "; ".join(f"{doc} {', '.join(numbers)}" for doc, numbers in groups.items())


def keys_in(text: str) -> list[str]:
    """The keys a text names: a key as the model writes it (``F1.2.3``), or a citation as a
    rulebook prints it (``[families.md 1.2.3, H4]``), whose numbers are keys of the
    document it names.

    >>> keys_in("[sources.md 1.1.3, D1; families.md 1.2.2, H1]")
    ['1.1.3', 'D1', 'F1.2.2', 'H1']
    >>> keys_in("F1.2.3"), keys_in("families.md 1.2.3")
    (['F1.2.3'], ['F1.2.3'])
    """
    out: list[str] = []
    document = ""
    for word in re.split(r"[\s,;\[\]]+", text):
        if not word:
            continue
        name = word.removeprefix("docs/")
        if name in DOCUMENTS:
            document = name
            continue
        if document == FAMILIES and re.fullmatch(r"\d+(?:\.\d+)+", word):
            word = "F" + word
        out.append(word)
    return out


def passage(key: str) -> Passage:
    """The passage of the documents of rules that ``key`` names (``F1.2.3``, ``H4``,
    ``D36``, ``1.2.9``); raises :class:`PassageNotFoundError`, with the nearest key, if none.

    >>> passage("1.2.9.4").section
    '1.2 Five-card Loo (Pam, flushes)'
    >>> passage("F1.2.10")
    Traceback (most recent call last):
    ...
    cardrules.rules.passages.PassageNotFoundError: no passage of docs/sources.md or docs/families.md is numbered 'F1.2.10' (did you mean 'F1.2.1'?)
    """  # noqa: E501
    found = _all().get(key)
    if found is not None:
        return found
    near = difflib.get_close_matches(key, list(_all()), n=1, cutoff=0.6)
    raise PassageNotFoundError(key, f"did you mean {near[0]!r}?" if near else "")


def passages(document: str | None = None) -> dict[str, Passage]:
    """Every passage of ``document`` (of both, by default), by key, in document order.

    >>> ps = passages(FAMILIES)
    >>> {"F1.1.4.3", "F1.2.9", "H10", "S2", "H-1", "F11.7"} <= set(ps)
    True
    """
    return {k: p for k, p in _all().items() if document is None or p.document == document}


@functools.cache
def _all() -> dict[str, Passage]:
    out: dict[str, Passage] = {}
    for name in DOCUMENTS:
        text = (data_dir("docs") / name).read_text(encoding="utf-8")
        for found in _parse(name, text.splitlines()):
            out.setdefault(found.key, found)
    return out


_HEADING = re.compile(r"(#{2,3}) (.*)")
_SUBSECTION = re.compile(r"(\d+\.\d+) ")
_SECTION = re.compile(r"(\d+)\. ")
_ITEM = re.compile(r"( *)(\d+)\. ")
_ROW = re.compile(r"\| *([A-Z]\d+|S\d{3}\.\d+|\d+) *\|")
_SCENARIO = re.compile(r"\*\*([A-Z]-\d+) ")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _block(lines: list[str], start: int, indent: int) -> list[str]:
    """The lines of the item at ``start``: up to the next line that is not blank and not
    indented beyond ``indent``, trailing blank lines left out."""
    end = start + 1
    while end < len(lines):
        line = lines[end]
        if line.strip() and (_indent(line) <= indent or line.startswith(("#", "---"))):
            break
        end += 1
    block = lines[start:end]
    while block and not block[-1].strip():
        block.pop()
    return [line[indent:] if line[:indent].strip() == "" else line for line in block]


def _row_text(header: list[str], cells: list[str]) -> str:
    return "\n".join(f"{h}: {c}" for h, c in zip(header, cells, strict=False) if h != "#")


def _cells(line: str) -> list[str]:
    inner = line.strip().strip("|")
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", inner)]


def _parse(document: str, lines: list[str]) -> Iterator[Passage]:
    """Every numbered passage of a document: its subsections (``### 1.2 ...``), the items
    of their numbered lists (and of a section without subsections, ``## 6.``), the rows of
    its tables whose first cell is a key, and its scenarios (``**H-1 — ...``)."""
    prefix = "F" if document == FAMILIES else ""
    section = top = ""  # the number items hang from; the top-level section's number
    title = ""
    stack: list[tuple[int, str]] = []
    header: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        heading = _HEADING.fullmatch(line)
        if heading:
            level, words = heading.groups()
            title, stack, header = words, [], []
            if level == "##":
                numbered = _SECTION.match(words)
                top = section = numbered.group(1) if numbered else ""
            else:
                numbered = _SUBSECTION.match(words)
                section = numbered.group(1) if numbered else ""
                if section:
                    body = _section_body(lines, index)
                    yield Passage(prefix + section, document, section, title, body)
            index += 1
            continue
        scenario = _SCENARIO.match(line)
        if scenario:
            end = index
            while end < len(lines) and lines[end].strip():
                end += 1
            text = "\n".join(lines[index:end])
            yield Passage(scenario.group(1), document, scenario.group(1), title, text)
            index = end
            continue
        if line.startswith("|"):
            cells = _cells(line)
            if index + 1 < len(lines) and re.fullmatch(r"\|[-| ]+\|", lines[index + 1].strip()):
                header = cells
            row = _ROW.match(line)
            if row and header:
                key = row.group(1)
                number = f"{top}.{key}" if key.isdigit() else key
                full = prefix + number if key.isdigit() else key
                if not key.isdigit() or document == FAMILIES:
                    yield Passage(full, document, number, title, _row_text(header, cells))
            index += 1
            continue
        item = _ITEM.match(line)
        if item and section:
            indent = len(item.group(1))
            while stack and stack[-1][0] >= indent:
                stack.pop()
            parent = stack[-1][1] if stack else section
            number = f"{parent}.{item.group(2)}"
            stack.append((indent, number))
            text = "\n".join(_block(lines, index, indent))
            yield Passage(prefix + number, document, number, title, text)
        index += 1


def _section_body(lines: list[str], start: int) -> str:
    """The text of the subsection whose heading is at ``start``, its heading included."""
    end = start + 1
    while end < len(lines) and not lines[end].startswith(("## ", "### ", "---")):
        end += 1
    body = lines[start:end]
    while body and not body[-1].strip():
        body.pop()
    return "\n".join(body)
