"""Where the sessions are played changes nothing but the speed: one process, worker
processes, any number of them; more workers than cores are capped; Ctrl-C stops
every process with one line and exit 130."""

from __future__ import annotations

import io
import json
import multiprocessing
import multiprocessing.process
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import cast

import pytest
from interrupts import sigint_as_at_a_terminal

import cardrules
from cardrules.cli import app as cli
from cardrules.errors import ArgumentValueError, CardRulesError
from cardrules.tools.simulate import compare, cores, make_plan, make_pool, simulate
from cardrules.tools.simulate.pools import ProcessPool, SerialPool, start_method
from cardrules.tools.simulate.workers import run_plans

ROOT = Path(__file__).resolve().parent.parent


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.run(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_one_and_two_workers_print_the_same_bytes() -> None:
    # A comparison (two plans, paired sessions) on few enough deals that the chunks are
    # small and many: the merge order is what is tested.
    base = (
        "simulate",
        "three-card-loo",
        "--players",
        "4",
        "--deals",
        "3000",
        "--seed",
        "11",
        "--compare",
        "three-card-loo",
        "-H2",
        "club-law",
    )
    outs = {}
    for workers in ("1", "2"):
        for fmt in ((), ("--json",)):
            code, out, err = run(*base, "--workers", workers, *fmt)
            assert code == 0, err
            outs[workers, fmt] = out
    assert outs["1", ()] == outs["2", ()]
    assert outs["1", ("--json",)] == outs["2", ("--json",)]
    data = json.loads(outs["2", ("--json",)])
    assert data["a"]["deals"] == data["b"]["deals"] == 3000


def test_the_pool_does_not_change_a_points_game() -> None:
    rules = cardrules.load_variant("put-four-handed")
    serial = simulate(rules, deals=1200, seed=5)
    pooled = simulate(rules, deals=1200, seed=5, workers=2)
    assert serial.to_json() == pooled.to_json()
    assert serial.text() == pooled.text()
    assert serial.deals == 1200


def test_chunks_of_any_size_give_the_same_sums() -> None:
    # The serial pool asked for chunks of 1 session, a process pool of 1 worker for
    # larger ones: the sessions past a plan's last deal are dropped either way.
    a = cardrules.load_variant("irish-loo")
    b = cardrules.load_variant("irish-loo", ["club-law"])
    one = compare(a, b, 4, 900, seed=3, backend="serial")
    two = compare(a, b, 4, 900, seed=3, backend="process", workers=1)
    assert one.to_json() == two.to_json()


def test_forked_and_spawned_workers_give_the_same_sums() -> None:
    rules = cardrules.load_variant("five-card-loo")
    plans = [make_plan(rules, 5, 1200, 8, "random", False)]
    sums = {}
    for pool in (SerialPool(), ProcessPool(2, "fork"), ProcessPool(2, "spawn")):
        (running,), _ = run_plans(plans, pool)
        sums[pool.name, getattr(pool, "method", None)] = (running.totals, running.ended_by)
    assert len(set(map(repr, sums.values()))) == 1, sums
    assert sums["serial", None][0][0] == 1200  # the deals played


def test_workers_are_forked_only_on_linux_with_one_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    assert start_method() == "fork"
    monkeypatch.setattr(threading, "active_count", lambda: 2)  # a fork copies no thread
    assert start_method() == "spawn"
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    for other in ("darwin", "win32"):
        monkeypatch.setattr(sys, "platform", other)
        assert start_method() == "spawn"
    with pytest.raises(ArgumentValueError, match="start method 'threads'"):
        ProcessPool(2, "threads")


def test_more_workers_than_cores_are_capped_with_a_message() -> None:
    assert make_pool("process", 64).workers == cores()
    assert make_pool(None, 64).name == "process"
    assert make_pool(None, 1).name == make_pool(None, None).name == "serial"
    code, out, err = run("simulate", "put", "--deals", "200", "--workers", "64")
    assert code == 0 and out.startswith("put: 200 deals")
    assert err == (
        f"cardrules: --workers 64: this machine has {cores()} cores; using {cores()} workers\n"
    )


def test_bad_pool_arguments_are_named_errors() -> None:
    rules = cardrules.load_variant("put")
    with pytest.raises(ArgumentValueError, match="backend 'threads'"):
        simulate(rules, deals=10, backend="threads")
    with pytest.raises(ArgumentValueError, match="workers must be at least 1"):
        simulate(rules, deals=10, workers=0, backend="process")
    with pytest.raises(ArgumentValueError, match="address is for the ray backend"):
        simulate(rules, deals=10, address="127.0.0.1:6379")
    code, _, err = run("simulate", "put", "--address", "127.0.0.1:6379")
    assert code == 2 and err == "cardrules: --address is for --backend ray\n"


def test_a_worker_killed_from_outside_stops_the_run_with_an_error() -> None:
    # The system's out-of-memory killer, say: the chunk the worker held is lost, and the
    # run says so instead of waiting for it for ever.
    plan = make_plan(cardrules.load_variant("three-card-loo"), 5, 10**6, 1, "random", False)
    pool = ProcessPool(2)
    pool.start([plan])
    try:
        pool.submit(((0,), 0, 1)).result()  # the workers are up
        # Chunks of 4096 sessions: a worker plays one for seconds (256 took a tenth of a
        # second on a fast machine, and were done before the kill).
        jobs = [pool.submit(((0,), first, 4096)) for first in range(0, 4096 * 4, 4096)]
        time.sleep(0.3)  # each worker is playing its first chunk
        victim = pool.pids[0]
        os.kill(victim, signal.SIGKILL)
        start = time.monotonic()
        lost = f"a worker process ended unexpectedly: {victim} \\(killed by signal 9\\)"
        with pytest.raises(CardRulesError, match=lost):
            for job in jobs:
                job.result()
        assert time.monotonic() - start < 30
    finally:
        pool.close()


def test_a_worker_killed_while_it_waits_for_work_stops_the_run_without_a_hang() -> None:
    # A worker waiting for work holds the lock of the queue it reads: the pool must not
    # wait on that lock for ever when it is closed.
    plan = make_plan(cardrules.load_variant("three-card-loo"), 5, 10**6, 1, "random", False)
    pool = ProcessPool(2)
    pool.start([plan])
    start = time.monotonic()
    try:
        pool.submit(((0,), 0, 1)).result()
        victim = pool.pids[0]
        give_up = time.monotonic() + 30
        while _state(victim) != "S" and time.monotonic() < give_up:
            time.sleep(0.02)  # until it sleeps, waiting on the queue for the next chunk
        assert _state(victim) == "S"
        os.kill(victim, signal.SIGKILL)
        with pytest.raises(CardRulesError, match="worker process ended unexpectedly"):
            for first in range(1, 200):
                pool.submit(((0,), first, 1)).result()
                time.sleep(0.05)
    finally:
        pool.close()
    assert time.monotonic() - start < 30
    assert all(_is_zombie(pid) for pid in pool.pids)


def test_workers_end_when_their_parent_is_killed() -> None:
    # SIGKILL (the system short of memory, a CI run cancelled): the parent cannot stop its
    # workers, so they must see it go, and not hold its output open.
    argv = [sys.executable, "-m", "cardrules", "simulate", "three-card-loo"]
    argv += ["--deals", "5000000", "--workers", "2"]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    try:
        workers = _wait_for_workers(proc.pid)
        time.sleep(0.5)  # playing
        proc.kill()
        proc.communicate(timeout=30)  # the pipes are closed: nobody holds them
        give_up = time.monotonic() + 20
        while not all(_is_zombie(w) for w in workers) and time.monotonic() < give_up:
            time.sleep(0.05)
        assert all(_is_zombie(w) for w in workers), workers
    finally:
        for w in _children(proc.pid):
            os.kill(w, signal.SIGKILL)


def _children(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True)
    return [int(x) for x in found.stdout.split()]


def _state(pid: int) -> str:
    """The process's state letter (``S`` sleeping, ``R`` running, ``Z`` zombie...)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "gone"


def _wait_for_workers(pid: int) -> list[int]:
    """The two worker processes of ``pid`` once both exist (not its resource tracker)."""
    give_up = time.monotonic() + 60
    while time.monotonic() < give_up:
        workers = []
        for child in _children(pid):
            try:
                with open(f"/proc/{child}/cmdline", "rb") as f:
                    if b"resource_tracker" not in f.read():
                        workers.append(child)
            except OSError:
                pass
        if len(workers) >= 2:
            return workers
        time.sleep(0.02)
    raise AssertionError("the workers were not started")


#: ``cardrules`` with another thread running: the workers are then spawned, not forked.
WITH_A_THREAD = (
    "import sys, threading; threading.Thread(target=threading.Event().wait, daemon=True)"
    ".start(); from cardrules.cli.app import main; sys.exit(main())"
)


@pytest.mark.parametrize("after", [0.0, 1.0])
@pytest.mark.parametrize("start", ["fork", "spawn"])
def test_ctrl_c_under_workers_is_one_line_and_exit_130(after: float, start: str) -> None:
    # Ctrl-C at a terminal sends SIGINT to the whole foreground process group: the
    # parent and its workers. Interrupt as soon as both workers exist (spawned ones are
    # still importing) and once they have played for a second: one line, exit 130, no
    # traceback, no process left behind.
    run_it = ["-m", "cardrules"] if start == "fork" else ["-c", WITH_A_THREAD]
    argv = [sys.executable, *run_it, "simulate", "three-card-loo"]
    argv += ["--deals", "5000000", "--workers", "2"]
    proc = subprocess.Popen(
        argv,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=sigint_as_at_a_terminal,
        cwd=ROOT,
    )
    try:
        _wait_for_workers(proc.pid)
        time.sleep(after)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:  # the test failed: leave nothing running
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert proc.returncode == 130, err
    assert out == ""
    assert err == "cardrules: interrupted\n"
    time.sleep(0.5)
    left = subprocess.run(["pgrep", "-g", str(proc.pid)], capture_output=True, text=True)
    assert all(_is_zombie(int(p)) for p in left.stdout.split()), left.stdout


@pytest.fixture
def another_thread() -> Iterator[threading.Thread]:
    """A thread of this process that is not blocking SIGINT, as a program's own would be."""
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("Ctrl-C is handled by the main thread alone")
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait, daemon=True)
    thread.start()
    yield thread
    stop.set()
    thread.join()


def test_ctrl_c_while_the_workers_start_is_not_lost_to_another_thread(
    monkeypatch: pytest.MonkeyPatch, another_thread: threading.Thread
) -> None:
    # Ctrl-C is held back in this thread while the workers start; the kernel hands a
    # signal blocked here to another thread. Had SIGINT been ignored meanwhile (as it
    # once was, for the workers to inherit), that thread would drop it and the run go on.
    found = multiprocessing.active_children
    calls: list[int] = []

    def active_children() -> list[multiprocessing.process.BaseProcess]:
        calls.append(len(calls))
        if len(calls) == 2:  # the workers are started, Ctrl-C still held back
            os.kill(os.getpid(), signal.SIGINT)  # to the process, as from a terminal
            give_up = time.monotonic() + 10
            while _sigint_pending() and time.monotonic() < give_up:
                time.sleep(0.001)  # until the other thread has taken it
            assert not _sigint_pending()
        return found()

    monkeypatch.setattr(multiprocessing, "active_children", active_children)
    plan = make_plan(cardrules.load_variant("put"), None, 100, 1, "random", False)
    pool = ProcessPool(2, "spawn")
    try:
        with pytest.raises(KeyboardInterrupt):
            pool.start([plan])
        assert len(calls) == 2 and len(pool.pids) == 2
    finally:
        pool.close()
    assert all(_is_zombie(pid) for pid in pool.pids)


def _sigint_pending() -> bool:
    """Whether a SIGINT sent to this process waits for a thread to take it."""
    with open("/proc/self/status", encoding="ascii") as f:
        pending = next(line for line in f if line.startswith("ShdPnd:"))
    return bool(int(pending.split()[1], 16) & 1 << (signal.SIGINT - 1))


def test_ctrl_c_inside_the_executors_code_leaves_no_lock_held() -> None:
    # A KeyboardInterrupt raised just as a ``with`` has taken its lock leaves the lock
    # taken. Raised in the executor's code, it would leave the executor's thread waiting
    # for ever on that lock, and closing the pool waiting for the thread: Ctrl-C must
    # come through outside that code only. Here it comes as the lock of the executor's
    # queue of work is taken, when a chunk is submitted.
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("Ctrl-C is handled by the main thread alone")
    plan = make_plan(cardrules.load_variant("put"), None, 100, 1, "random", False)
    pool = ProcessPool(2)
    pool.start([plan])
    assert pool._executor is not None
    work = cast(queue.Queue[int], pool._executor._work_ids)  # the chunks' ids, for its thread

    class Interrupted(threading.Condition):
        def __enter__(self) -> bool:
            taken = super().__enter__()
            signal.raise_signal(signal.SIGINT)  # Ctrl-C, now that the lock is taken
            return taken

    work.not_full = Interrupted(work.mutex)
    left_taken = False
    try:
        with pytest.raises(KeyboardInterrupt):
            pool.submit(((0,), 0, 1)).result()
        left_taken = work.mutex.locked()
    finally:
        if left_taken:
            work.mutex.release()  # so that the pool can be closed
        pool.close()
    assert not left_taken
    assert all(_is_zombie(pid) for pid in pool.pids)


def _is_zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True  # gone
