"""Dicts held by library objects convert like the program's own
(docs/soundness.md#dicts-held-by-library-objects): same object, keys and the items read
guarded, writes deferred.  End to end against
JANUS_MODE=off on tests/e2e/library_dicts.py."""

from pathlib import Path

import pytest
from conftest import assert_same, run_both_modes

PROGRAMS = Path(__file__).parent


@pytest.fixture(scope="module")
def library_dicts(tmp_path_factory):
    return run_both_modes(PROGRAMS / "library_dicts.py",
                          tmp_path_factory.mktemp("library_dicts"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_results_are_the_interpreters(library_dicts):
    on, off = library_dicts["on"], library_dicts["off"]
    for name in ("lookup", "counting", "ordered", "size"):
        assert_same(on[name], off[name], name)


@pytest.mark.parametrize("step", ["lookup_step", "counting_step", "ordered_step",
                                  "size_step"])
def test_a_library_held_dict_converts(library_dicts, step):
    # word_counts is an OrderedDict: tracked like a dict (janus/containers.py).
    stats = library_dicts["functions"][step]
    assert stats["status"] == "converted" and stats["graph_calls"] >= 6, stats
