"""Provenance: one Origin per value, both ends of a copy set together, every recorded
value kept alive (so its id names it while the build lives)."""

import gc
import weakref

from janus.state.provenance import ARGUMENT, CONTAINER, INSTANCE, STAND_IN, WRITTEN, Provenance


class Thing:
    pass


def test_a_value_never_recorded_has_a_blank_origin():
    p = Provenance()
    value = Thing()
    assert p.source_of(value) is None and p.caller_of(value) is None
    assert not p.is_created(value) and not p.is_made(value) and not p.read_or_made(value)
    assert p.number_of(value) is None and p.kept_of(value) is None
    assert p.names_of(value) == ()
    assert p.of(value) is p.of(Thing())       # the shared blank, which nothing writes
    assert p.alive == []


def test_facets_of_one_value_are_independent():
    p = Provenance()
    value = Thing()
    p.note_read(value, ("arg", 0))
    p.note_kept(value, (("arg", 0), True))
    p.note_name(value, "x")
    p.note_name(value, "y")
    assert p.source_of(value) == ("arg", 0)
    assert p.kept_of(value) == (("arg", 0), True)
    assert set(p.names_of(value)) == {"x", "y"}
    assert p.read_or_made(value) and not p.is_made(value)
    assert p.alive == [value]                 # one record, kept alive once


def test_made_values_carry_their_kind_and_region():
    p = Provenance()
    container, instance, argument_tuple = [], Thing(), ()
    p.note_made(container, CONTAINER, 2)
    p.note_made(instance, INSTANCE, 0)
    p.note_made(argument_tuple, CONTAINER, None)
    assert p.is_created(container) and not p.is_made(container)
    assert p.is_made(instance) and not p.is_created(instance)
    assert p.region_of(container) == 2 and p.region_of(instance) == 0
    assert p.region_of(argument_tuple) is None
    assert p.read_or_made(container) and p.read_or_made(instance)


def test_a_written_copy_is_found_from_either_end():
    p = Provenance()
    real = [1, 2]
    copy = list(real)
    p.note_copy(real, copy, WRITTEN)
    assert p.copy_of(real) is copy and p.real_of(copy) is real
    assert p.copy_of(copy) is None and p.real_of(real) is None
    assert p.real_of(copy, why=ARGUMENT) is None
    other = []
    assert p.real_of(other, other) is other and p.copy_of(other, other) is other


def test_an_argument_copy_names_its_argument():
    p = Provenance()
    real = {"a": 1}
    copy = dict(real)
    p.note_copy(real, copy, ARGUMENT, "batch")
    assert p.argument_name(copy) == "batch" and p.argument_alias(real) == "batch"
    assert p.real_of(copy) is None           # not a copy the call writes to
    assert p.holds_callers_items(copy) and not p.holds_callers_items(real)
    assert p.argument_name(real) is None and p.argument_alias(copy) is None


def test_a_stand_in_ends_once_and_then_may_become_the_written_copy():
    p = Provenance()
    real = [1.0, 2.0]
    stand_in = list(real)
    p.note_copy(real, stand_in, STAND_IN, ("attr", "h"))
    assert p.copy_of(real, why=STAND_IN) is stand_in
    assert p.real_of(stand_in, why=STAND_IN) is real and p.holds_callers_items(stand_in)
    assert p.end_stand_in(stand_in) == (real, ("attr", "h"))
    assert p.end_stand_in(stand_in) is None
    assert not p.holds_callers_items(stand_in)
    p.note_copy(real, stand_in, WRITTEN)
    assert p.real_of(stand_in) is real and p.copy_of(real) is stand_in
    assert p.end_stand_in([]) is None


def test_lazy_contents_are_taken_once():
    p = Provenance()
    container = [1, 2, 3]
    p.note_lazy(container, ("global", "history"))
    assert p.lazy_source(container) == ("global", "history")
    assert p.take_lazy(container) == ("global", "history")
    assert p.take_lazy(container) is None and p.lazy_source(container) is None
    assert p.take_lazy([]) is None


def test_numbers_and_exceptions():
    p = Provenance()
    tensor, error = Thing(), KeyError("k")
    assert not p.any_thrown
    p.note_number(tensor, float)
    p.note_thrown(error, "raises")
    assert p.number_of(tensor) is float and p.thrown_how(error) == "raises"
    assert p.any_thrown and p.thrown_how(tensor) is None


def test_recorded_and_kept_values_live_as_long_as_the_provenance():
    p = Provenance()
    recorded, kept = Thing(), Thing()
    refs = [weakref.ref(recorded), weakref.ref(kept)]
    p.note_caller(recorded, ("arg", 0), Thing)
    p.keep(kept)
    del recorded, kept
    gc.collect()
    assert all(ref() is not None for ref in refs)
    assert p.caller_of(refs[0]()) == (("arg", 0), Thing)
    del p
    gc.collect()
    assert all(ref() is None for ref in refs)

