"""Stdlib containers on the heap (janus/containers.py): deque, Counter, defaultdict and
OrderedDict read and changed by converted steps, end to end against JANUS_MODE=off on
tests/e2e/containers.py; and their guards at unit level (janus_ext.check_guards):
exact type, what the container was built with, length, items and keys, read without
running the program's code."""

import collections
from pathlib import Path

import pytest
from conftest import ROUND_OFF, assert_same, run_both_modes

import janus_ext
from janus import guards

PROGRAMS = Path(__file__).parent
ARG = guards.arg(0)
CONVERTED = ["replay_step", "window_step", "schedule_step", "counter_step", "log_step",
             "ordered_step", "failing_step", "whole_step"]
REFUSED = {
    "subclass_step": "interpreted: Buffer customises attribute access",
    "update_step": "interpreted: Counter.update is not converted (it reads values janus "
                   "does not guard, or is not known to janus)",
    "factory_step": "interpreted: a defaultdict whose default_factory is Counter (janus "
                    "evaluates builtin constructors and functions of the program)",
    "set_write_step": "interpreted: set.add() on the program's set (writes to a set from "
                      "outside the call are not converted)",
}


@pytest.fixture(scope="module")
def containers(tmp_path_factory):
    return run_both_modes(PROGRAMS / "containers.py", tmp_path_factory.mktemp("containers"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


@pytest.mark.parametrize("scenario", ["replay", "window", "schedule", "counter", "log",
                                      "ordered", "failing", "whole", "subclass", "update",
                                      "factory", "set_write"])
def test_results_and_containers_are_the_interpreters(containers, scenario):
    # Graph float64 arithmetic may differ from eager's in the last bits (conftest);
    # the containers' types, maxlen, factories, keys and order must be exact.
    assert_same(containers["on"][scenario], containers["off"][scenario], scenario,
                **ROUND_OFF)


@pytest.mark.parametrize("step", CONVERTED)
def test_the_step_converts(containers, step):
    stats = containers["functions"][step]
    assert stats["status"] == "converted" and stats["graph_calls"] >= 7, stats


def test_a_replay_buffer_keeps_its_graph_once_full(containers):
    stats = containers["functions"]["replay_step"]
    # One build per length until maxlen 6, one for the new deque and its second length;
    # the full buffer's steps in between all run the same graph.
    misses = [r for r in stats["reasons"] if r.startswith("guard miss")]
    assert "guard miss: global REPLAY: length 6 is not 5" in misses
    assert "guard miss: global REPLAY: not the same object as when the graph was built" \
        in misses
    assert stats["graphs_built"] == 6 and stats["graph_calls"] == 11, stats
    states = [entry["state"][0] for entry in containers["on"]["replay"]]
    assert [len(s["items"]) for s in states] == [1, 2, 3, 4, 5, 6, 6, 6, 6, 6, 6, 2, 2, 2]
    assert states[-1]["maxlen"] == 2
    # round(float(loss), 3), made after the graph from its output.
    assert all(round(v, 3) == v for s in states for v in s["items"])


def test_items_read_whole_are_guarded(containers):
    reasons = containers["functions"]["whole_step"]["reasons"]
    assert "guard miss: global HISTORY: contents changed" in reasons
    assert "guard miss: global SETTINGS['scale']: 0.5 is not 1.0" in reasons


def test_a_key_appearing_mid_run_rebuilds(containers):
    reasons = containers["functions"]["counter_step"]["reasons"]
    assert "guard miss: global EVENTS: contents changed" in reasons
    # The missing key read as 0 is never stored, in either mode.
    for entry in containers["on"]["counter"]:
        assert "missing" not in dict(entry["state"][0]["items"])


def test_the_factory_makes_keys_inside_the_step(containers):
    on = containers["on"]["log"]
    losses, _, entries = on[-1]["state"]
    assert [k for k, _ in losses["items"]] == ["epoch0", "epoch1", "epoch2", "epoch3"]
    # The factory replaced at step 9 made epoch3's entry (steps 12, 13).
    assert dict(entries["items"])["epoch3"] == {"n": 102, "scale": 2.0}
    assert entries["factory"] == "<lambda>"
    reasons = containers["functions"]["log_step"]["reasons"]
    assert "guard miss: global LOSSES: contents changed" in reasons


def test_a_failed_graph_leaves_the_containers_to_the_interpreter(containers):
    stats = containers["functions"]["failing_step"]
    assert stats["fallbacks"] == 2, stats
    steps = containers["on"]["failing"]
    for i in (5, 12):
        assert steps[i]["out"]["raised"] == "InvalidArgumentError"
        # The interpreter's run appended once and counted once before it raised.
        seen_before = steps[i - 1]["state"][0]["items"]
        seen_after = steps[i]["state"][0]["items"]
        assert seen_after[-1] == len(seen_before) if len(seen_before) < 5 else \
            seen_after[-1] == 5
        calls = [dict(steps[j]["state"][1]["items"])["calls"] for j in (i - 1, i)]
        assert calls[1] == calls[0] + 1


@pytest.mark.parametrize("step, status", sorted(REFUSED.items()))
def test_what_janus_cannot_follow_is_refused_with_its_reason(containers, step, status):
    assert containers["functions"][step]["status"] == status


# -- guards --------------------------------------------------------------------------

def holds(guard_set, value):
    return janus_ext.check_guards(guard_set.freeze(), (value,)) == -1


def test_a_deque_guard_sees_maxlen_items_and_length():
    built = collections.deque([1, "a"], maxlen=3)
    gs = guards.GuardSet()
    gs.require_collection(ARG, built)
    gs.require_elements(ARG, built)
    gs.require_length(ARG, 2)
    assert holds(gs, built)
    assert holds(gs, collections.deque(built, maxlen=3))      # same item objects
    assert not holds(gs, collections.deque(built, maxlen=4))
    assert not holds(gs, collections.deque(built))
    assert not holds(gs, collections.deque([1, "a", None], maxlen=3))
    assert not holds(gs, [1, "a"])


def test_a_mapping_guard_sees_its_type_keys_order_and_factory():
    built = collections.OrderedDict(a=1, b=2)
    gs = guards.GuardSet()
    gs.require_keys(ARG, built)
    assert holds(gs, built)
    built.move_to_end("a")          # the storage keeps a, b; the OrderedDict's order moved
    assert not holds(gs, built)
    assert not holds(gs, {"a": 1, "b": 2})

    counter = collections.Counter(x=1)
    gs = guards.GuardSet()
    gs.require_keys(ARG, counter)
    gs.require_length(ARG, 1)
    assert holds(gs, counter) and not holds(gs, {"x": 1})
    assert not holds(gs, collections.Counter(x=1, y=0))

    logs = collections.defaultdict(list)
    gs = guards.GuardSet()
    gs.require_collection(ARG, logs)
    assert holds(gs, logs)
    logs.default_factory = dict
    assert not holds(gs, logs)


def test_guards_run_no_code_of_a_subclass():
    class Loud(collections.deque):
        calls = 0

        def __len__(self):
            Loud.calls += 1
            return 2

        def __iter__(self):
            Loud.calls += 1
            return iter([1, 2])

    class LoudCounter(collections.Counter):
        def __len__(self):
            LoudCounter.calls += 1
            return 1

        calls = 0

    gs = guards.GuardSet()
    gs.require_collection(ARG, collections.deque([1, 2]))
    gs.require_elements(ARG, collections.deque([1, 2]))
    gs.require_length(ARG, 2)
    loud = Loud([1, 2])
    assert not holds(gs, loud)
    loud_counter = LoudCounter(a=1)
    Loud.calls = LoudCounter.calls = 0           # Counter.__init__ called __len__
    gs = guards.GuardSet()
    gs.require_length(ARG, 1)
    assert not holds(gs, loud_counter)
    assert Loud.calls == 0 and LoudCounter.calls == 0
