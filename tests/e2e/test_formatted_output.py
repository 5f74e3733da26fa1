"""Strings made from graph values, print and logging convert
(docs/soundness.md#text-and-logs-from-graph-values): the
text is made after the graph from its outputs, in program order with the other output,
and is the interpreter's to the character.  End to end against JANUS_MODE=off on
tests/e2e/formatted_output.py."""

from pathlib import Path

import pytest
from conftest import assert_same, run_both_modes

PROGRAMS = Path(__file__).parent


@pytest.fixture(scope="module")
def formatted(tmp_path_factory):
    return run_both_modes(PROGRAMS / "formatted_output.py",
                          tmp_path_factory.mktemp("formatted"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_every_line_is_the_interpreters(formatted):
    on, off = formatted["on"]["printed"], formatted["off"]["printed"]
    assert on == off
    assert sum(line.startswith("step ") for line in off) == 10
    assert sum(line.startswith("INFO:train:loss ") for line in off) == 10
    assert sum(line.startswith("W before the update:") for line in off) == 4


def test_stored_strings_are_the_interpreters(formatted):
    for name in ("history", "last", "W"):
        assert_same(formatted["on"][name], formatted["off"][name], name)


def test_the_text_step_converts(formatted):
    stats = formatted["functions"]["text_step"]
    assert stats["status"] == "converted", stats
    # `step` changes every call: one rebuild makes it a graph input.
    assert stats["graphs_built"] == 2 and stats["graph_calls"] >= 7, stats


def test_printing_a_variable_says_why(formatted):
    stats = formatted["functions"]["variable_print_step"]
    assert stats["status"].startswith("interpreted"), stats
    assert "print of a tf.Variable" in stats["status"], stats
