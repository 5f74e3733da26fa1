"""One ordered log of output, containers printed as they are at the print, and identity
guards that pin the class (docs/soundness.md): tests/e2e/output_log.py against
JANUS_MODE=off, every printed line and the final state, and every step converts."""

from pathlib import Path

import pytest
from conftest import ROUND_OFF, assert_same, run_both_modes

PROGRAM = Path(__file__).parent / "output_log.py"
STEPS = ("ordered_step", "arm_print_step", "history_step", "info_step", "tracker_step",
         "isinstance_step", "method_step", "class_attribute_step")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("output_log"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_every_line_in_order(runs):
    on, off = runs["on"]["printed"], runs["off"]["printed"]
    assert on == off
    # the program's own order: print, tf.print, logging, the update's tf.print, write
    assert off[0] == "print before 0" and off[1].startswith("tf.print 0 0.") and \
        off[2] == "INFO logged after 0" and off[3].startswith("W after the update [[0."), off
    assert off[6:8] == ["written after the update", "wrote 25"], off


def test_the_final_state_is_the_interpreters(runs):
    on, off = dict(runs["on"]), dict(runs["off"])
    on.pop("printed"), off.pop("printed")
    assert_same(on, off, **ROUND_OFF)
    assert off["classes"] == ["Main", "Main", "Main"]


def test_containers_show_what_the_loop_and_the_step_wrote(runs):
    off = runs["off"]["printed"]
    assert "history after [0, 1, 2, 3, 4, 5, 'from the loop', 100, 6] " \
        "{'h': [0, 1, 2, 3, 4, 5, 'from the loop', 100, 6]} 9" in off
    assert "info after {'epoch': 2, 'seen': [0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 2], " \
        "'note': 'late'}" in off


@pytest.mark.parametrize("function", STEPS)
def test_each_step_converts(runs, function):
    stats = runs["functions"][function]
    assert stats["status"] == "converted", stats
    assert stats["graph_calls"] >= 6, stats


@pytest.mark.parametrize("function", ("isinstance_step", "method_step",
                                      "class_attribute_step"))
def test_a_changed_class_is_a_guard_miss(runs, function):
    reasons = runs["functions"][function]["reasons"]
    assert any("its class is now Main, not Warmup" in r for r in reasons), reasons
