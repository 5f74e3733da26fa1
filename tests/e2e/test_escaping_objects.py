"""Objects a step makes and lets escape (returned, stored in a global list, dict or
attribute, linked to each other) convert: each commit makes new ones holding what the
build's instances hold (janus/run/executor.py, janus/build/made.py).  End to end against
JANUS_MODE=off on tests/e2e/escaping_objects.py: identities, types and values."""

from pathlib import Path

import pytest
from conftest import ROUND_OFF, assert_same, run_both_modes

PROGRAMS = Path(__file__).parent


@pytest.fixture(scope="module")
def escaping(tmp_path_factory):
    return run_both_modes(PROGRAMS / "escaping_objects.py", tmp_path_factory.mktemp("esc"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_results_identities_and_types_are_the_interpreters(escaping):
    # Every result, "printed" included, key order too.
    assert_same(escaping["on"], escaping["off"], "results", **ROUND_OFF)
    # Every identity check the program makes holds in both modes.
    assert all(all(row[:6]) and row[8] for row in escaping["on"]["identity"])
    assert escaping["on"]["printed"] == escaping["off"]["printed"]
    assert escaping["off"]["printed"][:2] == ["made Shown(1, []) [Shown(1, [])]",
                                              "changed Shown(2, ['later'])"]


@pytest.mark.parametrize("step,builds", [
    ("step", 2),              # i becomes a number read at call time after one miss
    ("slotted_step", 1),      # __slots__, one of them name-mangled
    ("frozen_step", 1),       # a frozen dataclass: object.__setattr__ in its __init__
    ("loop_step", 1),         # three objects made in a loop, stored in a list
    ("printing_step", 1),     # printed, changed, printed again, stored
])
def test_each_converts_and_makes_new_objects_per_call(escaping, step, builds):
    stats = escaping["functions"][step]
    assert stats["status"] == "converted", stats
    assert stats["graphs_built"] == builds and stats["graph_calls"] >= 7, stats
    assert stats["fallbacks"] == 0, stats


@pytest.mark.parametrize("step,reason", [
    ("keyed_step", "a dict keyed by an object made in the call"),
    # The object made in one arm would need its tensors carried out of the cond.
    ("maybe_step", "a Record on one arm of a branch on a tensor"),
])
def test_what_does_not_convert_says_why(escaping, step, reason):
    stats = escaping["functions"][step]
    assert stats["status"].startswith("interpreted") and reason in stats["status"], stats
