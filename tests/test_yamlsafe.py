"""Tests of cardrules.rules.yamlsafe: strict scalars, positions, and every refused hazard."""

from __future__ import annotations

import doctest
import math
from collections import deque
from collections.abc import Iterator
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.errors import RulesError
from cardrules.rules import yamlsafe
from cardrules.rules.yamlsafe import MAX_BYTES, MAX_DEPTH, MAX_NODES, Document, _load, load_yaml

# Every behaviour must be the same with libyaml and with the pure-Python fallback.
LOADERS = [pytest.param(yaml.SafeLoader, id="python")]
if hasattr(yaml, "CSafeLoader"):
    LOADERS.insert(0, pytest.param(yaml.CSafeLoader, id="libyaml"))

BILLION_LAUGHS = "lol0: &a [lol]\n" + "".join(
    f"lol{i}: &{chr(97 + i)} [" + ", ".join([f"*{chr(96 + i)}"] * 9) + "]\n" for i in range(1, 10)
)


def refusal(text: str | bytes, loader: type = yamlsafe.LOADER) -> RulesError:
    with pytest.raises(RulesError) as info:
        _load(text, "house.yaml", loader)
    assert info.value.problems, "a RulesError must carry problems"
    assert all(p.file == "house.yaml" and p.message and p.suggestion for p in info.value.problems)
    return info.value


def test_doctests() -> None:
    assert doctest.testmod(yamlsafe).failed == 0


@pytest.mark.parametrize("loader", LOADERS)
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[null, Null, NULL, ~, '']", [None, None, None, None, ""]),
        ("[true, True, TRUE, false, False, FALSE]", [True, True, True, False, False, False]),
        ("[0, 7, -12, +5, 1234567890123]", [0, 7, -12, 5, 1234567890123]),
        (
            "[1.5, -0.25, 1e3, 1.5e-3, .inf, -.inf]",
            [1.5, -0.25, 1000.0, 0.0015, math.inf, -math.inf],
        ),
        ("[yes, no, on, off, Yes, OFF, y, n]", ["yes", "no", "on", "off", "Yes", "OFF", "y", "n"]),
        (
            "[1:30, '010', 010, 0x10, 0o7, 2026-01-01, =, 1_000]",
            ["1:30", "010", "010", "0x10", "0o7", "2026-01-01", "=", "1_000"],
        ),
        (
            "['true', \"5\", 'null', TRue, nulls, 1.10.2]",
            ["true", "5", "null", "TRue", "nulls", "1.10.2"],
        ),
        ("a: |\n  7\nb: >\n  x\n  y\nc:\n", {"a": "7\n", "b": "x y\n", "c": None}),
        ("on: lead\nyes: 1\n'1': one\n", {"on": "lead", "yes": 1, "1": "one"}),
    ],
)
def test_scalars_follow_strict_core_schema(loader: type, text: str, expected: object) -> None:
    assert _load(text, "x.yaml", loader).data == expected


def test_nan_and_types_are_plain() -> None:
    data = load_yaml("[.nan, 1.0, 1]").data
    assert isinstance(data, list) and math.isnan(data[0])
    assert [type(v) for v in data[1:]] == [float, int]


def test_mapping_keeps_order_and_empty_inputs_give_none() -> None:
    data = load_yaml("z: 1\na: 2\nm: 3\n").data
    assert isinstance(data, dict) and list(data) == ["z", "a", "m"]
    for text in ("", "# only a comment\n", b"", b"\xef\xbb\xbf", "---\n", "--- ~\n"):
        doc = load_yaml(text, "e.yaml")
        assert doc.data is None and doc.file == "e.yaml"
    assert load_yaml("").position(["a"]) == (1, 1)
    assert load_yaml("# c\n---\n").position([]) == (3, 1)  # where the empty root would be


def test_bytes_with_bom_and_str_with_bom() -> None:
    assert load_yaml("pam: J\u2663\n".encode("utf-8"), "b.yaml").data == {"pam": "J\u2663"}
    assert load_yaml(b"\xef\xbb\xbfpam: JC\n").data == {"pam": "JC"}
    assert load_yaml("\ufeffpam: \u00e9\n").data == {"pam": "\u00e9"}


@pytest.mark.parametrize("loader", LOADERS)
def test_positions(loader: type) -> None:
    text = (
        "name: Loo\n"  # 1
        "deal:\n"  # 2
        "  cards: 3\n"  # 3
        "  order: [JC, 'AC',\n"  # 4
        "     KC]\n"  # 5
        "stakes:\n"  # 6
        "  - pool: 3\n"  # 7
        "    flush: {x: 1}\n"  # 8
        "note:\n"  # 9
    )
    doc = _load(text, "p.yaml", loader)
    pos = doc.position
    assert pos([]) == (1, 1)
    assert pos(["name"]) == (1, 7) and pos(["name"], key=True) == (1, 1)
    assert pos(["deal"]) == (3, 3) and pos(["deal"], key=True) == (2, 1)
    assert pos(["deal", "order", 1]) == (4, 15) and pos(["deal", "order", 2]) == (5, 6)
    assert pos(["stakes", 0]) == (7, 5) and pos(["stakes", 0], key=True) == (7, 5)
    assert pos(["stakes", 0, "flush", "x"]) == (8, 16)
    assert pos(["stakes", 0, "flush"], key=True) == (8, 5)
    assert pos(["note"], key=True) == (9, 1)
    # Paths beyond the document: the deepest existing node on them.
    assert pos(["deal", "missing"]) == (3, 3)
    assert pos(["deal", "missing"], key=True) == (3, 3)
    assert pos(["stakes", 5, "pool"]) == (7, 3)
    assert pos(["nothing", "here"]) == (1, 1)
    assert pos(deque(["deal", "cards"])) == pos(("deal", "cards")) == (3, 10)  # jsonschema paths


def test_document_is_a_frozen_value() -> None:
    doc = load_yaml("a: 1", "a.yaml")
    assert doc == Document("a.yaml", {"a": 1})
    assert "a.yaml" in repr(doc) and "_values" not in repr(doc)


# (text, kind, line, column): the first problem of the refusal, in file order.
HAZARDS = [
    ("a: [1, 2\nb: 3\n", "syntax", 2, 2),
    ("a: b: c\n", "syntax", 1, 5),
    ("a:\n\tb: 1\n", "syntax", 2, 1),
    ("a: 'open\n", "syntax", 2, 1),
    ("a: \u00e9\x01\n", "encoding", 1, 5),
    ("ok: 1\nx: 'a\ud800'\n", "encoding", 2, 6),
    ("1: a\n", "key-type", 1, 1),
    ("x: 1\ntrue: b\n", "key-type", 2, 1),
    ("x: {null: c}\n", "key-type", 1, 5),
    ("x: {~: c}\n", "key-type", 1, 5),
    ("x: 1\n1.5: c\n", "key-type", 2, 1),
    ("[a]: d\n", "key-type", 1, 1),
    ("x:\n  {a: 1}: e\n", "key-type", 2, 3),
    ("x:\n  ? \n  : f\n", "key-type", 2, 4),
    ("a: 1\npam: 2\nb: 3\npam: 4\n", "duplicate-key", 4, 1),
    ("a:\n  pam: 1\n  'pam': 2\n", "duplicate-key", 3, 3),
    ("a: &x 1\n", "anchor", 1, 4),
    ("a: 1\nb: &x {c: 1}\n", "anchor", 2, 4),
    ("a: 1\nb: *x\n", "alias", 2, 4),
    ("a: {x: 1}\nb:\n  <<: {y: 2}\n", "merge-key", 3, 3),
    ("a: !!str 5\n", "tag", 1, 4),
    ("a: 1\nb: !foo x\n", "tag", 2, 4),
    ("a: !!python/object:os.system {}\n", "tag", 1, 4),
    ("a: ! x\n", "tag", 1, 4),
    ("a: !!map {}\n", "tag", 1, 4),
    ("a: 1\n---\nb: 2\n", "multi-document", 2, 1),
    ("a: 1\n...\n---\nb: 2\n", "multi-document", 3, 1),
    (
        "a:" + " [" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "\n",
        "too-deep",
        1,
        2 + 2 * MAX_DEPTH,
    ),
    ("[" + "0, " * MAX_NODES + "0]\n", "too-many-nodes", 1, 2 + 3 * (MAX_NODES - 1)),
    ("a: " + "1" * 5000 + "\n", "number", 1, 4),
    ("a: x\n" + "b: " + "y" * MAX_BYTES + "\n", "too-large", 0, 0),
]


@pytest.mark.parametrize("loader", LOADERS)
@pytest.mark.parametrize(("text", "kind", "line", "column"), HAZARDS)
def test_hazards(loader: type, text: str, kind: str, line: int, column: int) -> None:
    first = refusal(text, loader).problems[0]
    assert (first.kind, first.line, first.column) == (kind, line, column), str(first)
    # The same hazard as UTF-8 bytes gives the same answer (if it can be encoded).
    try:
        raw = text.encode()
    except UnicodeEncodeError:
        return
    again = refusal(raw, loader).problems[0]
    assert (again.kind, again.line, again.column) == (kind, line, column)


@pytest.mark.parametrize(
    ("raw", "line", "column"),
    [
        (b"a: \xff\n", 1, 4),
        (b"a: 1\nb: \xc3\xa9\xc3\n", 2, 5),
        (b"\xef\xbb\xbfa: \x80", 1, 4),
        (b"a: 1\r\n\xfe", 2, 1),
        ("a: 1\n".encode("utf-16"), 1, 1),
    ],
)
def test_invalid_utf8(raw: bytes, line: int, column: int) -> None:
    (problem,) = refusal(raw).problems
    assert (problem.kind, problem.line, problem.column) == ("encoding", line, column)


def test_too_large_is_checked_before_parsing() -> None:
    huge = b"\xff" * (MAX_BYTES + 1)  # invalid UTF-8 and invalid YAML, but too large first
    assert refusal(huge).problems[0].kind == "too-large"
    assert refusal("\u00e9" * (MAX_BYTES // 2 + 1)).problems[0].kind == "too-large"
    assert load_yaml("a: " + "b" * (MAX_BYTES - 10)).data is not None


def test_every_duplicate_is_reported_in_file_order() -> None:
    text = "pam: 1\nloo: 2\npam: 3\nsub:\n  x: 1\n  x: 2\nloo: 4\npam: 5\n"
    problems = refusal(text).problems
    assert [(p.kind, p.line, p.key) for p in problems] == [
        ("duplicate-key", 3, "pam"),
        ("duplicate-key", 6, "x"),
        ("duplicate-key", 7, "loo"),
        ("duplicate-key", 8, "pam"),
    ]
    assert problems[0].message == "duplicate key 'pam' (first set at line 1)"
    assert problems[2].message == "duplicate key 'loo' (first set at line 2)"


def test_problems_of_one_pass_are_raised_together_sorted() -> None:
    text = "b: !!str x\na: 1\n1: one\na: 2\nc:\n  <<: {}\n  y: !t z\n"
    problems = refusal(text).problems
    assert [(p.kind, p.line, p.column) for p in problems] == [
        ("tag", 1, 4),
        ("key-type", 3, 1),
        ("duplicate-key", 4, 1),
        ("merge-key", 6, 3),
        ("tag", 7, 6),
    ]


def test_anchor_and_alias_suggest_extends() -> None:
    problems = refusal("base: &b {x: 1}\nmine: *b\n").problems
    assert [p.kind for p in problems] == ["anchor", "alias"]
    assert all("extends:" in p.suggestion for p in problems)
    assert "extends:" in refusal("a:\n  <<: {x: 1}\n").problems[0].suggestion


def test_tags_are_shown_as_written() -> None:
    assert "'!!str'" in refusal("a: !!str 5").problems[0].message
    assert "'!foo'" in refusal("a: !foo 5").problems[0].message


class Work:
    """Counts what a load does: the parser events read, and the calls that build.

    The hazard tests bound the work by these counts, never by the clock, so they mean
    the same on a loaded machine.
    """

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.parses = self.events = self.node_events = self.composes = self.builds = 0
        parse, compose, build = yaml.parse, yaml.compose, yamlsafe._Builder.build

        def counted_parse(*args: Any, **kwargs: Any) -> Iterator[yaml.Event]:
            self.parses += 1
            for event in parse(*args, **kwargs):
                self.events += 1
                self.node_events += isinstance(event, yaml.NodeEvent)
                yield event

        def counted_compose(*args: Any, **kwargs: Any) -> Any:
            self.composes += 1
            return compose(*args, **kwargs)

        def counted_build(builder: Any, *args: Any) -> object:
            self.builds += 1
            return build(builder, *args)

        monkeypatch.setattr(yaml, "parse", counted_parse)
        monkeypatch.setattr(yaml, "compose", counted_compose)
        monkeypatch.setattr(yamlsafe._Builder, "build", counted_build)


@pytest.fixture
def work(monkeypatch: pytest.MonkeyPatch) -> Work:
    return Work(monkeypatch)


@pytest.mark.parametrize("loader", LOADERS)
@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        "{" * 100_000,
        "[" * 100_000 + "]" * 100_000,
        "a:\n" + "".join(" " * i + "- \n" for i in range(0, 400, 2)),
    ],
)
def test_deep_nesting_fails_fast(loader: type, text: str, work: Work) -> None:
    """Refused within the first MAX_DEPTH levels of the stream, before anything is built."""
    problem = refusal(text, loader).problems[0]
    assert problem.kind in ("too-deep", "syntax")
    assert work.parses == 1 and work.events <= MAX_DEPTH + 4
    assert work.composes == 0 and work.builds == 0


@pytest.mark.parametrize("loader", LOADERS)
def test_billion_laughs_is_refused_fast(loader: type, work: Work) -> None:
    """Refused from the one pass over the events as written (about a hundred), without
    composing the node graph, so no alias is ever expanded."""
    problems = refusal(BILLION_LAUGHS, loader).problems
    assert {p.kind for p in problems} == {"anchor", "alias"}
    assert [(p.kind, p.line, p.column) for p in problems[:3]] == [
        ("anchor", 1, 7),
        ("anchor", 2, 7),
        ("alias", 2, 11),
    ]
    assert work.parses == 1 and work.events < 2 * BILLION_LAUGHS.count("*") + 50
    assert work.composes == 0 and work.builds == 0


def test_node_limit_is_inclusive() -> None:
    ok = "[" + "0, " * (MAX_NODES - 2) + "0]"  # the list itself is one node
    data = load_yaml(ok).data
    assert isinstance(data, list) and len(data) == MAX_NODES - 1
    nested = "a:" + " [" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)  # the root mapping is a level
    assert load_yaml(nested).position(["a", *[0] * 50]) == (1, 2 + 2 * (MAX_DEPTH - 1))


def rule_file(sections: int) -> str:
    lines = ["# yaml-language-server: $schema=../schemas/rules.schema.json", "name: five-card-loo"]
    for i in range(sections):
        lines += [
            f"section_{i}:",
            f"  stake: {i}",
            "  order: [JC, AC, KC, 'QC']",
            "  flush:",
            "    allowed: true",
            f'    text: "flush number {i}"',
            "    pay: 1.5",
        ]
    return "\n".join(lines) + "\n"


def test_rule_file_loads_in_one_pass_of_linear_work(work: Work) -> None:
    """A rule file is read by one pass over its events, one compose and at most one visit
    of each node (keys are read, not built): twice the file, twice the work (counted, not
    timed)."""
    text = rule_file(30)
    assert text.count("\n") > 200
    doc = load_yaml(text, "loo.yaml")
    assert doc.position(["section_29", "flush", "pay"]) == (212, 10)
    assert (work.parses, work.composes) == (1, 1)
    assert 30 * 10 < work.builds <= work.node_events
    single = (work.events, work.builds)
    load_yaml(rule_file(60), "loo.yaml")
    double = (work.events - single[0], work.builds - single[1])
    assert (work.parses, work.composes) == (2, 2)
    assert double[0] <= 2 * single[0] and double[1] <= 2 * single[1]
    assert double[1] >= 2 * single[1] - 10


def check_total(text: str | bytes) -> None:
    """Success gives plain data; failure is only ever a RulesError with problems."""
    try:
        doc = load_yaml(text, "fuzz.yaml")
    except RulesError as exc:
        assert exc.problems and all(p.kind and p.message for p in exc.problems)
        return
    assert doc.position(["a", 0, "b"], key=True)[0] >= 1


TOKENS = [
    *"ab01 :-[]{},'\"!&*<>|#?~.\n\t\\%@`",
    "\ud800",
    "\x00",
    "\u00e9",
    "\ufeff",
    "\x85",
    "\r",
    "true",
    "null",
    "1.5",
    "<<",
    "&a",
    "*a",
    "!!",
    "---",
    "...",
    "  ",
    "    ",
]
YAMLISH = st.lists(st.sampled_from(TOKENS), max_size=80).map("".join)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=200), YAMLISH))
def test_random_text_raises_only_rules_error(text: str) -> None:
    check_total(text)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.binary(max_size=200), YAMLISH.map(lambda s: s.encode("utf-8", "replace"))))
def test_random_bytes_raise_only_rules_error(raw: bytes) -> None:
    check_total(raw)


@pytest.mark.parametrize("loader", LOADERS)
def test_a_yaml_directive_other_than_1_2_is_refused(loader: type) -> None:
    assert _load("%YAML 1.2\n---\nname: ok\n", "v.yaml", loader).data == {"name": "ok"}
    with pytest.raises(RulesError) as info:
        _load("%YAML 1.1\n---\nname: old\n", "v.yaml", loader)
    (problem,) = info.value.problems
    assert (problem.kind, problem.line, problem.column) == ("yaml-version", 1, 1)
    assert "1.1" in problem.message
