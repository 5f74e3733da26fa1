"""A step's reads of a caller's list it appends to: after an append, `HIST[-2]` is the
caller's last item read where it is now, not the copy's item from build time (that was a
silent wrong answer; so was an insert's shifted item, and a dict item the call wrote equal
to the caller's one read at call time), and a growing history converts with its length and
last items read at call time.  End to end against JANUS_MODE=off on
tests/e2e/list_history.py.
"""

from pathlib import Path

import pytest
from conftest import ROUND_OFF, assert_same, run_both_modes

PROGRAMS = Path(__file__).parent


@pytest.fixture(scope="module")
def history(tmp_path_factory):
    return run_both_modes(PROGRAMS / "list_history.py", tmp_path_factory.mktemp("hist"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_results_lists_and_printed_lines_are_the_interpreters(history):
    # Every result, "printed" included, key order too.
    assert_same(history["on"], history["off"], "results", **ROUND_OFF)
    assert history["on"]["printed"] == history["off"]["printed"]
    # The rewritten items show: a graph that kept build-time items would repeat them.
    assert len(set(history["off"]["before_last"])) > 5


@pytest.mark.parametrize("step,most_builds", [
    ("history_step", 3),        # the length, then the last items, read at call time
    ("before_last_step", 4),
    ("window_step", 4),
])
def test_appends_and_tail_reads_convert_without_a_build_per_call(history, step,
                                                                 most_builds):
    stats = history["functions"][step]
    assert stats["status"] == "converted", stats
    assert stats["graphs_built"] <= most_builds and stats["graph_calls"] >= 8, stats


def test_an_insert_guards_the_whole_list(history):
    # insert(0, 7) moves every item: [1] is the caller's [0], not the item [1] held at
    # build time, so the build guards all of the list (which grows: rebuilds).
    stats = history["functions"]["shifted_step"]
    assert any("contents changed" in r for r in stats["reasons"]), stats
    assert 3 in history["off"]["shifted"]


def test_a_list_in_an_assigned_attribute_keeps_its_appends_and_identity(history):
    # Was: the append reached a stand-in list made for the read, never the caller's.
    assert history["on"]["st_hist"] == history["off"]["st_hist"] == [1, *range(14)]
    assert all(history["on"]["seen"])
    # Read item by item, the list is guarded on its length, which grows every call:
    # right, but each call misses and builds again (the attribute name is all the build
    # knows it by), up to the recompile limit.
    stats = history["functions"]["rebound_name_step"]
    misses = [r for r in stats["reasons"] if "global ST.hist: length" in r]
    assert misses and stats["graphs_built"] == stats["calls"] - 3, stats


def test_an_argument_that_is_the_global_sees_the_append(history):
    # Was: the argument was planned as a copy of its items, blind to the append.
    assert history["on"]["alias"] == history["off"]["alias"]
    stats = history["functions"]["alias_step"]
    assert any("read as the caller's objects: history" in r for r in stats["reasons"]), \
        stats


@pytest.mark.parametrize("step", ["popped_step", "counts_step"])
def test_other_writes_convert(history, step):
    stats = history["functions"][step]
    assert stats["status"] == "converted" and stats["graph_calls"] >= 8, stats
