"""The examples in the documentation that are not Python sessions still work."""

from __future__ import annotations

import io
import re
from pathlib import Path

from cardrules.cli.app import run
from cardrules.tools.rulings import parse_ruling, run_ruling

ROOT = Path(__file__).resolve().parent.parent


def _blocks(path: Path, lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", path.read_text(encoding="utf-8"), re.S)


def test_the_rulings_guide_example_passes() -> None:
    (block,) = _blocks(ROOT / "docs" / "rulings.md", "yaml")
    result = run_ruling(parse_ruling(block, "docs/rulings.md"))
    assert result.ok, result.failures


def test_the_readme_house_rule_gives_the_error_shown(tmp_path: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (block,) = _blocks(ROOT / "README.md", "yaml")
    rule = tmp_path / "our-loo.yaml"
    rule.write_text(block.replace("../schemas/", str(ROOT / "schemas") + "/"), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    code = run(["validate", str(rule)], out, err)
    assert code == 1
    shown = [line.strip() for line in readme.splitlines() if line.startswith("    our-loo.yaml")]
    assert shown and shown[0] in out.getvalue().replace(str(rule), "our-loo.yaml")


def test_the_readme_commands_name_real_commands() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "cardrules simulate five-card-loo --players 5 --deals 2000 --seed 1" in readme
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    found = re.search(r"pip install -e '\.\[test\]' && (python -m pytest[^\n]*)", readme)
    assert found, "the README gives the test command"
    assert found.group(1).strip() in ci


def test_the_quick_start_house_rule_is_valid_and_plays(tmp_path: Path) -> None:
    (block,) = _blocks(ROOT / "docs" / "quickstart.md", "yaml")
    rule = tmp_path / "our-loo.yaml"
    rule.write_text(block.replace("../schemas/", str(ROOT / "schemas") + "/"), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert run(["validate", "--strict", str(rule)], out, err) == 0, out.getvalue()
    out = io.StringIO()
    assert run(["check", str(rule), "--deals", "40"], out, err) == 0, out.getvalue()
    assert "conformant" in out.getvalue()


def test_the_authoring_guide_games_are_valid_and_play(tmp_path: Path) -> None:
    # The guide's games of other families, written from scratch: each validates strictly,
    # plays conformant deals, and is the kind of game its section says.
    blocks = [b for b in _blocks(ROOT / "docs" / "authoring.md", "yaml") if "kind: game" in b]
    names = []
    for block in blocks:
        name = re.search(r"^name: (\S+)", block, re.M)
        assert name, block
        rule = tmp_path / f"{name.group(1)}.yaml"
        rule.write_text(block, encoding="utf-8")
        out, err = io.StringIO(), io.StringIO()
        assert run(["validate", "--strict", str(rule)], out, err) == 0, out.getvalue()
        out = io.StringIO()
        assert run(["check", str(rule), "--deals", "30"], out, err) == 0, out.getvalue()
        names.append(name.group(1))
    assert names == ["polignac", "team-oh-hell", "contract-whist"]
