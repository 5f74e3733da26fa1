"""Objects a step makes with a class call convert
(docs/soundness.md#objects-the-step-makes): the instance lives in the call, its own
attributes are the build's, and what
its class holds (methods, defaults, a property, __init__ itself) is guarded where the
class came from.  End to end against JANUS_MODE=off on tests/e2e/made_objects.py."""

from pathlib import Path

import pytest
from conftest import ROUND_OFF, assert_same, run_both_modes

PROGRAMS = Path(__file__).parent


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    return run_both_modes(PROGRAMS / "made_objects.py", tmp_path_factory.mktemp("made"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_results_are_the_interpreters(made):
    # Every result, "printed" included, key order too.
    assert_same(made["on"], made["off"], "results", **ROUND_OFF)
    assert made["on"]["printed"] == made["off"]["printed"]


@pytest.mark.parametrize("step,builds", [
    # The global __init__ reads, the class attribute and __init__ itself change once each.
    ("class_step", 4),
    ("loop_step", 2),          # three helper objects per call, then two
])
def test_each_converts_and_follows_its_class(made, step, builds):
    stats = made["functions"][step]
    assert stats["status"] == "converted", stats
    assert stats["graphs_built"] == builds and stats["graph_calls"] >= 8, stats


def test_the_class_changes_are_guard_misses(made):
    reasons = made["functions"]["class_step"]["reasons"]
    assert any("Penalty.weight" in r for r in reasons), reasons
    assert any("Penalty.__init__" in r for r in reasons), reasons


def test_suppress_converts_and_the_failing_calls_run_as_eagerly(made):
    stats = made["functions"]["suppress_step"]
    assert stats["status"] == "converted", stats
    assert stats["graph_calls"] >= 6, stats
    # Three calls fail their assertion; the suppressed append did not run for them.
    assert made["on"]["suppressed"] == made["off"]["suppressed"] == 9
    # A failing check the program wrote keeps the graph: one build per LIMIT value.
    assert stats["graphs_built"] == 2, stats
    assert stats["reasons"].get(
        "a check the program wrote failed at node assert_less/Assert/AssertGuard/Assert") \
        == 3, stats


def test_a_stored_object_is_a_new_one_per_call(made):
    # Note(len(KEPT)): after one miss the list's length is read at call time, and each
    # commit makes its own Note (the program counts distinct ids).
    stats = made["functions"]["storing_step"]
    assert stats["status"] == "converted", stats
    assert stats["graphs_built"] == 2 and stats["graph_calls"] >= 8, stats
    assert made["on"]["kept_distinct"] == made["off"]["kept_distinct"] == 12


@pytest.mark.parametrize("step,reason", [
    ("finaliser_step", "it defines __del__"),
])
def test_what_cannot_convert_says_why(made, step, reason):
    stats = made["functions"][step]
    assert stats["status"].startswith("interpreted"), stats
    assert reason in stats["status"], stats
