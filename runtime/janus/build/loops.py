"""Loops on tensors → tf.while_loop.

Three loops reach here: a `while` whose test is a tensor (control.decide), `for i in
range(n)` with a tensor bound, and `for x in t` over a tensor's first dimension (which
covers `for t in tf.range(n)`).  The body is converted once, from bytecode, and runs
until it reaches one of the loop's stops:
- the end of an iteration (the `for` header, or the `while` test);
- one of the loop's other exits: `break`, `return`, `raise` inside the body are edges
  out of the loop's blocks, and CPython often copies the code after the loop into them.

Where the body stops is a tensor (branches.Exit); the loop runs while it says "next
iteration", and afterwards a tf.cond goes on at the exit taken.  Locals the body changes
are loop-carried: Python numbers at Python's width, tensors, TensorArrays, and lists or
tuples of those.  A carried tensor whose static shape changes from one iteration to the
next gets a relaxed shape invariant, found by running the body on a scratch graph.
"""

import gc
import types

import tensorflow as tf

from ..errors import Unsupported
from ..frontend import bytecode
from ..graph import branch_paths
from ..graph.static_values import decided_by, static_value
from ..semantics import numbers
from ..values import KEPT_UNKNOWN, NULL, is_symbolic
from . import branches, loop_output, unrolled_loops
from .branches import PYTHON_NUMBERS
from .iteration import Items

# `for x in t` over a first dimension known when building and at most this long runs
# unrolled (no while loop), as eager's iteration would, element by element.
MAX_UNROLLED = 8
MAX_RELAXATIONS = 4
# A loop every profiled run of which had the same trip count, at most this many, runs
# unrolled under an assertion on the count (bench/lstm_unroll.py measures the two).
MAX_SPECULATED = 16


class Shape:
    """Where a loop's iterations stop, and where the function goes on from each stop.
    stops[0] ends an iteration; continuations[k] is (offset, prepare) for stop k, and
    continuations[0] is the normal way out."""

    def __init__(self, stops, continuations):
        self.stops, self.continuations = tuple(stops), continuations


def _other_exits(loop, normal_edge):
    return sorted({dst for src, dst in loop.exits if (src, dst) != normal_edge})


def _popped_iterator(frame):
    # A `break` out of a `for` pops the iterator itself; the loop already took it.
    frame.push(None)


# -- while -----------------------------------------------------------------------------

def while_loop(frame, ins, go, loop, regions, leave):
    """A `while` on a tensor as a do-while: `go` says whether the body runs (again);
    the body runs from the loop header to its exit test, which sets the next flag."""
    counted_by_constants(frame, ins, go)
    tests = [(src, dst) for src, dst in loop.exits if is_test(regions, loop, src)]
    if len(tests) != 1:
        frame.fail("a loop on a tensor whose exit test is not one conditional jump at "
                   "the end of its body", ins)
    (test_block, exit_block), = tests
    if leave is not None and leave != exit_block:
        frame.fail("a loop on a tensor whose first test leaves elsewhere than its last",
                   ins)
    test = regions.graph.blocks[test_block].instructions[-1]
    stays_by_jumping = regions.block(test.jump_target) in loop.body
    test_jump_if = test.opname == "POP_JUMP_IF_TRUE"

    def next_flag(end):
        value = branches.scalar_condition(frame, end.stack.pop(), test)
        value = value if isinstance(value, tf.Tensor) else tf.constant(bool(value))
        return value if test_jump_if == stays_by_jumping else tf.logical_not(value)

    others = _other_exits(loop, (test_block, exit_block))
    shape = Shape([test.offset, *others],
                  [(exit_block, None)] + [(dst, None) for dst in others])
    return _run_loop(frame, ins, regions, loop, shape, go, loop.header, next_flag)


def is_test(regions, loop, block):
    """The block ending in a `while` loop's test: a conditional jump with one way out
    of the loop and the other to the header or a latch.  (In a `for` loop, such a jump
    is a `break`.)"""
    last = regions.graph.blocks[block].instructions[-1]
    if last.opname not in ("POP_JUMP_IF_TRUE", "POP_JUMP_IF_FALSE") or \
            regions.graph.blocks[loop.header].instructions[0].opname == "FOR_ITER":
        return False
    ways = regions.graph.blocks[block].successors
    return any(w not in loop.body for w in ways) and \
        any(w == loop.header or w in loop.latches for w in ways)


# -- for -------------------------------------------------------------------------------

class SymbolicRange:
    """range() with a tensor bound: only `for` over it is converted (a while loop)."""

    def __init__(self, args):
        if len(args) == 1:
            args = (0, args[0], 1)
        elif len(args) == 2:
            args = (args[0], args[1], 1)
        self.args = args

    def bounds(self):
        start, stop, step = self.args
        stop = tf.convert_to_tensor(stop)
        if isinstance(start, int) is False:
            start = tf.cast(start, stop.dtype)
        return start, stop, step


class TensorIteration:
    """iter() of a tensor: the loop runs over its first dimension, and each element is
    a tensor (eager yields `t[i]`)."""

    def __init__(self, tensor):
        self.tensor = tensor


def iterate_tensor(frame, ins, tensor):
    """What GET_ITER iterates for a tensor: the list of its elements when the first
    dimension is short and known, else a TensorIteration."""
    if tensor.shape.rank is None:
        frame.fail("iterating over a tensor of unknown rank", ins)
    if tensor.shape.rank == 0:
        frame.fail("iterating over a scalar tensor (eager raises TypeError)", ins)
    length = tensor.shape[0]
    regions = frame.b.cfg_regions(frame.code)
    after = frame.instructions.get(ins.next_offset)
    if after is None or after.opname != "FOR_ITER":
        frame.fail("iterating over a tensor other than by `for`", ins)
    loop = regions.loop_of(after.offset)
    if length is not None and length <= MAX_UNROLLED and loop is not None and \
            len(loop.exits) == 1:
        return [tensor[i] for i in range(length)]
    return TensorIteration(tensor)


def for_loop(frame, ins, iteration):
    """`for` over a SymbolicRange or a TensorIteration → tf.while_loop over an index."""
    regions = frame.b.cfg_regions(frame.code)
    loop = regions.loop_of(ins.next_offset)
    if loop is None or loop.header != regions.block(ins.offset):
        frame.fail("a loop over a tensor whose header is not its `for`", ins)
    exit_offset = bytecode.for_iter_exit(frame.instructions, ins)
    normal = (loop.header, regions.block(ins.jump_target))
    others = _other_exits(loop, normal)
    start, stop, step, ascending = _index_bounds(iteration)
    # (A `break` or `return` in the body would nest each iteration's rest in a cond.)
    items = None if others else _static_items(iteration, start, stop, step, ascending)
    if items is None and not others and type(step) is int:
        # (Over a tensor, its length is decided by what the tensor is made from:
        # `tf.range(STEPS)`.)
        counted_by_constants(frame, ins, _trip_count(start, stop, step, ascending)[1]
                             if type(iteration) is SymbolicRange else iteration.tensor)
    if items is None:
        items = _speculated_items(frame, ins, iteration, others, start, stop, step,
                                  ascending)
    if items is not None:
        frame.stack[-1] = items
        return ins.offset                         # FOR_ITER again, over Python items
    shape = Shape([ins.offset, *others],
                  [(exit_offset, None)] + [(dst, _popped_iterator) for dst in others])
    frame.pop()                                   # the iterator
    if type(iteration) is SymbolicRange:
        def element(sub, index):
            sub.b.promote(index, int)
            return index
    else:
        def element(sub, index):
            return iteration.tensor[index]

    def body_start(sub, index):
        sub.push(element(sub, index))

    stores = regions.stores(loop)
    if len(shape.stops) == 1 and any(
            n not in frame.locals for n in regions.read_after(loop, stores)):
        # A name first bound in the body and read after the loop: run the first
        # iteration as straight-line code, under the assumption that there is one.
        key = (frame.code, ins.offset)
        if frame.b.open_regions.depth or key in frame.b.plan.relaxed:
            frame.fail("a loop over a tensor binds a name that may be unbound after it",
                       ins)
        frame.b.assume(_before_end(tf.convert_to_tensor(start, stop.dtype), stop,
                                   ascending), key)
        frame.push(element(frame, tf.convert_to_tensor(start, tf.int64)))
        end = frame.run_until(ins.next_offset, frozenset({ins.offset}))
        if end.returned:
            frame.fail("`return` inside a loop over a tensor", ins)
        start = start + step
    counter = tf.cast(tf.convert_to_tensor(start), tf.int64)
    go = _before_end(counter, stop, ascending)
    return _run_loop(frame, ins, regions, loop, shape, go, ins.next_offset, None,
                     counter=(counter, step, stop, ascending), body_start=body_start)


def _index_bounds(iteration):
    """(start, stop, step, ascending) of the index a `for` over `iteration` runs: stop an
    int64 tensor.  The loop variable of a range is a Python int to the body (range()
    yields ints), so its index is a promoted int64 (numbers.py), whatever the bound's
    dtype."""
    if type(iteration) is SymbolicRange:
        start, stop, step = iteration.bounds()
        return start, tf.cast(stop, tf.int64), step, _positive(step)
    return 0, tf.shape(iteration.tensor, out_type=tf.int64)[0], 1, True


def _before_end(index, stop, ascending):
    return (index < stop) if ascending else (index > stop)


def _trip_count(start, stop, step, ascending):
    first = tf.cast(tf.convert_to_tensor(start), tf.int64)
    span = (stop - first + step - 1) // step if ascending else \
        (first - stop - step - 1) // -step
    return first, tf.maximum(span, 0)


def _static_items(iteration, start, stop, step, ascending):
    """The items of a loop whose trip count no data decides (a range to a static
    length, a tensor whose first dimension is known), at most UNROLL_LIMIT: iterated
    one by one, as eager iterates them.  A While op would sum a weight's gradient per
    iteration, where eager's tape sums all its uses at once (build/unrolled_loops.py)."""
    if type(step) is not int:
        return None
    first, count = _trip_count(start, stop, step, ascending)
    trips = static_value(count)
    if trips is None or trips > unrolled_loops.UNROLL_LIMIT:
        return None
    if type(iteration) is not SymbolicRange:
        return Items([iteration.tensor[i] for i in range(trips)])
    begin = static_value(first)
    if begin is None:
        return None
    return Items([begin + i * step for i in range(trips)])   # range() yields ints


def _speculated_items(frame, ins, iteration, others, start, stop, step, ascending):
    """The paper's speculation on loops: when every profiled run of this loop had the
    same short trip count, unroll it under an assertion on the count; a run with
    another count falls back, and the loop is a while loop from then on."""
    b = frame.b
    key = (frame.code, ins.jump_target)          # FOR_ITER's own key is the peel's
    trips = b.profiled_trips(frame.code, ins.offset)
    if trips is None or trips > MAX_SPECULATED or others or b.open_regions.depth or \
            key in b.plan.relaxed or any(b.plan.relaxed_dims.values()):
        # A build for inputs whose shapes vary: the lengths its loops run over vary too.
        return None
    first, count = _trip_count(start, stop, step, ascending)
    if type(iteration) is SymbolicRange:
        if type(start) is int:
            # Under the assertion the loop variable takes exactly these Python ints.
            values = [start + i * step for i in range(trips)]
        else:
            values = [first + i * step for i in range(trips)]
            for value in values:
                b.promote(value, int)
    else:
        values = [iteration.tensor[i] for i in range(trips)]
    b.assume(tf.equal(count, trips), key)
    return Items(values)


def _positive(step):
    if isinstance(step, tf.Tensor):
        known = tf.get_static_value(step)
        if known is None:
            raise ValueError("range step must be known when building")
        step = int(known)
    return step > 0


# -- lists grown in the loop → TensorArrays ------------------------------------------------

class Appender:
    """An empty list made in the call that the loop's body appends to: inside the body
    it is a TensorArray, and `.append(t)` writes the next element."""
    __slots__ = ("array", "first", "builder", "region")

    def __init__(self, array, builder):
        self.array, self.first = array, None     # first: the first item a dry run saw
        self.builder = builder
        self.region = builder.innermost_region()


class GrownList:
    """That list after the loop: only tf.stack(), tf.convert_to_tensor() and len() of
    it are converted; they read the TensorArray."""
    __slots__ = ("array",)

    def __init__(self, array):
        self.array = array


class Append:
    """`lst.append` of an Appender, called by the builder (builder.call)."""
    __slots__ = ("appender",)

    def __init__(self, appender):
        self.appender = appender

    def __call__(self, args, kwargs, code, offset):
        if len(args) != 1 or kwargs or not is_symbolic(args[0]):
            raise Unsupported("a list grown in a loop on a tensor is appended to with "
                              "something other than one tensor", code, offset)
        appender = self.appender
        if numbers.python_type_of(args[0], appender.builder.provenance.number_of) \
                not in (None, bool):
            # tf.stack of the list converts Python ints to int32 or int64 by their
            # values, floats to float32; the graph carries them as int64/float64.
            raise Unsupported("a Python number appended to a list grown in a loop on a "
                              "tensor: eagerly tf.stack() converts the list's numbers "
                              "by their values", code, offset)
        if appender.builder.innermost_region() != appender.region:
            # Each arm would write the one array the other arm then starts from.
            raise Unsupported("append to a list grown in a loop on a tensor inside a "
                              "branch of its body", code, offset)
        if appender.array is None:               # a dry run: learn the element's kind
            if appender.first is None:
                appender.first = args[0]
            return None
        appender.array = appender.array.write(appender.array.size(), args[0])
        return None


GROWN = (Appender, GrownList)
STACKING = (tf.stack, tf.convert_to_tensor)


def use_of_list(frame, ins, value):
    """LOAD_FAST of an Appender or GrownList: only `lst.append(...)` in the loop, and
    `tf.stack(lst)`, `tf.convert_to_tensor(lst)`, `len(lst)` after it.  Returns where
    the frame goes on (past the instruction this one stands in for)."""
    after = frame.instructions.get(ins.next_offset)
    if type(value) is Appender and after is not None and after.opname == "LOAD_ATTR" \
            and after.argval == "append" and after.arg & 1:
        frame.push(Append(value))
        frame.push(NULL)
        return after.next_offset
    if type(value) is GrownList and after is not None and after.opname == "CALL" and \
            after.arg == 1 and len(frame.stack) >= 2 and frame.stack[-1] is NULL:
        fn = frame.stack[-2]
        if any(fn is f for f in STACKING) or fn is len:
            del frame.stack[-2:]
            if fn is len:
                size = tf.cast(value.array.size(), tf.int64)
                frame.b.promote(size, int)
                frame.push(size)
            else:
                # Eagerly the list of nothing stacks to an empty float32 vector, not to
                # the array's element shape and dtype: the interpreter runs that call.
                frame.b.check(value.array.size() > 0, "tf.stack() of a list a loop on a "
                              "tensor appended nothing to")
                frame.push(value.array.stack())
            return after.next_offset
    return frame._load(ins.argval, ins)          # refused there, with the reason


def _grown_lists(frame, regions, loop, stores):
    """Locals bound to an empty list this call made, that the body appends to, and that
    nothing but this frame's locals holds (so nothing else sees it stay empty)."""
    names = []
    for name in list(frame.locals):
        # Plain loops: a closure or an items() tuple would hold the list too.
        value = frame.locals[name]
        if type(value) is not list or value or not frame.b.provenance.is_created(value) or \
                name in stores or not _appends_to(regions, loop, name):
            continue
        bindings = 0
        for other in frame.locals.values():
            bindings += other is value
        if bindings != 1 or _held_elsewhere(value, frame):
            frame.fail(f"list {name!r} is appended to in a loop on a tensor and is also "
                       "held elsewhere", frame.instructions[loop.header])
        names.append(name)
    return names


def _appends_to(regions, loop, name):
    for block in loop.body:
        instructions = regions.graph.blocks[block].instructions
        for ins, after in zip(instructions, instructions[1:]):
            if ins.opname in ("LOAD_FAST", "LOAD_FAST_CHECK") and ins.argval == name and \
                    after.opname == "LOAD_ATTR" and after.argval == "append":
                return True
    return False


def _held_elsewhere(value, frame):
    allowed = (frame.locals, frame.b.provenance.alive)
    return any(not any(r is a for a in allowed) and not isinstance(r, types.FrameType)
               for r in gc.get_referrers(value))


# -- the loop ----------------------------------------------------------------------------

def _carry(frame, ins, name, value, like=None):
    """A loop-carried value as tensors: tensors, TensorArrays, Python numbers, and
    lists/tuples of them."""
    if is_symbolic(value) or isinstance(value, tf.TensorArray):
        return value
    if type(value) in PYTHON_NUMBERS:
        # At Python's width (numbers.CARRY): float32 would round, int32 would wrap.
        tensor = numbers.carry(value, type(value))
        if like is None or like.dtype == tensor.dtype:
            return tensor
        # A real tensor before (it converts as eager converts a Python number), or a
        # number that changes kind in the loop (refused: its type depends on the run).
        same_kind = like.dtype.is_floating if type(value) is float else \
            like.dtype.is_integer and type(value) is not float
        if not same_kind:
            frame.fail(f"local {name!r} changes type in a loop on a tensor", ins)
        return tf.convert_to_tensor(value, like.dtype)
    if type(value) in (list, tuple):
        likes = like if type(like) is type(value) and len(like) == len(value) else \
            [None] * len(value)
        return type(value)(_carry(frame, ins, name, v, l) for v, l in zip(value, likes))
    frame.fail(f"local {name!r} changes in a loop on a tensor but is a "
               f"{type(value).__name__}", ins)


def _run_loop(frame, ins, regions, loop, shape, go, body_offset, flag_of, counter=None,
              body_start=None):
    b = frame.b
    stops = shape.stops
    stores = regions.stores(loop)
    carried = [n for n in stores if n in frame.locals]
    initial = [_carry(frame, ins, name, frame.locals[name]) for name in carried]
    grown = _grown_lists(frame, regions, loop, stores)

    probes = {}

    def run_body(index, values, dry=False):
        sub = frame.fork()
        sub.locals.update(zip(carried, values))
        if body_start is not None:
            body_start(sub, index)

        def run():
            # Made inside the body's region, so that appends in a branch of the body
            # are told apart; a dry run's learn what is appended.
            for name in grown:
                array = sub.locals[name]
                appender = Appender(None if type(array) is list else array, b)
                sub.locals[name] = probes[name] = appender
            return sub.run_until(body_offset, frozenset(stops))

        b.open_regions.loop_stops.append(stops)
        try:
            end = b.in_region(run, dry=dry)
        finally:
            b.open_regions.loop_stops.pop()
        if end.returned:
            frame.fail("`return` inside a loop on a tensor is not converted", ins)
        return end

    index0 = counter[0] if counter is not None else tf.constant(0, tf.int64)
    # One run on a scratch graph with the values as they are before the loop: which
    # carried Python numbers the body keeps Python numbers (a counter), and what the
    # body binds at its stops.
    first = None
    printing = loop_output.BodyPrints(b)
    number_of = b.provenance.number_of
    if grown or len(stops) > 1 or any(numbers.python_type_of(frame.locals[n], number_of)
                                      for n in carried):
        mark = printing.begin()
        first = branches.dry_run(frame, lambda sub, _: run_body(
            index0, [frame.locals[n] for n in carried], dry=True), None)
        printing.discard(mark)            # what the dry run printed
    if len(stops) > 1:
        # Names first bound in the body that code after a `break`/`return` reads: carried
        # from a placeholder, and only where every stop has them bound.
        after = regions.read_after(loop, [n for n in stores if n not in frame.locals])
        for name in after:
            value = first.locals.get(name)
            if name in branches.partial_of(first) or not is_symbolic(value) or \
                    value.shape.rank is None:
                continue
            if name in regions.read_after(loop, [name], [shape.continuations[0][0]]):
                frame.fail(f"local {name!r} is first bound in a loop on a tensor with "
                           "`break` and read after its normal end", ins)
            carried.append(name)
            initial.append(tf.zeros([d or 0 for d in value.shape], value.dtype))
    stays_number = {n: first is not None and n in first.locals and numbers.python_type_of(
        first.locals[n], number_of) == numbers.python_type_of(frame.locals.get(n), number_of)
        for n in carried}
    for name in grown:
        item = probes[name].first
        if item is None:
            frame.fail(f"list {name!r} is appended to in a loop on a tensor, but not on "
                       "the paths a build can see", ins)
        carried.append(name)
        initial.append(tf.TensorArray(item.dtype, size=0, dynamic_size=True,
                                      element_shape=item.shape))

    def body(flag, index, exit_now, *values):
        values, printed = values[:len(carried)], values[len(carried):]
        mark = printing.begin()
        _promote_carried(b, carried, values, frame.locals, stays_number)
        end = run_body(index, values)
        k = branches.exit_index(end.offset, stops)
        next_index = index if counter is None else index + counter[1]
        if type(k) is int and k != 0:
            flag = tf.constant(False)     # left the loop (its test is not on the stack)
        else:
            flag = flag_of(end) if counter is None else _before_end(next_index, *counter[2:])
            if type(k) is not int:
                flag = tf.logical_and(flag, tf.equal(k, 0))
        out = []
        for name, before in zip(carried, values):
            if name not in end.locals:
                frame.fail(f"local {name!r} is deleted in a loop on a tensor", ins)
            value = end.locals[name]
            passed[name] = passed.get(name, False) or _passes_objects(b, value, values)
            out.append(_carry(frame, ins, name, value.array if type(value) is Appender
                              else value, before))
        return [flag, next_index, tf.convert_to_tensor(k, tf.int32), *out,
                *printing.end(mark, printed, (frame.code, ins.offset))]

    passed = {}         # carried name -> whether the body may leave it an object it got
    invariants = None
    b.open_regions.depth += 1
    try:
        for _ in range(MAX_RELAXATIONS + 2):
            loop_vars = [go, index0, tf.constant(0, tf.int32), *initial,
                         *printing.initial()]
            try:
                results = tf.while_loop(lambda flag, *_: flag, body, loop_vars,
                                        shape_invariants=invariants)
                break
            except loop_output.TraceAgain:
                invariants = None         # the body prints: again, with its arrays
            except ValueError as exc:
                if invariants is not None or "shape" not in str(exc):
                    raise
                invariants = _relaxed(frame, body, loop_vars)
    except (ValueError, TypeError) as exc:
        frame.fail(f"the loop's values change structure, dtype or shape: "
                   f"{str(exc).splitlines()[0]}", ins)
    finally:
        b.open_regions.depth -= 1
    values = results[3:3 + len(carried)]
    _promote_carried(b, carried, values, frame.locals, stays_number)
    _caller_objects_kept(b, carried, values, initial, passed, results[0])
    for name, value in zip(carried, values):
        frame.locals[name] = GrownList(value) if name in grown else value
    printing.apply(results[3 + len(carried):])
    return _leave(frame, ins, regions, shape, results[2])


def _passes_objects(b, value, inputs):
    """Whether the body leaves `value` (or a tensor inside it) as an object it did not
    make: one of its loop variables, a tensor from before the loop, or one chosen by a
    branch in it (heap.keep_by_choice)."""
    body_graph = tf.compat.v1.get_default_graph()
    given = {id(t) for t in tf.nest.flatten(inputs) if isinstance(t, tf.Tensor)}
    return any(isinstance(t, tf.Tensor) and (
        id(t) in given or t.graph is not body_graph or b.provenance.of(t).chosen)
        for t in tf.nest.flatten(value))


def _caller_objects_kept(b, carried, values, initial, passed, flag):
    """After the loop: a carried tensor that started as an object (the caller's, or one
    the call made) is still that object eagerly after a run of no iterations (`h is
    x`), a new tensor after one or more: which, the trip count says (heap.keep_by_choice).
    A body that may leave a variable an object it got (a swap, `pair = (pair[1],
    pair[0])`, or an arm that keeps it) tells nothing: for the caller's tensors, `is`
    and storing or returning them are then refused (KEPT_UNKNOWN)."""
    loop = branch_paths.while_op_of(flag)
    # while_v2's first output: how many passes the loop made
    made = None if loop is None else tf.greater(loop.outputs[0], 0)
    for name, value, start in zip(carried, values, initial):
        if isinstance(start, tf.TensorArray):
            continue
        for after, before in zip(tf.nest.flatten(value), tf.nest.flatten(start)):
            if not is_symbolic(after) or not is_symbolic(before) or \
                    b.provenance.number_of(before) is not None or \
                    b.provenance.number_of(after) is not None:
                continue                  # numbers: _promote_carried
            if not passed.get(name) and made is not None:
                b.heap.keep_by_choice(after, made, before, tf.identity(after))
            elif b.provenance.caller_of(before) is not None or \
                    b.provenance.source_of(before) is not None:
                b.provenance.note_kept(after, KEPT_UNKNOWN)


def _promote_carried(b, carried, values, before, stays_number):
    """Loop variables (in the body, or after the loop) that stand for Python numbers:
    of their type when the body keeps it, else MIXED."""
    for name, value in zip(carried, values):
        kind = numbers.python_type_of(before.get(name), b.provenance.number_of)
        if kind is not None:
            b.promote(value, kind if stays_number.get(name) else branches.MIXED)
            if b.provenance.kept_of(before.get(name)) is not None:
                # It may still be the caller's own number object after the loop (no
                # iteration rebound it); which, the loop does not tell.
                b.provenance.note_kept(value, KEPT_UNKNOWN)


def _relaxed(frame, body, loop_vars):
    """Shape invariants under which the body keeps its carried values' shapes: run it on
    placeholders, loosen each shape to what it gives back, until nothing changes."""
    invariants = tf.nest.map_structure(_shape_of, loop_vars)
    for _ in range(MAX_RELAXATIONS):
        with branches.scratch_graph("janus_relax"):
            placeholders = tf.nest.map_structure(_placeholder, loop_vars, invariants)
            outputs = body(*placeholders)
        loosened = tf.nest.map_structure(_loosen, invariants, outputs)
        if loosened == invariants:
            break
        invariants = loosened
    return invariants


def _shape_of(value):
    return tf.TensorShape(None) if isinstance(value, tf.TensorArray) else value.shape


def _placeholder(value, shape):
    if isinstance(value, tf.TensorArray):
        return value
    return tf.raw_ops.Placeholder(dtype=value.dtype, shape=shape)


def _loosen(shape, value):
    if isinstance(value, tf.TensorArray):
        return shape
    return shape.most_specific_compatible_shape(value.shape)


def _leave(frame, ins, regions, shape, exit_taken):
    """Go on at the exit the loop took: its continuation, or a cond among them."""
    groups = {}
    for k, continuation in enumerate(shape.continuations):
        groups.setdefault(continuation, []).append(k)
    raising = {c: ks for c, ks in groups.items() if regions.always_raises(c[0])}
    if raising and len(raising) < len(groups):
        # `raise` or a failed `assert` inside the loop: the graph asserts that the loop
        # does not leave that way; when it does, the interpreter runs the call and raises.
        if frame.b.open_regions.depth:
            frame.fail("a loop on a tensor that may raise, inside a cond arm or loop "
                       "body", ins)
        ks = [k for each in raising.values() for k in each]
        frame.b.assume(tf.reduce_all(tf.not_equal(exit_taken, tf.constant(ks, tf.int32))),
                       (frame.code, ins.offset), raises=True)
        groups = {c: ks for c, ks in groups.items() if c not in raising}
    ways = [(branches.from_offset(offset, prepare), ks)
            for (offset, prepare), ks in groups.items()]
    join = regions.common_join([regions.block(offset) for offset, _ in groups]) \
        if len(ways) > 1 else None
    return _dispatch(frame, ins, exit_taken, ways, join)


def _dispatch(frame, ins, exit_taken, ways, join):
    (arm, ks), rest = ways[0], ways[1:]
    if not rest:
        return arm.enter(frame)
    taken = tf.reduce_any(tf.equal(exit_taken, tf.constant(ks, tf.int32)))
    others = branches.Arm(lambda sub: _dispatch(sub, ins, exit_taken, rest, join))
    return branches.branch(frame, ins, taken, arm, others, join)


def counted_by_constants(frame, ins, condition):
    """A loop whose test or trip count only numbers read at call time decide (`while
    t < STEPS`, `for t in tf.range(STEPS)` with STEPS changed between calls): eagerly a
    Python loop, whose tape sums a weight's gradient over all its uses at once, where a
    While op's sums per iteration first (other roundings).  Refused while those numbers
    are graph inputs: the executor specialises them again, and the next build runs the
    loop as eager's, unrolled."""
    b = frame.b
    if not b.plan.varying:
        return
    leaves = decided_by(condition)
    if leaves and all(leaf.op.type == "Placeholder" and
                      b.provenance.number_of(leaf) is not None for leaf in leaves):
        frame.fail("a loop on a tensor whose trip count numbers read at call time decide "
                   "(eager runs it as a Python loop, its gradient summed otherwise than a "
                   "While op's)", ins)
