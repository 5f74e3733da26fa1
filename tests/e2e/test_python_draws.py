"""Draws from Python's and numpy's random generators in converted steps
(janus/semantics/python_draws.py): each graph call feeds the numbers the interpreter would draw,
and a call that falls back leaves every generator where the interpreter expects it.
End to end against JANUS_MODE=off on tests/e2e/python_draws.py."""

from pathlib import Path

import pytest
from conftest import ROUND_OFF, assert_same, run_both_modes

PROGRAMS = Path(__file__).parent


@pytest.fixture(scope="module")
def draws(tmp_path_factory):
    return run_both_modes(PROGRAMS / "python_draws.py", tmp_path_factory.mktemp("draws"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_every_line_and_generator_state_is_the_interpreters(draws):
    assert draws["on"]["printed"] == draws["off"]["printed"]
    noise = [line for line in draws["off"]["printed"] if line.startswith("noise ")]
    assert len(set(noise)) == 12                            # a new draw every call
    for state in ("random_state", "own_state", "numpy_state", "legacy_state",
                  "generator_state", "items"):
        assert_same(draws["on"][state], draws["off"][state], state)


def test_results_are_the_interpreters(draws):
    for name in ("noise", "failing", "in_arm", "shuffle", "subclass", "W"):
        assert_same(draws["on"][name], draws["off"][name], name, **ROUND_OFF)


def test_straight_line_draws_convert_once(draws):
    stats = draws["functions"]["noise_step"]
    assert stats["status"] == "converted", stats
    assert stats["graphs_built"] == 1 and stats["graph_calls"] >= 7, stats


def test_a_failed_graph_puts_the_generators_back(draws):
    # The speculated branch fails after the call's draws were taken; the interpreter's
    # re-run draws the same numbers (the states above match), and the graph relaxes.
    stats = draws["functions"]["failing_step"]
    assert stats["status"] == "converted", stats
    assert stats["fallbacks"] >= 1 and stats["relaxations"] >= 1, stats
    assert stats["graph_calls"] >= 5, stats


@pytest.mark.parametrize("step, reason", [
    ("draw_in_arm_step", "Random.random() inside a branch or loop on a tensor"),
    ("shuffle_step", "Random.shuffle() with an argument that is not a constant"),
    ("system_step", "the state of a SystemRandom cannot be saved"),
    ("subclass_step", "Loaded.random() of a Loaded, a subclass of Random"),
])
def test_draws_janus_cannot_feed_stay_in_the_interpreter(draws, step, reason):
    stats = draws["functions"][step]
    assert stats["graph_calls"] == 0, stats
    assert reason in stats["status"], stats
