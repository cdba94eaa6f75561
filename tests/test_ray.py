"""Ray as a pool: the same bytes as one process, from the library and the command line.

A real Ray is started inside the test, once for the module, on this machine alone (bound
to 127.0.0.1, two processors, no dashboard), and shut down at the end.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
import ray

import cardrules
from cardrules.cli import app as cli
from cardrules.tools.simulate import (
    RayPool,
    compare,
    make_plan,
    make_pool,
    play_session,
    simulate,
)

#: A local Ray takes 5-10 s to start: the slow set runs these tests.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        _node_ip_address="127.0.0.1",
    )
    try:
        yield ray
    finally:
        ray.shutdown()


def test_ray_gives_the_same_summary_as_one_process(local_ray: Any) -> None:
    rules = cardrules.load_variant("five-card-loo")
    one = simulate(rules, 5, 2500, seed=4)
    on_ray = simulate(rules, 5, 2500, seed=4, backend="ray")
    assert on_ray.text() == one.text()
    assert on_ray.to_json() == one.to_json()
    assert local_ray.is_initialized()  # a Ray the run did not start is left running


def test_ray_gives_the_same_comparison_as_worker_processes(local_ray: Any) -> None:
    a = cardrules.load_variant("put")
    b = cardrules.load_variant("put", ["cotton-put"])
    procs = compare(a, b, None, 2000, seed=9, workers=2)
    on_ray = compare(a, b, None, 2000, seed=9, backend="ray", workers=2)
    assert on_ray.text() == procs.text()
    assert on_ray.to_json() == procs.to_json()


def test_the_ray_pool_uses_the_clusters_processors(local_ray: Any) -> None:
    pool = make_pool("ray")
    assert isinstance(pool, RayPool) and pool.name == "ray"
    plan = make_plan(cardrules.load_variant("put"), None, 30, 1, "random", False)
    pool.start([plan])
    assert pool.workers == 2  # num_cpus of the Ray started above
    (tallies,) = pool.submit(((0,), 0, 3)).result()
    assert [t.counts for t in tallies] == [play_session(plan, i, 30).counts for i in range(3)]
    pool.close()
    assert local_ray.is_initialized()  # a Ray the pool did not start is left running


def test_the_command_line_backend_ray_prints_what_one_process_prints(local_ray: Any) -> None:
    argv = ["simulate", "three-card-loo", "--deals", "3000", "--seed", "2", "--json"]
    outs = []
    for extra in ([], ["--backend", "ray"], ["--backend", "ray", "--workers", "2"]):
        out, err = io.StringIO(), io.StringIO()
        assert cli.run(argv + extra, out, err) == 0, err.getvalue()
        assert err.getvalue() == ""
        outs.append(out.getvalue())
    assert outs[0] == outs[1] == outs[2]
