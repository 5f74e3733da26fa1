"""A `raise` on one arm of a branch on a tensor that the step catches itself: the
arm that raises becomes an assumption, and what the other arm does after the try
(appends, item writes) converts outside any cond (janus/build/branches.py).  End to end
against JANUS_MODE=off on tests/e2e/caught_in_branch.py."""

from pathlib import Path

import pytest
from conftest import ROUND_OFF, assert_same, run_both_modes

PROGRAMS = Path(__file__).parent


@pytest.fixture(scope="module")
def caught(tmp_path_factory):
    return run_both_modes(PROGRAMS / "caught_in_branch.py", tmp_path_factory.mktemp("c"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_results_and_state_are_the_interpreters(caught):
    # Every result, "printed" included, key order too.
    assert_same(caught["on"], caught["off"], "results", **ROUND_OFF)
    assert caught["off"]["bad"] == 4 and caught["off"]["counts"]["big"] > 0


@pytest.mark.parametrize("step", ["counted_step", "checked_step"])
def test_the_step_converts_and_the_raising_calls_run_in_the_interpreter(caught, step):
    stats = caught["functions"][step]
    assert stats["status"] == "converted", stats
    assert stats["graph_calls"] >= 12, stats
    raising = [r for r in stats["reasons"] if r.startswith("reaches a `raise`")]
    assert raising, stats["reasons"]
