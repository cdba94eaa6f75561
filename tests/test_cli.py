"""The command line: list, validate and show, through run() with string buffers, and the
console entry point through a real process. No traceback ever reaches the user."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest
import yaml

from cardrules.cli import app as cli
from cardrules.cli import arguments
from cardrules.cli.app import run as run_cli
from cardrules.cli.arguments import EXIT_FOUND, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE
from cardrules.engine.compiled import COMPILED, compiled_modules
from cardrules.rules import loader
from cardrules.rules.schemagen import build_schema

ROOT = Path(__file__).resolve().parent.parent
LINE = re.compile(r"^.+:\d+:\d+: (error|warning): .+$")


def run(*argv: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.run([str(a) for a in argv], out, err)
    assert "Traceback" not in out.getvalue() + err.getvalue()
    return code, out.getvalue(), err.getvalue()


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# --------------------------------------------------------------------------- list


def test_list_names_every_bundled_variant_with_aliases_and_descriptions() -> None:
    code, out, _ = run("list")
    assert code == 0
    assert out.index("Games:") < out.index("House rules:")
    for v in loader.list_variants():
        assert re.search(
            rf"^  {re.escape(v.name)} +{re.escape(v.description.splitlines()[0])}", out, re.M
        ), v.name
        for alias in v.aliases:
            assert alias in out


# --------------------------------------------------------------------------- validate


def test_validate_prints_file_line_col_lines_then_a_summary(tmp_path: Path) -> None:
    house = write(
        tmp_path,
        "house.yaml",
        "name: house\nextends: three-card-loo\nfollowing:\n  trump_when_void: if_can_hed\n",
    )
    code, out, err = run("validate", house)
    assert (code, err) == (1, "")
    assert out.splitlines() == [
        f"{house}:4:20: error: following.trump_when_void: 'if_can_hed' is not one of "
        "if_can_head, always, any_trump, highest_trump, never (did you mean 'if_can_head'?)",
        "1 file checked: 1 invalid (1 error, 0 warnings)",
    ]


def test_validate_checks_every_file_even_after_one_fails(tmp_path: Path) -> None:
    bad = write(tmp_path, "bad.yaml", "name: bad\ndeal: {miss: yes}\n")
    worse = write(tmp_path, "worse.yaml", "name: worse\nflush: {}\n")
    good = write(tmp_path, "good.yaml", "name: good\n")
    code, out, _ = run("validate", bad, good, worse)
    lines = out.splitlines()
    assert code == 1
    assert [Path(line.split(":")[0]).name for line in lines[:-1]] == ["bad.yaml", "worse.yaml"]
    assert all(LINE.match(line) for line in lines[:-1])
    assert lines[-1] == "3 files checked: 2 invalid (2 errors, 0 warnings)"


def test_validate_exits_0_when_all_are_valid() -> None:
    files = sorted((ROOT / "tests" / "rules" / "valid").glob("*.yaml"))
    code, out, _ = run("validate", *files)
    assert code == 0
    assert out == f"{len(files)} files checked: all valid (0 errors, 0 warnings)\n"


def test_warnings_pass_unless_strict(tmp_path: Path) -> None:
    idle = write(tmp_path, "idle.yaml", "name: idle\nwagers:\n  mixed_cap: 20\n")
    code, out, _ = run("validate", idle)
    assert code == 0
    assert out.splitlines()[0].startswith(f"{idle}:3:14: warning: wagers.mixed_cap")
    assert out.splitlines()[-1] == "1 file checked: all valid (0 errors, 1 warning)"
    code, out, _ = run("validate", "--strict", idle)
    assert code == 1
    assert f"{idle}:3:14: error: wagers.mixed_cap" in out


def test_validate_json_for_tools(tmp_path: Path) -> None:
    bad = write(tmp_path, "bad.yaml", "name: bad\nkind: gam\n")
    good = write(tmp_path, "good.yaml", "name: good\n")
    code, out, _ = run("validate", "--format", "json", bad, good)
    report = json.loads(out)
    assert code == 1 and report["valid"] is False
    assert [(f["file"], f["valid"]) for f in report["files"]] == [
        (str(bad), False),
        (str(good), True),
    ]
    (problem,) = report["files"][0]["problems"]
    assert {k: problem[k] for k in ("line", "column", "severity", "kind", "key")} == {
        "line": 2,
        "column": 7,
        "severity": "error",
        "kind": "enum",
        "key": "kind",
    }


def test_validate_reports_a_missing_file_and_goes_on(tmp_path: Path) -> None:
    good = write(tmp_path, "good.yaml", "name: good\n")
    code, out, _ = run("validate", tmp_path / "absent.yaml", good)
    assert code == 2  # a FILE that does not exist is a usage error
    absent = tmp_path / "absent.yaml"
    assert out.splitlines() == [
        f"cardrules validate: error: argument FILE '{absent}': no such file",
        "2 files checked: 1 invalid (1 error, 0 warnings)",
    ]


def test_validate_and_check_accept_a_bundled_name() -> None:
    code, out, _ = run("validate", "five-card-loo", "club-law", "Irish-Loo")
    assert (code, out) == (0, "3 files checked: all valid (0 errors, 0 warnings)\n")


def test_a_name_that_is_neither_a_file_nor_bundled_says_how_to_write_a_path() -> None:
    code, out, _ = run("validate", "fiv-card-loo")
    assert code == 2
    assert out.splitlines()[0] == (
        "cardrules validate: error: argument FILE 'fiv-card-loo': no such file, and no bundled "
        "game or house rule has that name (did you mean 'five-card-loo'? A rule file's path "
        "is written as it is, e.g. ./my-loo.yaml)"
    )


def test_a_broken_base_shared_by_several_files_is_printed_once(tmp_path: Path) -> None:
    write(tmp_path, "base.yaml", "name: base\ndeal: {mis: true}\n")
    one = write(tmp_path, "one.yaml", "name: one\nextends: base.yaml\n")
    two = write(tmp_path, "two.yaml", "name: two\nextends: base.yaml\n")
    code, out, _ = run("validate", one, two)
    assert code == 1
    assert len(out.splitlines()) == 2
    assert out.splitlines()[-1] == "2 files checked: 2 invalid (2 errors, 0 warnings)"


def test_every_broken_file_fails_validation_without_a_traceback() -> None:
    files = sorted((ROOT / "tests" / "rules" / "invalid").glob("*.yaml"))
    code, out, _ = run("validate", *files)
    lines = out.splitlines()
    assert code == 1
    assert all(LINE.match(line) for line in lines[:-1])
    assert lines[-1].startswith(f"{len(files)} files checked: {len(files)} invalid")


# --------------------------------------------------------------------------- show


def test_show_prints_every_value_and_where_it_was_set(tmp_path: Path) -> None:
    base = write(
        tmp_path,
        "base.yaml",
        "name: base\ndeal:\n  hand_size: 5\n  miss: false\nwagers:\n  stake_deal: 5\n",
    )
    write(tmp_path, "cap.yaml", "name: cap\nkind: house_rule\nwagers:\n  mixed_cap: 15\n")
    game = write(tmp_path, "game.yaml", "name: game\nextends: base.yaml\nwagers: {stake_loo: 10}\n")
    code, out, err = run(
        "show",
        game,
        "-H",
        tmp_path / "cap.yaml",
        "--set",
        "wagers.loo=mixed",
        "--set",
        "deal.packets=[3, 2]",
    )
    assert (code, err) == (0, "")
    lines = {
        line.split("#")[0].strip(): line.rsplit("# ", 1)[1]
        for line in out.splitlines()
        if "# " in line and not line.startswith("#")
    }
    assert lines["name: game"] == f"{game}:1"
    assert lines["hand_size: 5"] == f"{base}:3"
    assert lines["miss: false"] == f"{base}:4"
    assert lines["stake_deal: 5"] == f"{base}:6"
    assert lines["stake_loo: 10"] == f"{game}:3"
    assert lines["mixed_cap: 15"] == f"{tmp_path / 'cap.yaml'}:4"
    assert lines["loo: mixed"] == "set by --set"
    assert lines["packets: [3, 2]"] == "set by --set"
    assert lines["house_rules: [cap]"] == "set by -H"
    assert lines["turn_up: true"] == "default"
    assert out.startswith("# game: game + cap\n")


def test_show_prints_yaml_that_reads_back_as_the_same_rules() -> None:
    code, out, _ = run("show", "five-card-loo", "-H", "club-law")
    assert code == 0
    shown = yaml.safe_load(out)
    rules = loader.load_variant("five-card-loo", house_rules=["club-law"])
    assert shown["deal"]["hand_size"] == rules.deal.hand_size
    assert shown["pack"]["ranks"] == list(rules.pack.ranks)
    assert shown["house_rules"] == ["club-law"]
    assert shown["declarations"]["forced_play"]["turn_up_suits"] == ["C"]
    line = next(x for x in out.splitlines() if x.strip().startswith("hand_size:"))
    source = (ROOT / "variants" / "five-card-loo.yaml").read_text("utf-8").splitlines()
    number = next(i for i, x in enumerate(source, 1) if x.strip().startswith("hand_size:"))
    assert line.endswith(f"# variants/five-card-loo.yaml:{number}")


def test_show_prints_warnings_on_stderr(tmp_path: Path) -> None:
    code, out, err = run("show", "three-card-loo", "--set", "wagers.mixed_cap=20")
    assert code == 0 and out
    assert err == (
        "cardrules show: warning: argument --set wagers.mixed_cap=20: wagers.mixed_cap has no "
        "effect: wagers.loo is not mixed (remove it, or turn on what it depends on)\n"
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["show", "fiv-card-loo"],
            "argument VARIANT 'fiv-card-loo': no bundled game or house rule is named "
            "'fiv-card-loo' (did you mean 'five-card-loo'?)",
        ),
        (
            ["show", "club-law"],
            "argument VARIANT 'club-law': 'club-law' is a house rule, not a game "
            "(apply it to a game: cardrules show GAME -H club-law)",
        ),
        (["show", "three-card-loo", "-H", "club-lw"], "argument -H 'club-lw': "),
        (
            ["show", "three-card-loo", "--set", "deal.hand_size=five"],
            "argument --set deal.hand_size=five: deal.hand_size: expected a whole number",
        ),
        (
            ["show", "three-card-loo", "--set", "wagers.lo=mixed"],
            "argument --set wagers.lo=mixed: unknown key 'lo' in wagers (did you mean 'loo'?)",
        ),
        (["show", "no/such.yaml"], "argument VARIANT 'no/such.yaml': no such file"),
    ],
)
def test_a_problem_with_an_argument_names_the_argument_and_exits_2(
    argv: list[str], message: str
) -> None:
    code, out, err = run(*argv)
    assert (code, out) == (2, "")
    assert err.startswith(f"cardrules show: error: {message}"), err
    assert "<arguments>" not in err and "<overrides>" not in err and ":0:0:" not in err
    assert len(err.splitlines()) == 1


def test_a_variant_given_to_an_option_is_named_by_the_option() -> None:
    code, out, err = run("simulate", "put", "--compare", "pux", "--deals", "5")
    assert (code, out) == (2, "")
    assert err == (
        "cardrules simulate: error: argument --compare 'pux': no bundled game or house rule "
        "is named 'pux' (did you mean 'put'?)\n"
    )


def test_did_you_mean_for_a_misspelt_house_rule() -> None:
    code, _, err = run("show", "three-card-loo", "-H", "club-lw")
    assert code == 2 and "did you mean 'club-law'?" in err


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["frobnicate"],
        ["show"],
        ["validate"],
        ["show", "put", "--set", "no-equals-sign"],
        ["validate", "--format", "xml", "a.yaml"],
    ],
)
def test_usage_errors_exit_2_with_a_message(argv: list[str]) -> None:
    code, _, err = run(*argv)
    assert code == 2
    assert "usage: cardrules" in err


def test_every_help_documents_the_exit_codes() -> None:
    assert (EXIT_OK, EXIT_FOUND, EXIT_USAGE, EXIT_INTERRUPTED) == (0, 1, 2, 130)
    parser = cli.build_parser()
    names = [c.name for c in arguments.commands()]
    assert {"list", "validate", "show", "play", "describe", "diff", "check"} <= set(names)
    for name in ["", *names]:
        code, out, _ = run(*([name] if name else []), "--help")
        assert code == 0, name
        codes = out[out.index("exit codes:") :].splitlines()
        assert [line.split()[0] for line in codes[1:5]] == ["0", "1", "2", "130"], name
        assert "usage error" in codes[3] and "Ctrl-C" in codes[4], name
    assert parser.prog == "cardrules"


def test_ctrl_c_inside_a_command_is_one_line_and_exit_130(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _private_registry(monkeypatch)

    @arguments.command("wait", "wait until interrupted")
    def _wait(args, out, err):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    assert run("wait") == (130, "", "cardrules: interrupted\n")


def test_help_and_version_exit_0() -> None:
    code, out, _ = run("--help")
    assert code == 0 and "validate" in out and "show" in out and "list" in out
    code, out, _ = run("--version")
    assert code == 0 and out.startswith("cardrules ")


# --------------------------------------------------------------------------- extending


def _private_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Commands registered by the test go into a copy of the registry, made after every
    command module has registered its own."""
    cli.build_parser()
    monkeypatch.setattr(arguments, "_COMMANDS", dict(arguments._COMMANDS))


def test_a_subcommand_is_one_registered_function(monkeypatch: pytest.MonkeyPatch) -> None:
    _private_registry(monkeypatch)

    @arguments.command(
        "greet", "say hello", arguments.arg("who"), arguments.arg("--times", type=int, default=1)
    )
    def _greet(args, out, err):  # type: ignore[no-untyped-def]
        print(" ".join([f"hello {args.who}"] * args.times), file=out)
        return 0

    assert run("greet", "pam", "--times", "2") == (0, "hello pam hello pam\n", "")


def test_an_unreadable_file_is_a_clean_message(monkeypatch: pytest.MonkeyPatch) -> None:
    _private_registry(monkeypatch)

    @arguments.command("boom", "fail reading a file")
    def _boom(args, out, err):  # type: ignore[no-untyped-def]
        raise PermissionError(13, "Permission denied", "secret.yaml")

    assert run("boom") == (1, "", "cardrules: cannot read secret.yaml: Permission denied\n")


# --------------------------------------------------------------------------- the process


def test_the_console_entry_point_runs_as_a_module(tmp_path: Path) -> None:
    bad = write(tmp_path, "bad.yaml", "name: bad\ndeal: {hand_size: 010}\n")
    done = subprocess.run(
        [sys.executable, "-m", "cardrules", "validate", str(bad)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 1
    assert done.stdout.startswith(f"{bad}:2:19: error: deal.hand_size: expected a whole number")
    assert done.stderr == ""
    done = subprocess.run(
        [sys.executable, "-m", "cardrules"], capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr


#: Run in a fresh interpreter: the modules that ``cardrules --help`` and then ``cardrules
#: validate FILE`` import beyond what ``import cardrules`` itself imports.
STARTUP = """
import io, json, sys
import cardrules
from cardrules.cli.app import run
seen = set(sys.modules)
news = []
for argv in (["--help"], ["validate", sys.argv[1]]):
    assert run(argv, io.StringIO(), io.StringIO()) == 0
    news.append(sorted(set(sys.modules) - seen))
    seen = set(sys.modules)
print(json.dumps(news))
"""

#: What the command line must not import to show its help or to validate a file.
NOT_AT_STARTUP = (
    "cardrules.engine",
    "cardrules.players",
    "cardrules.tools",
    "cardrules.cli.terminal",
    "cardrules.cli.narration",
    "cardrules.cli.screen",
    "matplotlib",
)


def test_help_and_validate_start_without_the_engine_the_bots_or_matplotlib() -> None:
    done = subprocess.run(
        [sys.executable, "-c", STARTUP, str(ROOT / "variants" / "put.yaml")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    at_help, at_validate = json.loads(done.stdout)
    assert "cardrules.cli.rule_commands" in at_help
    assert [m for m in at_help if m.startswith((*NOT_AT_STARTUP, "yaml", "jsonschema"))] == []
    assert [m for m in at_validate if m.startswith(NOT_AT_STARTUP)] == []


def test_the_pre_commit_hook_runs_cardrules_validate_on_yaml_files() -> None:
    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text("utf-8"))
    assert hook["id"] == "cardrules-validate"
    assert hook["entry"] == "cardrules validate"
    assert hook["language"] == "python"
    pattern = re.compile(hook["files"])
    assert pattern.search("rules/ours.yaml") and pattern.search("ours.yml")
    assert not pattern.search("ours.json")


def test_schema_prints_the_bundled_schema() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert run_cli(["schema"], out, err) == 0
    assert json.loads(out.getvalue()) == build_schema()


# --------------------------------------------------------------------------- --include


def test_include_widens_where_references_may_lead(tmp_path: Path) -> None:
    """A reference stays in the folder of the file that makes it unless the command line
    widens the search with --include (the same for validate, show, check, diff and
    describe)."""
    (tmp_path / "shared").mkdir()
    (tmp_path / "tables").mkdir()
    write(tmp_path / "shared", "base.yaml", "name: base\nkind: game\nextends: three-card-loo\n")
    ours = write(tmp_path / "tables", "ours.yaml", "name: ours\nextends: ../shared/base.yaml\n")
    code, out, _ = run("validate", ours)
    assert code == 1 and "leads out of the folder of the file that names it" in out
    code, out, _ = run("validate", ours, "--include", tmp_path / "shared")
    assert (code, out) == (0, "1 file checked: all valid (0 errors, 0 warnings)\n")
    code, out, _ = run("show", ours, "--include", tmp_path)
    assert code == 0 and out.startswith("# ours: ours\n")
    code, out, _ = run("diff", "three-card-loo", ours, "--include", tmp_path)
    assert (code, out) == (0, "no differences\n")
    code, out, err = run("describe", ours, "--format", "markdown")
    assert code == 1 and "leads out of the folder of the file that names it" in err
    code, out, _ = run("describe", ours, "--format", "markdown", "--include", tmp_path)
    # The rulebook of a file is titled with the file's own name, not its base's.
    assert code == 0 and out.splitlines()[0] == "# ours"
    code, _, err = run("validate", ours, "--include", tmp_path / "nosuch")
    assert code == 2 and err == (
        f"cardrules validate: error: --include: '{tmp_path / 'nosuch'}' is not a folder\n"
    )


def test_version_says_whether_the_compiled_modules_are_in_use(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = types.ModuleType("cardrules.engine.compiled")
    fake.COMPILED = ("cardrules.cards", "cardrules.engine.deal", "cardrules.engine.tricks")  # type: ignore[attr-defined]
    fake.compiled_modules = lambda: ("cardrules.cards", "cardrules.engine.deal")  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "cardrules.engine.compiled", fake)
    code, out, _ = run("--version")
    assert code == 0
    assert out.endswith(" (compiled: 2 of 3 modules in use, by mypyc)\n")
    fake.compiled_modules = lambda: ()  # type: ignore[attr-defined]
    code, out, _ = run("--version")
    assert code == 0 and out.endswith(" (pure Python: no compiled modules in use)\n")


# --------------------------------------------------------------------------- special files


@pytest.mark.parametrize(
    "argv",
    [
        ["validate", "{fifo}"],
        ["check", "{fifo}"],
        ["show", "{fifo}"],
        ["play", "{fifo}"],
        ["describe", "{fifo}"],
        ["diff", "put", "{fifo}"],
        ["play", "put", "--record", "{fifo}"],
    ],
)
def test_a_fifo_named_on_the_command_line_is_refused_at_once(
    tmp_path: Path, argv: list[str]
) -> None:
    fifo = tmp_path / "rules.yaml"
    os.mkfifo(fifo)
    done = subprocess.run(
        [sys.executable, "-m", "cardrules", *(a.format(fifo=fifo) for a in argv)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=30,  # a FIFO opened for reading would wait for a writer for ever
    )
    text = done.stdout + done.stderr
    assert "Traceback" not in text
    assert "FIFO (named pipe)" in text
    assert done.returncode in (1, 2)


def test_version_agrees_with_the_installation() -> None:
    code, out, _ = run("--version")
    used = compiled_modules()
    expected = (
        f" (compiled: {len(used)} of {len(COMPILED)} modules in use, by mypyc)\n"
        if used
        else " (pure Python: no compiled modules in use)\n"
    )
    assert code == 0 and out.endswith(expected)
