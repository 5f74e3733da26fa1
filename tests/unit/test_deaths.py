"""state/deaths.py: which writes end an object's life with code running.  The checks
read reference counts, so each case holds exactly the references it says."""

import collections
import weakref

import pytest
import tensorflow as tf

from janus.state import deaths
from janus.state.heap import Effect

released = []


class Token:
    def __init__(self, n):
        self.n = n

    def __del__(self):
        released.append(self.n)


class Plain:
    pass


@pytest.fixture(autouse=True)
def _none_released_yet():
    released.clear()


def _write(target, name):
    return [Effect("setattr", target, name, None)]


def _method(container, name, *args):
    return [Effect("method", container, name, None, deaths.drops_of(container, name, args))]


def test_an_attribute_write_that_drops_the_last_reference_is_seen():
    owner = Plain()
    owner.token = Token(1)
    assert "drops the last reference to a Token" in deaths.dies_in_call(_write(owner, "token"))
    kept = owner.token
    assert deaths.dies_in_call(_write(owner, "token")) is None
    assert kept.n == 1 and released == []


def test_what_dies_with_the_replaced_object_is_seen():
    owner = Plain()
    owner.listed = [Token(2), 3]
    owner.record = Plain()
    owner.record.token = Token(3)
    owner.tupled = (Token(4),)
    for name in ("listed", "record", "tupled"):
        assert "a Token" in deaths.dies_in_call(_write(owner, name)), name
    assert released == []


def test_weakref_callbacks_count_and_library_objects_run_none_of_the_programs_code():
    owner = Plain()
    owner.tensors = [tf.constant(1.0), tf.Variable(2.0)]
    assert deaths.dies_in_call(_write(owner, "tensors")) is None
    watched = tf.constant(3.0)
    weakref.finalize(watched, print, "finalized")
    owner.tensors = [watched]
    del watched
    assert "EagerTensor" in deaths.dies_in_call(_write(owner, "tensors"))


def test_a_cycle_does_not_die_at_the_write():
    owner, first, second = Plain(), Plain(), Plain()
    first.other, second.other, second.token = second, first, Token(5)
    owner.cycle = first
    del first, second
    assert deaths.dies_in_call(_write(owner, "cycle")) is None


def test_container_methods_drop_what_they_overwrite_or_remove():
    tokens = [Token(6), Token(7)]
    assert "__setitem__() on a list" in deaths.dies_in_call(_method(tokens, "__setitem__", 0, 1))
    assert deaths.dies_in_call(_method(tokens, "append", 1)) is None
    assert "clear() on a list" in deaths.dies_in_call(_method(tokens, "clear"))
    kept = tokens[1]
    assert deaths.dies_in_call(_method(tokens, "pop")) is None      # the last item: kept
    assert "pop() on a list" in deaths.dies_in_call(_method(tokens, "pop", 0))
    by_name = {"a": Token(8)}
    assert "__setitem__() on a dict" in deaths.dies_in_call(
        _method(by_name, "__setitem__", "a", 1))
    assert deaths.dies_in_call(_method(by_name, "__setitem__", "b", 1)) is None
    assert deaths.drops_of(by_name, "pop", ("a",)) is deaths.EVERY_ENTRY
    window = collections.deque([Token(9)], maxlen=1)
    assert "append() on a deque" in deaths.dies_in_call(_method(window, "append", 1))
    assert deaths.drops_of(collections.deque(), "append", (1,)) is deaths.NOTHING
    assert kept.n == 7 and released == []
