"""Where the sessions are played: one interface, three pools.

A pool is given the plans once (:meth:`Pool.start`), then chunks of session
indices (:meth:`Pool.submit`); each chunk comes back as a :class:`Pending`
whose :meth:`~Pending.result` is the tallies of those sessions for every plan.
What travels to a worker is the plans (rules, table, bots, seed) and the
indices; the sessions are rebuilt there from their seeds. The scheduler in
:mod:`~cardrules.tools.simulate.workers` takes the chunks back in the order it
sent them, so the result does not depend on the pool.

- :class:`SerialPool`: this process, each chunk played when its result is asked for;
- :class:`ProcessPool`: worker processes on this machine (``multiprocessing``: forked on
  Linux when that is safe, else spawned, see :func:`start_method`);
- :class:`RayPool`: Ray tasks, on this machine or a cluster (the ``[ray]`` extra;
  Ray is imported only here, and only when such a pool is made).

multiprocessing and concurrent.futures are imported when worker processes are started,
not with the module: a serial run (the command line's default) never needs them.

>>> from cardrules.tools.simulate.pools import make_pool
>>> pool = make_pool("serial")
>>> pool.name, pool.workers
('serial', 1)
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from cardrules.errors import ArgumentValueError, CardRulesError
from cardrules.tools.simulate.plan import Plan, play_session
from cardrules.tools.simulate.tally import SessionTally

if TYPE_CHECKING:
    import concurrent.futures
    import multiprocessing.process

#: The backends by name, as ``simulate(backend=...)`` and ``--backend`` take them.
BACKENDS = ("serial", "process", "ray")

#: A chunk of work: the plans still to play (their positions) and the first session
#: index and how many sessions from it.
Chunk = tuple[tuple[int, ...], int, int]
#: What a chunk comes back as: for each plan of the chunk, its sessions' tallies.
ChunkResult = list[list[SessionTally]]


def play_chunk(plans: Sequence[Plan], chunk: Chunk) -> ChunkResult:
    """Play the sessions of ``chunk`` for each of its plans (each whole, up to the plan's
    deals: the scheduler cuts the last session where one process would)."""
    which, first, count = chunk
    return [
        [play_session(plans[w], i, plans[w].deals) for i in range(first, first + count)]
        for w in which
    ]


class Pending(Protocol):
    """A chunk sent to a pool."""

    def result(self) -> ChunkResult:
        """Wait for the chunk and return its tallies."""
        ...


class Pool(Protocol):
    """Somewhere to play chunks of sessions."""

    name: str
    workers: int

    def start(self, plans: Sequence[Plan]) -> None:
        """Ship the plans, once, before any chunk."""
        ...

    def submit(self, chunk: Chunk) -> Pending:
        """Send a chunk to be played."""
        ...

    def close(self) -> None:
        """Stop the workers (also after an interruption)."""
        ...


def cores() -> int:
    """The processors this process may run on.

    >>> cores() >= 1
    True
    """
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        return os.cpu_count() or 1


#: How worker processes may be started.
START_METHODS = ("fork", "spawn")


def start_method() -> str:
    """How :class:`ProcessPool` starts its workers: ``fork`` on Linux while this process
    runs a single thread (a worker starts in milliseconds, the modules already imported),
    else ``spawn`` (a fresh interpreter, which imports the package again: under a second,
    paid once a run). Threads rule out a fork: a lock another thread holds at that
    moment stays held for ever in the child. macOS and Windows spawn, as Python does
    there by default. The results are the same either way.

    >>> start_method() in START_METHODS
    True
    """
    if sys.platform.startswith("linux") and threading.active_count() == 1:
        return "fork"
    return "spawn"


class _Done:
    def __init__(self, plans: Sequence[Plan], chunk: Chunk) -> None:
        self.plans, self.chunk = plans, chunk

    def result(self) -> ChunkResult:
        return play_chunk(self.plans, self.chunk)


class SerialPool:
    """This process: a chunk is played when its result is asked for."""

    name = "serial"
    workers = 1

    def __init__(self) -> None:
        self._plans: Sequence[Plan] = ()

    def start(self, plans: Sequence[Plan]) -> None:
        self._plans = plans

    def submit(self, chunk: Chunk) -> Pending:
        return _Done(self._plans, chunk)

    def close(self) -> None:
        pass


_WORKER_PLANS: list[Plan] = []


def _init_worker(plans: list[Plan]) -> None:
    # Ctrl-C is the parent's to handle; one held back since this process started (see
    # _sigint_held) is dropped here.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER_PLANS[:] = plans
    import multiprocessing  # start-up: workers only

    parent = multiprocessing.parent_process()
    if parent is not None:  # a parent killed outright cannot stop its workers: they see it go
        watch = threading.Thread(target=_end_with, args=(parent.sentinel,), daemon=True)
        watch.start()


def _end_with(parent_sentinel: int) -> None:
    """End this worker as soon as its parent has ended, however it ended."""
    import multiprocessing.connection  # start-up: workers only

    multiprocessing.connection.wait([parent_sentinel])
    os.kill(os.getpid(), signal.SIGKILL)  # at once, from this thread, whatever the main one does


def _play_in_worker(chunk: Chunk) -> ChunkResult:
    return play_chunk(_WORKER_PLANS, chunk)


#: How long the parent waits for a chunk with Ctrl-C held back, at most, before it lets a
#: Ctrl-C through (see :meth:`_Future.result`).
WAIT_SLICE = 0.05


@contextlib.contextmanager
def _sigint_held() -> Iterator[None]:
    """Hold Ctrl-C back, and let it through at the end: while worker processes are
    started, and while this thread runs the executor's code.

    There a KeyboardInterrupt could leave a lock held (one raised just after a ``with``
    has taken its lock, before the block is entered, leaves it taken): the executor's
    thread would wait for it for ever, and closing the pool would wait for that thread.

    SIGINT is blocked in this thread (on POSIX systems), and a process started from it
    inherits the mask, through ``exec`` too: a Ctrl-C while a worker imports stays
    pending in it until it ignores SIGINT (:func:`_init_worker`), so it prints nothing.
    Here a Ctrl-C meanwhile is kept: pending while no other thread may take it, else
    taken by a handler that only notes it; either way it reaches this process's own
    handler at the end. (Ignoring SIGINT meanwhile, as the workers do, would lose it:
    the kernel hands a signal blocked in this thread to another thread if there is
    one, and a signal ignored is dropped.)"""
    noted: list[int] = []
    try:
        old = signal.signal(signal.SIGINT, lambda signum, _frame: noted.append(signum))
    except ValueError:  # not the main thread: the signal is not ours to handle
        yield
        return
    mask = getattr(signal, "pthread_sigmask", None)
    old_mask = mask(signal.SIG_BLOCK, {signal.SIGINT}) if mask is not None else None
    try:
        yield
    finally:
        # The mask first: a Ctrl-C kept pending then goes to the handler that notes it,
        # or to the old one once it is back, so that nothing is raised before both are.
        if mask is not None and old_mask is not None:
            mask(signal.SIG_SETMASK, old_mask)
        signal.signal(signal.SIGINT, old)
        if noted:  # to this process's own handler now, as it came
            signal.raise_signal(signal.SIGINT)


class _Future:
    def __init__(self, future: concurrent.futures.Future[ChunkResult], pool: ProcessPool) -> None:
        self.future, self.pool = future, pool

    def result(self) -> ChunkResult:
        import concurrent.futures.process  # start-up: workers only

        try:
            while True:  # waited for in slices, each with Ctrl-C held: it comes between
                with _sigint_held(), contextlib.suppress(concurrent.futures.TimeoutError):
                    return self.future.result(timeout=WAIT_SLICE)
        except concurrent.futures.process.BrokenProcessPool as exc:
            # A worker killed from outside (by the system, short of memory) takes its
            # chunk with it: the executor sees it go and fails every chunk still out.
            raise self.pool.worker_lost() from exc


class ProcessPool:
    """Worker processes on this machine, started by ``method`` (``None``: the
    :func:`start_method` of the moment the pool starts); they ignore Ctrl-C, which the
    parent handles by stopping them.

    The workers are a :class:`concurrent.futures.ProcessPoolExecutor`'s: when one of them
    dies (killed from outside), every chunk still out fails at once with a
    :class:`~cardrules.errors.CardRulesError`, and closing the pool cannot wait on a lock
    the dead worker held."""

    name = "process"

    def __init__(self, workers: int, method: str | None = None) -> None:
        if method is not None and method not in START_METHODS:
            raise ArgumentValueError(
                f"start method {method!r}: the methods are {', '.join(START_METHODS)}"
            )
        self.workers = workers
        self.method = method
        self._executor: concurrent.futures.ProcessPoolExecutor | None = None
        self._processes: list[multiprocessing.process.BaseProcess] = []

    def start(self, plans: Sequence[Plan]) -> None:
        import concurrent.futures  # start-up: workers only
        import multiprocessing.resource_tracker  # start-up: workers only

        ctx = multiprocessing.get_context(self.method or start_method())
        before = {p.pid for p in multiprocessing.active_children()}
        if hasattr(signal, "pthread_sigmask"):
            # The pool's locks start the resource tracker, and starting it unblocks
            # Ctrl-C: start it first, so that Ctrl-C stays held while the workers start.
            multiprocessing.resource_tracker.ensure_running()
        with _sigint_held():
            executor = concurrent.futures.ProcessPoolExecutor(
                self.workers, mp_context=ctx, initializer=_init_worker, initargs=(list(plans),)
            )
            self._executor = executor
            # The executor starts a worker for each task it has no idle worker for: one
            # small task each starts them all now, while Ctrl-C is held.
            for _ in range(self.workers):
                executor.submit(os.getpid)
            # Known before Ctrl-C is let through, so that close() can stop them.
            self._processes = [p for p in multiprocessing.active_children() if p.pid not in before]

    @property
    def pids(self) -> tuple[int, ...]:
        """The worker processes' ids, once the pool is started."""
        return tuple(p.pid for p in self._processes if p.pid is not None)

    def worker_lost(self) -> CardRulesError:
        """The error that stops a run when a worker has ended: which, and how."""
        import multiprocessing.connection  # start-up: workers only

        ends = []
        for process in self._processes:
            code = None
            if multiprocessing.connection.wait([process.sentinel], timeout=0):
                # Ended: its exit code, once reaped. The executor's own thread may be reaping
                # it at this moment, when this thread's wait finds nothing to reap: give
                # that thread a second to record the code.
                give_up = time.monotonic() + 1
                while code is None and time.monotonic() < give_up:
                    process.join(timeout=0.05)
                    code = process.exitcode
            if code is not None:
                how = f"killed by signal {-code}" if code < 0 else f"exit code {code}"
                ends.append(f"{process.pid} ({how})")
        how = f": {', '.join(ends)};" if ends else " (killed from outside?):"
        return CardRulesError(f"a worker process ended unexpectedly{how} the run is stopped")

    def submit(self, chunk: Chunk) -> Pending:
        assert self._executor is not None, "start the pool first"
        import concurrent.futures.process  # start-up: workers only

        try:
            with _sigint_held():
                return _Future(self._executor.submit(_play_in_worker, chunk), self)
        except concurrent.futures.process.BrokenProcessPool as exc:  # died waiting for work
            raise self.worker_lost() from exc

    def close(self) -> None:
        """Stop the workers at once (a chunk being played is dropped) and wait for them."""
        executor, self._executor = self._executor, None
        if executor is None:
            return
        with _sigint_held():  # a second Ctrl-C comes once they are stopped
            for process in self._processes:
                if process.exitcode is None:
                    process.kill()
            executor.shutdown(wait=True, cancel_futures=True)


class _Ref:
    def __init__(self, ray: Any, ref: Any) -> None:
        self.ray, self.ref = ray, ref

    def result(self) -> ChunkResult:
        out: ChunkResult = self.ray.get(self.ref)
        return out


class RayPool:
    """Ray tasks: on a cluster at ``address`` (``"auto"``: the one this machine belongs
    to), else on a Ray already started in this process, else on one started here for
    the run (and stopped after it). ``workers`` is how many chunks run at once (default:
    the cluster's processors, known once the pool is started)."""

    name = "ray"

    def __init__(self, workers: int | None = None, address: str | None = None) -> None:
        # Optional dependency: Ray is imported only when a Ray pool is made.
        import ray

        self._ray: Any = ray
        self._address = address
        self._started = False
        self.workers = workers or 0  # until started: then the cluster's processors
        self._asked = workers
        self._remote: Any = None
        self._plans: Any = None

    def start(self, plans: Sequence[Plan]) -> None:
        import logging  # start-up: for Ray's level only (a serial run never needs it)

        ray = self._ray
        if not ray.is_initialized():
            options: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                "logging_level": logging.ERROR,  # the report alone on the terminal
            }
            if self._address:
                options["address"] = self._address
            else:  # a Ray of this machine alone, for this run: reachable from here only
                options["_node_ip_address"] = "127.0.0.1"
                if self._asked:
                    options["num_cpus"] = self._asked
            self._started = True  # from here on, close() stops it, whatever happens
            with _sigint_held():  # a Ray interrupted while it starts cannot be stopped
                ray.init(**options)
        resources: dict[str, float] = ray.cluster_resources()
        self.workers = self._asked or max(1, int(resources.get("CPU", 1)))
        self._plans = ray.put(list(plans))  # shipped once, shared by every task
        self._remote = ray.remote(play_chunk)

    def submit(self, chunk: Chunk) -> Pending:
        return _Ref(self._ray, self._remote.remote(self._plans, chunk))

    def close(self) -> None:
        if self._started:
            self._ray.shutdown()
            self._started = False


def make_pool(
    backend: str | None = None, workers: int | None = None, address: str | None = None
) -> SerialPool | ProcessPool | RayPool:
    """The pool for ``backend`` (``None``: ``process`` when ``workers`` is above 1, else
    ``serial``). Processes are capped at :func:`cores` (more would only share them).

    >>> make_pool(None, 1).name, make_pool("process", 10**6).workers == cores()
    ('serial', True)
    """
    if backend is None:
        backend = "process" if workers and workers > 1 else "serial"
    if backend not in BACKENDS:
        raise ArgumentValueError(f"backend {backend!r}: the backends are {', '.join(BACKENDS)}")
    if workers is not None and workers < 1:
        raise ArgumentValueError(f"workers must be at least 1, not {workers}")
    if address is not None and backend != "ray":
        raise ArgumentValueError("an address is for the ray backend")
    if backend == "serial":
        return SerialPool()
    if backend == "process":
        return ProcessPool(min(workers or cores(), cores()))
    return RayPool(workers, address)
