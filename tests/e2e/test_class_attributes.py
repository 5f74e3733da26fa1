"""Class-attribute writes in converted steps (`Stats.calls += 1`, a counting
descriptor): deferred like other attribute writes, read back by the call through the
class, its subclasses and its instances, and stored at commit (janus/state/reads.py).  End to
end against JANUS_MODE=off on tests/e2e/class_attributes.py."""

from pathlib import Path

import pytest
from conftest import ROUND_OFF, assert_same, run_both_modes

PROGRAMS = Path(__file__).parent


@pytest.fixture(scope="module")
def classes(tmp_path_factory):
    return run_both_modes(PROGRAMS / "class_attributes.py", tmp_path_factory.mktemp("cls"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_lines_and_state_are_the_interpreters(classes):
    assert classes["on"]["printed"] == classes["off"]["printed"]
    # Read through the class, an instance, a subclass and a new instance, after the
    # write: the same count everywhere; the program's reset at call 7 is followed.
    assert "counter (101, 101, 101, 101, 0.501953125)" in classes["off"]["printed"]
    for name in ("counter", "descriptor", "method", "dunder", "stats", "reads", "made"):
        assert_same(classes["on"][name], classes["off"][name], name, **ROUND_OFF)


@pytest.mark.parametrize("step", ["counter_step", "descriptor_step"])
def test_the_writing_steps_convert_once(classes, step):
    stats = classes["functions"][step]
    assert stats["status"] == "converted", stats
    assert stats["graphs_built"] == 1 and stats["graph_calls"] >= 7, stats


@pytest.mark.parametrize("step, reason", [
    ("method_step", "write of a function to the class attribute Made.helper"),
    ("dunder_step", "write of the special attribute Made.__len__"),
])
def test_writes_that_change_behaviour_stay_in_the_interpreter(classes, step, reason):
    stats = classes["functions"][step]
    assert stats["graph_calls"] == 0 and reason in stats["status"], stats
