"""The program observes the interpreter (janus/detect/observers.py): an audit hook added
before TensorFlow's import is found when janus starts watching, and janus stands aside,
so the hook sees every event of every call as in eager."""

from pathlib import Path

import pytest
from conftest import run_both_modes

PROGRAM = Path(__file__).resolve().parent / "observer_first.py"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("observer"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_the_hook_sees_every_call_and_the_results_match(runs):
    assert runs["on"]["printed"] == runs["off"]["printed"]
    assert runs["on"]["events"] == runs["off"]["events"] == 30
    assert runs["on"]["census"] == runs["off"]["census"]
    assert runs["on"]["w"] == runs["off"]["w"]


def test_janus_stood_aside_for_a_hook_added_before_tensorflow(runs):
    reason = "the program added an audit hook (sys.addaudithook)"
    assert runs["report"]["stood_aside"] == reason
    assert runs["report"]["totals"]["graph_calls"] == 0
    assert runs["log"] == [f"janus: janus stands aside for the rest of the run: {reason}"]
