"""next() of an itertools.count from outside the step converts: its position is read
when the call starts, the count moves on at commit (janus/build/generators.py).  End to end
against JANUS_MODE=off on tests/e2e/outside_count.py."""

from pathlib import Path

import pytest
from conftest import ROUND_OFF, assert_same, run_both_modes

PROGRAMS = Path(__file__).parent


@pytest.fixture(scope="module")
def counts(tmp_path_factory):
    return run_both_modes(PROGRAMS / "outside_count.py", tmp_path_factory.mktemp("count"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_lines_results_and_positions_are_the_interpreters(counts):
    assert counts["on"]["printed"] == counts["off"]["printed"]
    assert any(line.startswith("ticks 1000 1001 ") for line in counts["off"]["printed"])
    assert_same(counts["on"]["counts"], counts["off"]["counts"], "counts")
    for name in ("tick", "failing", "in_arm"):
        assert_same(counts["on"][name], counts["off"][name], name, **ROUND_OFF)


def test_the_ticking_step_converts_and_follows_the_count(counts):
    stats = counts["functions"]["tick_step"]
    assert stats["status"] == "converted", stats
    # One build, and one more for the new count object at call 10.
    assert stats["graphs_built"] == 2 and stats["graph_calls"] >= 8, stats


def test_a_failed_graph_does_not_move_the_count(counts):
    stats = counts["functions"]["failing_step"]
    assert stats["status"] == "converted" and stats["fallbacks"] >= 1, stats


def test_next_inside_a_branch_on_a_tensor_is_refused(counts):
    stats = counts["functions"]["in_arm_step"]
    assert stats["graph_calls"] == 0, stats
    assert "next() of an itertools.count inside a branch or loop on a tensor" in \
        stats["status"], stats
