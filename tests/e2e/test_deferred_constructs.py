"""print/logging inside a branch or a loop on a tensor, bool(t), t.numpy(), writes to
__slots__ objects and generator helpers convert
(docs/soundness.md#deferred-output-truth-tests-slots-and-generators); a generator from
outside the step and the rest stay refused with their reasons.  End to end
against JANUS_MODE=off on tests/e2e/deferred_constructs.py."""

from pathlib import Path

import pytest
from conftest import ROUND_OFF, assert_same, run_both_modes

PROGRAMS = Path(__file__).parent


@pytest.fixture(scope="module")
def deferred(tmp_path_factory):
    return run_both_modes(PROGRAMS / "deferred_constructs.py",
                          tmp_path_factory.mktemp("deferred"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_every_line_is_the_interpreters(deferred):
    on, off = deferred["on"]["printed"], deferred["off"]["printed"]
    assert on == off
    # Both arms of the branch printed in some calls: the cond's flags pick the path.
    assert any(line.startswith("positive ") for line in off)
    assert any(line.startswith("not positive ") for line in off)
    assert any(line.startswith("INFO:large loss ") for line in off)
    assert sum(line.startswith("after ") for line in off) == 12
    assert sum(line.startswith("speculated positive") for line in off) < 12
    assert sum(line == "between yields" for line in off) == 12
    assert sum(line.startswith("iteration ") for line in off) == 24
    assert any(line.startswith("k=2 total=4.50 4.5 tf.Tensor(") for line in off)
    assert any(line.startswith("INFO:above one at ") for line in off)


def test_results_are_the_interpreters(deferred):
    for name in ("cond_print", "speculated", "bool", "numpy", "slots", "generator",
                 "tracker_best", "history", "slotted", "W", "loop_print", "try_generator",
                 "yield_in_branch", "resumed_in_branch",
                 "slot_guard", "set_through_property", "object_in_arm",
                 "outside_generator", "numpy_compare", "slot_delete"):
        assert_same(deferred["on"][name], deferred["off"][name], name, **ROUND_OFF)


@pytest.mark.parametrize("step", ["cond_print_step", "speculated_step", "bool_step",
                                  "numpy_step", "slots_step", "generator_step",
                                  "loop_print_step", "object_in_arm_step"])
def test_each_converts(deferred, step):
    stats = deferred["functions"][step]
    assert stats["status"] == "converted", stats
    assert stats["graph_calls"] >= 5, stats


def test_a_replaced_slot_descriptor_misses_the_guard(deferred):
    stats = deferred["functions"]["slot_guard_step"]
    assert stats["graph_calls"] >= 3 and stats["guard_misses"] >= 1, stats
    assert len(deferred["off"]["set_through_property"]) == 3


def test_a_speculated_branch_that_prints_is_relaxed_to_a_cond(deferred):
    stats = deferred["functions"]["speculated_step"]
    assert stats["relaxations"] >= 1, stats


@pytest.mark.parametrize("step,reason", [
    ("try_generator_step", "the generator guarded_batches has try/with blocks and is left "
                           "unfinished: they run when it is collected"),
    ("yield_in_branch_step", "`yield` inside a branch or loop on a tensor"),
    ("resumed_in_branch_step", "the generator batches is resumed inside a branch or loop "
                               "on a tensor that did not make it"),
    ("outside_generator_step", "next() of a generator: where an iterator from outside "
                               "the step stands is state janus cannot guard"),
    ("numpy_compare_step", "`>` on an ndarray the step computes (.numpy() or numpy "
                           "arithmetic): its value is known only after the graph"),
    ("slot_delete_step", "del .count of the __slots__ member Slotted.count: only writes "
                         "to slots are converted"),
])
def test_refusals_say_why(deferred, step, reason):
    stats = deferred["functions"][step]
    assert stats["status"].startswith("interpreted"), stats
    assert reason in stats["status"], stats
