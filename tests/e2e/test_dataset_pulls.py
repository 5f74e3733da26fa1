"""next() of a tf.data iterator from outside the step (janus/semantics/iterator_pulls.py):
the refusals, and elements handed back to the iterator after a call that ran in the
interpreter.  End to end against JANUS_MODE=off on tests/e2e/dataset_pulls.py; the
shapes that convert are tests/mechanisms/programs/datapull_*."""

from pathlib import Path

import pytest
from conftest import assert_same, run_both_modes

PROGRAMS = Path(__file__).parent


@pytest.fixture(scope="module")
def pulls(tmp_path_factory):
    return run_both_modes(PROGRAMS / "dataset_pulls.py", tmp_path_factory.mktemp("pulls"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_lines_and_elements_are_the_interpreters(pulls):
    assert pulls["on"]["printed"] == pulls["off"]["printed"]
    on, off = dict(pulls["on"]), dict(pulls["off"])
    on.pop("printed"), off.pop("printed")
    assert_same(on, off)


@pytest.mark.parametrize("name, reason", [
    ("generator_step", "whose dataset runs Python in its pipeline"),
    ("variable_step", "whose dataset reads a tf.Variable in its pipeline"),
    ("in_arm_step", "next() of a tf.data iterator inside a branch or loop on a tensor"),
    ("long_step", "a loop over a tf.data iterator in the step that takes more than 64"),
])
def test_pulls_that_cannot_come_first_are_refused(pulls, name, reason):
    stats = pulls["functions"][name]
    assert stats["graph_calls"] == 0 and reason in stats["status"], stats


def test_an_element_taken_for_a_failed_call_goes_back_to_the_iterator(pulls):
    stats = pulls["functions"]["handed_step"]
    # The graph ran; at call 6 its check failed after the pull, and the interpreter's
    # re-run took that same element and raised (the "handed" list equals eager's, above,
    # and get_next_as_optional() then gives the element after it).
    assert stats["graph_calls"] >= 4 and stats["fallbacks"] == 1, stats
    assert pulls["on"]["handed"][6:8] == ["failed", [14.0, 15.0]]


def test_a_pull_after_something_that_can_fail_is_refused(pulls):
    # A call failing there would run in the interpreter, whose path need not reach the
    # pull: the element janus took would wait on the iterator.
    stats = pulls["functions"]["early_step"]
    assert stats["graph_calls"] == 0 and "next() of a tf.data iterator after" in \
        stats["status"], stats


def test_a_new_iterator_each_epoch_keeps_its_graphs_past_the_recompile_limit(pulls):
    # Each epoch's graph names an iterator the program freed after 40 calls: its build
    # paid off, and does not count toward the limit of 12 (run/cache.py PAID_OFF_RUNS).
    stats = pulls["functions"]["epoch_step"]
    assert stats["status"] == "converted" and stats["graphs_built"] == 14, stats
    assert stats["graph_calls"] >= 14 * 36, stats
