"""Seeded mutation of the files cardrules reads, for the fuzz tests and the larger run.

Each ``try_*`` function feeds one mutated input to the door that reads it and returns
what happened: ``"refused"`` (a CardRulesError, or problems for ``validate``),
``"accepted"``, or raises whatever else escaped (the tests fail on it). A secret file
lies beside the folder the inputs are written to, and the mutations name it in every
way a reference can; its words must never appear in anything said.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

from cardrules.api import load_record, replay
from cardrules.errors import CardRulesError
from cardrules.rules.bundled import SOURCE_ROOT
from cardrules.rules.loader import load_variant, validate
from cardrules.tools.rulings import load_ruling, run_ruling

SECRET = "words-of-a-private-file"
VARIANTS = sorted((SOURCE_ROOT / "variants").glob("*.yaml"))
RULINGS = sorted((SOURCE_ROOT / "tests" / "rulings").rglob("*.yaml"))

#: Texts a hostile author would try, spliced into files.
TOKENS = [
    "extends: ../secret.yaml\n",
    "extends: /etc/passwd\n",
    "house_rules: [../secret.yaml]\n",
    "applies_to: [../../secret.yaml]\n",
    "extends: secret-link.yaml\n",
    'extends: "a\\0b.yaml"\n',
    "extends: " + "x" * 300 + ".yaml\n",
    "variant: ../secret.yaml\n",
    "%YAML 1.1\n---\n",
    "&a [1]\n",
    "*a\n",
    "!!python/object:os.system\n",
    "<<: {a: 1}\n",
    "9" * 5000,
    "[" * 200,
    "{" * 200,
    "1e400",
    "-1",
    "0x10",
    "1.5",
    "yes",
    "null",
    "~",
    "\x00",
    "\ufeff",
    "\t",
    ": :",
    "- - -",
    "---\n",
    "...\n",
    '"',
    "'",
    "#",
]
#: Values that are wrong for every field of a record: wrong types, out of bounds.
BAD_VALUES: list[Any] = [
    1.5,
    -5,
    10**30,
    "no",
    "3",
    True,
    None,
    [],
    {},
    [1.0, 2.0],
    "x" * 300,
]


def mutate_text(text: str, rng: random.Random) -> str:
    """One to four random edits of ``text``: splice a token, delete, duplicate, swap
    lines, change a byte, reindent."""
    for _ in range(rng.randint(1, 4)):
        if not text:
            text = rng.choice(TOKENS)
            continue
        at = rng.randrange(len(text))
        op = rng.randrange(7)
        if op == 0:
            text = text[:at] + rng.choice(TOKENS) + text[at:]
        elif op == 1:
            text = text[:at] + text[at + rng.randint(1, 40) :]
        elif op == 2:
            end = min(len(text), at + rng.randint(1, 200))
            text = text[:end] + text[at:end] * rng.randint(1, 3) + text[end:]
        elif op == 3:
            lines = text.splitlines(keepends=True)
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            text = "".join(lines)
        elif op == 4:
            text = text[:at] + chr(rng.choice([0, 9, 10, 13, 32, 34, 39, 58, 91, 123, 0xE9]))
            text += text[at + 1 :]
        elif op == 5:
            lines = text.splitlines(keepends=True)
            i = rng.randrange(len(lines))
            lines[i] = " " * rng.choice([1, 2, 4]) + lines[i]
            text = "".join(lines)
        else:
            text = rng.choice(TOKENS) + text
    return text


def make_tree(root: Path) -> Path:
    """``root/secret.yaml`` (outside) and ``root/work/`` where inputs are written."""
    (root / "secret.yaml").write_text(f"{SECRET}: 1\nname: {SECRET}\n", "utf-8")
    work = root / "work"
    work.mkdir(exist_ok=True)
    link = work / "secret-link.yaml"
    if not link.exists():
        link.symlink_to(root / "secret.yaml")
    return work


def _clean(text: str) -> None:
    assert SECRET not in text, "a message quoted a file that was not read as a rule file"


def try_rule_file(work: Path, text: str, index: int = 0) -> str:
    """Validate a mutated rule file, then load and play it if it validated."""
    path = work / f"input{index % 8}.yaml"
    path.write_text(text, "utf-8", errors="surrogatepass")
    problems = validate(path)
    for p in problems:
        _clean(str(p))
    if any(p.severity == "error" for p in problems):
        try:
            load_variant(path)
        except CardRulesError as exc:
            _clean(str(exc))
            return "refused"
        raise AssertionError("validate found errors that load_variant accepted")
    try:
        rules = load_variant(path)
    except CardRulesError as exc:
        _clean(str(exc))
        if "is a house rule, not a game" in str(exc):
            return "accepted"  # validated against its games; not a game to load alone
        raise AssertionError(f"validate passed a file that does not load: {exc}") from None
    _play(rules)
    return "accepted"


def _play(rules: Any) -> None:
    from cardrules.api import new_session  # the engine, only for files that validate

    session = new_session(rules, seed=1)
    rng = random.Random(1)
    for _ in range(300):
        if session.is_over:
            break
        session.apply(rng.choice(session.legal_actions()))


def good_record(variant: str, seed: int) -> dict[str, Any]:
    """A short session's record."""
    from cardrules.api import new_session  # the engine, to make a record

    session = new_session(variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randint(0, 40)):
        if session.is_over:
            break
        session.apply(rng.choice(session.legal_actions()))
    record = session.record()
    assert isinstance(record, dict)
    return record


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data[:8]):
            out += _paths(value, (*prefix, index))
    return out


def mutate_record(record: dict[str, Any], rng: random.Random) -> tuple[str, bool]:
    """A tampered record as JSON text, and whether it must be refused.

    Half the time a value of the start or the counts is given a value no record may
    hold (it must be refused); otherwise the JSON text is mutated (anything may result).
    """
    if rng.random() < 0.5:
        bad = copy.deepcopy(record)
        section, key = rng.choice(
            [
                ("start", "pool"),
                ("start", "scores"),
                ("start", "first_deal"),
                ("start", "dealer"),
                (None, "players"),
                (None, "seed"),
                ("rules", "hash"),
                (None, "actions"),
            ]
        )
        value = rng.choice(BAD_VALUES)
        target = bad[section] if section else bad
        allowed = _allowed(section, key, target.get(key))
        if value in allowed or value == target.get(key) or (key == "players" and value == []):
            value = 1.5  # a value a record may hold there is no tampering
        target[key] = value
        return json.dumps(bad), True
    text = json.dumps(record, indent=rng.choice([None, 1]))
    if rng.random() < 0.5:
        data = copy.deepcopy(record)
        path = rng.choice(_paths(data)[1:])
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        parent[path[-1]] = rng.choice([*BAD_VALUES, "", 0, 2**70, [[[[1]]]]])
        text = json.dumps(data)
    return mutate_text(text, rng) if rng.random() < 0.6 else text, False


def _allowed(section: str | None, key: str, current: Any) -> list[Any]:
    """Values of ``BAD_VALUES`` that a record may hold at that key (not a tampering)."""
    if (section, key) in (("start", "dealer"), (None, "seed")):
        return [None]
    if (section, key) == ("start", "scores"):
        return [None, []]
    if (section, key) == (None, "actions"):
        return [[]]
    if (section, key) == ("start", "first_deal"):
        return [True, False]
    return []


def try_record(work: Path, text: str, index: int = 0) -> str:
    """Read a mutated record file and replay it."""
    path = work / f"record{index % 8}.json"
    path.write_text(text, "utf-8", errors="surrogatepass")
    try:
        replay(load_record(path), folder=str(work))
    except CardRulesError as exc:
        _clean(str(exc))
        return "refused"
    return "accepted"


def try_ruling(work: Path, text: str, index: int = 0) -> str:
    """Read a mutated rulings file and run it."""
    path = work / f"ruling{index % 8}.yaml"
    path.write_text(text, "utf-8", errors="surrogatepass")
    try:
        result = run_ruling(load_ruling(path))
    except CardRulesError as exc:
        _clean(str(exc))
        return "refused"
    for failure in result.failures:
        _clean(str(failure))
    return "accepted" if result.ok else "refused"
