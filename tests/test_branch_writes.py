"""Attribute and global writes inside a cond arm, against JANUS_MODE=off
(tests/programs/branch_writes.py)."""

from pathlib import Path

import pytest

from conftest import assert_close, run_both_modes

PROGRAM = Path(__file__).parent / "programs" / "branch_writes.py"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("branch_writes"))


def test_state_written_in_arms_equals_the_interpreter(runs):
    on, off = runs["on"], runs["off"]
    assert_close(on["losses"], off["losses"], "losses")
    for key in ("improved", "worse", "small", "last_improved", "types", "kept_object"):
        assert on[key] == off[key], key
    assert off["improved"] > 3 and off["worse"] > 3     # both arms ran, many times
    assert 0 < off["small"] < off["improved"]            # and both inner arms
    assert_close(on["best"], off["best"], "best")
    for got, want in zip(on["variables"], off["variables"]):
        assert_close(got, want, "variables")


def test_the_branch_is_a_cond_in_the_graph(runs):
    step = runs["functions"]["train_step"]
    assert step["status"] == "converted", step
    assert step["graph_calls"] >= 50, step
