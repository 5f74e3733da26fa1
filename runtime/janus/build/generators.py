"""A generator function the step calls (`for x in batches():`, `next(gen)`) → its body
run by the builder lazily, one yield per request, interleaved with the code that
consumes it as CPython interleaves them.

Calling a generator function runs none of its body; each `next()` (a FOR_ITER, the
builtin) resumes its frame (janus/build/frame.py) until the next YIELD_VALUE, whose value it
gives, or until it returns (StopIteration).  Its reads, writes and prints are the
build's like any inlined function's, in the order the interpreter makes them.

`next()` of an `itertools.count` from outside the step (a global step counter) is
read, not resumed: its position is a graph input read when the call starts (its repr,
C code), the call's k-th `next()` is that position plus k steps, and the count moves on
at commit, in program order with the call's other effects.

Refused, with the reason:
- a generator object from outside the step (made by an earlier call, a global):
  where it stands is state janus cannot guard, and each call moves it on;
- resuming it inside a branch or loop on a tensor that did not make it (whether, and
  how often, it moves on is known only at run time), or a `yield` inside such a
  region of the generator itself;
- `yield from`, `send`/`throw`/`close`, async generators and coroutines;
- a generator with `try`/`with` blocks that the step leaves unfinished: it is closed
  when it is collected, which runs those handlers at a point the graph does not have
  (one the step runs to its end, as a @contextmanager's `with` does, converts).
"""

import dis
import itertools
import types

import tensorflow as tf

from .. import guards
from ..errors import Thrown, Unsupported
from ..frontend import bytecode
from ..semantics import natives, numbers
from ..values import BuildIterator, is_symbolic
from . import iteration

CO_GENERATOR = 0x20
_IMPLICIT_HANDLER = "INTRINSIC_STOPITERATION_ERROR"


def start(b, code, globals_dict, local_values, cells, where):
    """The generator object a call of a generator function gives: nothing has run."""
    if code.co_flags & bytecode.GENERATOR_FLAGS != CO_GENERATOR:
        raise Unsupported("coroutines and async generators are left to the interpreter",
                          *where)
    b.inlining.note_stores(code)
    from .frame import Frame
    generator = InlinedGenerator(b, Frame(b, code, globals_dict, local_values, cells or {}))
    b.provenance.keep(generator)
    if _has_handlers(code):
        b.inlining.guarded_generators.append(generator)
    return generator


def check_finished(b):
    """At the call's end: a generator with try/with blocks that the call left unfinished
    runs them (GeneratorExit) when it is collected, at a point the graph does not have.
    One run to its end (a @contextmanager's, which __exit__ finishes) ran them here."""
    for generator in b.inlining.guarded_generators:
        if not generator.finished:
            raise Unsupported(f"the generator {generator.frame.code.co_qualname} has "
                              "try/with blocks and is left unfinished: they run when it "
                              "is collected", generator.frame.code)


def call_next(b, args, code, offset):
    """next(gen[, default]) in the step."""
    if iteration.outside_iterator(b, args[0]):
        # A tf.data iterator from outside: its element is pulled before the graph runs
        # (a default is the interpreter's: at the end of the data it runs the call).
        return iteration.pull_from(b, args[0], code, offset)
    if type(args[0]) is itertools.count and b.provenance.source_of(args[0]) is not None:
        return _next_of_count(b, args[0], code, offset)
    made_here = type(args[0]) is InlinedGenerator or (
        isinstance(args[0], (BuildIterator, *natives.ITERATORS)) and
        b.provenance.is_created(args[0]))
    if not made_here:
        # (A BuildIterator the step made: iter(), enumerate(), zip(), map() or filter()
        # of its containers and generators, which the builder walks; or a builtin's C
        # iterator the step made over what it made itself, a tuple, a range or a str.)
        if b.provenance.source_of(args[0]) is not None:
            raise Unsupported(f"next() of {natives.describe(args[0])}: where an iterator "
                              "from outside the step stands is state janus cannot guard, "
                              "and each call moves it on", code, offset)
        raise Unsupported(f"next() of {natives.describe(args[0])}: only generators the "
                          "step makes are resumed by janus", code, offset)
    try:
        return next(args[0])
    except StopIteration as stop:
        if len(args) == 2:
            return args[1]
        # The program's own StopIteration (a @contextmanager's __exit__ catches it).
        raise Thrown(StopIteration(*stop.args), code, offset) from None


def _next_of_count(b, count, code, offset):
    if b.open_regions.depth or b.recursion.call_ids:
        raise Unsupported("next() of an itertools.count inside a branch or loop on a tensor "
                          "or a recursive function: how far it moves is known only at run "
                          "time", code, offset)
    try:
        _, step = _position_of(count)
    except ValueError:
        raise Unsupported(f"next() of {count!r}: only counts of ints are read as graph "
                          "inputs", code, offset) from None
    # The count itself is pinned where it was read (reads.value_at: a count compares
    # by identity); its position is read at each call.
    read = b.inlining.outside_counts.get(id(count))
    if read is None:
        graph = b.target.root_graph
        if graph is None:
            raise Unsupported("next() of an itertools.count before the graph exists",
                              code, offset)
        read = b.inlining.outside_counts[id(count)] = [None, 0]

        def position():
            first = _position_of(count)[0]
            # The call's last value too must be an int64 (else OutOfRange: interpreted).
            numbers.call_time_tensor(first + (read[1] - 1) * step, tf.int64)
            return numbers.call_time_tensor(first, tf.int64)

        with graph.as_default():
            read[0] = graph.capture_call_time_value(position, tf.TensorSpec((), tf.int64))
    start, taken = read
    read[1] += 1
    b.heap.call_with_effect(next, (count,), {})      # the count moves on at commit
    with b.target.root_graph.as_default():
        value = start + taken * step if taken else tf.identity(start)
    b.promote(value, int)
    return value


def _position_of(count):
    """(next value, step) of an itertools.count, from its repr: `count(5)`, `count(5, 2)`."""
    inner = repr(count)[len("count("):-1]
    start, _, step = inner.partition(", ")
    return int(start), int(step) if step else 1


class InlinedGenerator:
    """The generator object of a call the builder made; next() runs its frame on.
    `stands_for` is the class the program's object would have: a generator's, or the
    itertools class whose Python equivalent made it (semantics/python_equivalents.py);
    type() and isinstance() answer with it (build/calls.py)."""
    __slots__ = ("b", "frame", "offset", "finished", "region", "stands_for")

    def __init__(self, builder, frame):
        self.b, self.frame = builder, frame
        self.offset = 0
        self.finished = False
        self.region = builder.open_regions.serial[-1]
        self.stands_for = types.GeneratorType

    @property
    def described_as(self):                               # natives.describe
        if self.stands_for is types.GeneratorType:
            return "a generator the step made"
        return f"an {self.stands_for.__module__}.{self.stands_for.__qualname__} the step made"

    def __iter__(self):
        return self

    def __next__(self):
        if self.finished:
            raise StopIteration
        b = self.b
        if b.open_regions.serial[-1] != self.region:
            raise Unsupported(f"the generator {self.frame.code.co_qualname} is resumed "
                              "inside a branch or loop on a tensor that did not make it",
                              *b.where)
        where = b.where
        b.inlining.depth += 1
        try:
            end = self.frame.run_until(self.offset, frozenset())
        finally:
            b.inlining.depth -= 1
            b.where = where
        if end.returned:
            self.finished = True
            raise StopIteration(end.value)
        self.offset = end.offset
        return end.value


def _has_handlers(code):
    """Exception-table entries other than the one CPython adds to every generator (it
    turns a StopIteration raised inside into a RuntimeError)."""
    instructions = {ins.offset: ins for ins in dis.get_instructions(code)}
    for entry in dis.Bytecode(code).exception_entries:
        target = instructions.get(entry.target)
        if target is None or target.opname != "CALL_INTRINSIC_1" or \
                target.argrepr != _IMPLICIT_HANDLER:
            return True
    return False


def all_or_any(b, fn, generator, code, offset):
    """all(g)/any(g) of a generator the step made: resumed item by item and stopped at
    the first item that decides, as the builtin stops, so the generator's code after it
    does not run.  Items whose truth is plain Python's (numbers, strs, None)."""
    for item in generator:
        if type(item) not in guards.SPECIALISABLE:
            what = "a value the graph computes" if is_symbolic(item) else \
                f"a {type(item).__qualname__}"
            raise Unsupported(f"{fn.__name__}() of a generator that yields {what} (its "
                              "truth decides where the generator stops)", code, offset)
        if bool(item) is (fn is any):
            return fn is any
    return fn is all


def run_to_end(b, args):
    """sum(l2(w) for w in weights), ", ".join(n for n in names): the callee takes every
    item before it returns, so running a generator the step made (or a map, filter,
    zip... of one the build walks) to its end first changes no order; it becomes a list
    made by the build."""
    return tuple(b.note_created(list(a)) if type(a) is InlinedGenerator or (
        isinstance(a, BuildIterator) and b.provenance.is_created(a)) else a for a in args)
