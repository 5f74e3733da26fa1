"""Two ways on from one point of the bytecode → a tf.cond whose arms are converted from
bytecode and merge where the ways meet.

A branch on a tensor (control.decide) and the way out of a loop on a tensor
(loops.py, when the loop has more than one exit) both end up here.  Each arm runs in
a fork of the frame until the join, or until it reaches a stop of the innermost loop
on a tensor around it (its header, or one of its exits).  Arms that end at different
stops merge into an `Exit`: the stop taken is a tensor, and the loop decides what runs
next from it.

Values that differ between the arms travel as cond outputs: tensors, TensorArrays, and
Python numbers (promoted); anything else that differs is refused with a reason.  A value
that only one arm leaves (it ends at another stop) travels with a placeholder on the
other arm; the loop reads it only on the path that bound it.
"""

import contextlib
import types

import tensorflow as tf
from tensorflow.python.eager import record

from .. import errors
from ..errors import Raises, Unsupported
from ..graph import branch_paths
from ..semantics import numbers
from ..state import reads
from ..values import KEPT_UNKNOWN, KERAS_TENSOR_ATTRIBUTES, built_here, is_symbolic
from . import arm_output, iteration

PYTHON_NUMBERS = numbers.NUMBERS
# A merged value that is a tensor on one path and a Python number on another, or a bool
# on one and an int on the other: usable in the graph, but it must not leave it (its
# type would depend on the path).
MIXED = ("a value of another kind on each path (a tensor and a Python number, or a bool "
         "and an int)")


def scalar_condition(builder_frame, value, ins):
    """A Python bool, or a scalar bool tensor with Python's truth rules."""
    if isinstance(value, tf.Variable):
        value = value.read_value()
    if not is_symbolic(value):
        return value
    if value.shape.rank is None or value.shape.num_elements() != 1:
        builder_frame.fail(f"truth value of a tensor of shape {value.shape} (Python "
                           "needs exactly one element)", ins)
    value = tf.reshape(value, ())
    if value.dtype in numbers.FLOAT_BITS:
        # Truth from the bits: TF's float kernels flush a subnormal to zero, and Python's
        # (numpy's) truth of one is True; -0.0 is False, NaN True.
        return tf.not_equal(numbers.float_bits(value, "magnitude"), 0)
    return value if value.dtype == tf.bool else tf.not_equal(value, tf.zeros((), value.dtype))



class Exit:
    """Where a run inside a loop on a tensor stopped, known only when the graph runs:
    `index` (an int32 tensor) picks one of `stops`, the loop's header and exits.
    `partial` names the locals bound on some of the paths to it only."""
    __slots__ = ("index", "stops", "partial")

    def __init__(self, index, stops, partial=frozenset()):
        self.index, self.stops, self.partial = index, stops, partial


def partial_of(end):
    return end.offset.partial if type(end.offset) is Exit else frozenset()


class Arm:
    """One way on: `enter(frame)` prepares the frame and says where it goes on (an
    offset, an Exit, or the frame's return)."""
    __slots__ = ("enter",)

    def __init__(self, enter):
        self.enter = enter

    def run(self, sub, stop):
        return sub.resume(self.enter(sub), stop)


def from_offset(start, prepare=None):
    """The arm that goes on at `start`, after `prepare(frame)` if given."""
    def enter(frame):
        if prepare is not None:
            prepare(frame)
        return start
    return Arm(enter)


def branch(frame, ins, condition, true_arm, false_arm, join):
    """A tf.cond on `condition` between two arms (see from_offset) that meet at `join`
    (a block, or cfg.EXIT when they only meet by returning).  Returns where the frame
    goes on: an offset, an Exit, or the frame's return."""
    b = frame.b
    stops = b.open_regions.loop_stops[-1] if b.open_regions.loop_stops else ()
    stop = frozenset(stops)
    if join is not None and join >= 0:
        stop |= {join}

    # First pass, on scratch graphs: what each arm leaves behind decides the cond's
    # outputs (which values differ, and their dtypes).
    shapes, refused = [], None
    for arm in (true_arm, false_arm):
        try:
            shapes.append(with_writes(b, lambda: dry_run(frame, arm.run, stop, arm=True)))
        except Raises:
            shapes.append(None)
        except errors.Retry:
            raise                   # the build starts again, knowing more
        except Unsupported as exc:
            # What an arm cannot do inside a cond (a list append on the way to the
            # join) it may do outside one, if the other arm raises (below).
            refused = errors.kept(exc)
            shapes.append(refused)
    if shapes[0] is None and shapes[1] is None:
        raise Raises("both arms of a branch on a tensor raise", frame.code, ins.offset)
    if refused is not None and None not in shapes:
        raise refused
    if None in shapes:
        # `raise` and `assert` in converted code: assert the other arm in the graph;
        # if that fails the interpreter runs the call and raises the real exception.
        if b.open_regions.depth:
            frame.fail("an arm that raises inside a cond arm or loop body", ins)
        truth = shapes[0] is not None
        b.assume(condition if truth else tf.logical_not(condition),
                 (frame.code, ins.offset), raises=True)
        return (true_arm if truth else false_arm).enter(frame)
    before = _values_before(frame, ins, shapes)
    tuples_before = _tuples_held(frame)
    printing = arm_output.ArmPrints(b, shapes)
    plan = _merge_plan(frame, ins, *shapes)
    cond_graph = tf.compat.v1.get_default_graph()
    planned_flags = [set(_choice_flags(b, end, cond_graph, tuples_before)) for end in shapes]
    for slot in planned_flags[0] | planned_flags[1]:
        plan[slot] = _CondOutput(tf.bool, tf.TensorShape([]))

    ends = [None, None]

    def run_arm(arm, index):
        def run():
            end = ends[index] = with_writes(b, lambda: b.in_region(
                lambda: arm.run(frame.fork(), stop), arm=True))
            _add_untouched(end, before)
            printing.fill(end, index)
            if type(end.offset) is int and end.offset in stops and \
                    b.cfg_regions(frame.code).always_raises(end.offset):
                # An arm that leaves the loop for a `raise`, which the graph asserts no
                # call does (loops._leave): a call that completes never took it.
                branch_paths.never_completes(tf.compat.v1.get_default_graph())
            flags = _choice_flags(b, end, cond_graph, tuples_before)
            if set(flags) != planned_flags[index]:
                frame.fail("a branch on a tensor inside an arm of another chose among "
                           "other values when built again", ins)
            return _outputs(end, plan, stops, flags)
        return run

    b.open_regions.depth += 1
    try:
        outputs = tf.cond(condition, run_arm(true_arm, 0), run_arm(false_arm, 1))
    except (ValueError, TypeError) as exc:
        frame.fail(f"the arms of a branch on a tensor do not merge: "
                   f"{str(exc).splitlines()[0]}", ins)
    finally:
        b.open_regions.depth -= 1
    b.arm_tapes.merge(ends[0].tapes, ends[1].tapes)
    if not isinstance(outputs, (list, tuple)):
        outputs = [outputs]
    return _apply(frame, plan, shapes, list(outputs), printing, condition, tuples_before)


def with_writes(b, run):
    """Run a cond arm; the attribute and global writes it made, held back from the heap,
    go on its End (`writes`) to be merged with the other arm's, and so do the tapes it
    used (arm_tapes.py)."""
    b.heap.begin_arm()
    b.arm_tapes.begin_arm()
    try:
        end = run()
    finally:
        writes, prints = b.heap.end_arm()
        tapes = b.arm_tapes.end_arm()
    end.writes, end.prints, end.tapes = writes, prints, tapes
    return end


@contextlib.contextmanager
def scratch_graph(name):
    """A graph whose ops nothing runs, the tape not recording: for building something
    only to learn what it leaves behind."""
    with tf.__internal__.FuncGraph(name).as_default(), record.stop_recording():
        yield


def dry_run(frame, run, stop, arm=False):
    """Run `run(fork, stop)` on a fork of `frame` on a scratch graph: what it leaves
    behind, with nothing added to the graph being built."""
    sub = frame.fork()
    with scratch_graph("janus_dry_run"):
        return frame.b.in_region(lambda: run(sub, stop), dry=True, arm=arm)


def _values_before(frame, ins, shapes):
    """For what only one arm writes, the value the other arm leaves: the one from
    before the cond, read here in the outer graph."""
    keys = {}
    for end in shapes:
        keys.update(end.writes)
    before = {}
    for key, (kind, target, name, _, _) in keys.items():
        if all(key in end.writes for end in shapes):
            continue
        try:
            if kind == "setattr" and type(target) is types.CellType:
                value = _cell_before(frame, target, ins)
            elif kind == "setattr":
                value = frame.b.load_attr(target, name, frame.code, ins.offset)
            else:
                value = reads.global_(frame.b, target, name, frame.code, ins.offset)
        except Unsupported as exc:
            frame.fail(f"{name!r} is written on one arm of a branch on a tensor and "
                       f"cannot be read before it: {exc.reason}", ins)
        before[key] = (kind, target, name, False, value)
    for end in shapes:
        _add_untouched(end, before)
    return before


def _cell_before(frame, cell, ins):
    """What a caller's cell holds before the cond: read as `nonlocal name` reads it."""
    for name, (held, _) in (frame.cells or {}).items():
        if held is cell:
            return reads.cell(frame.b, frame, name, ins)
    frame.fail("a closure variable of another function is written on one arm of a "
               "branch on a tensor", ins)


def _add_untouched(end, before):
    """An arm that does not write a key leaves the value from before, and its write is
    not taken: at commit the heap stays untouched (the very same object)."""
    end.writes = {**before, **end.writes}


def _tuples_held(frame):
    """id -> tuple: the tuples the frame holds before a cond (and the tuples in them),
    objects an arm may leave as they are."""
    held, pending = {}, [*frame.locals.values(), *frame.stack]
    while pending:
        value = pending.pop()
        if type(value) is tuple and id(value) not in held:
            held[id(value)] = value
            pending.extend(value)
    return held


def _tuples_left(b, shapes, merged, condition, tuples_before):
    """key -> the tuple the program holds there after the cond, where both arms leave a
    tuple (`slots` opens them item by item, and `closed` would make a new one).

    Eager's is the object the arm that ran left: the same one whichever arm ran, or
    one of two (`batch = hard if worse else easy`), which the cond's flag chooses, as
    for tensors (heap.keep_by_choice): `batch is hard`, and what the call stores or
    returns, are the caller's tuple.  A tuple an arm made is a new one, as eager's
    arm makes one at every call."""
    raws = [_unopened(end) for end in shapes]
    tuples = {}
    for key, first in raws[0].items():
        second = raws[1].get(key)
        if type(first) is not tuple or type(second) is not tuple:
            continue
        if first is second:
            tuples[key] = first
            continue
        value = closed(merged, key)
        if any(_chosen_inside(b, side, tuples_before) for side in (first, second)):
            # Chosen by a branch inside an arm: its flag, carried out (as for tensors
            # in _apply).
            kind = _TupleChoice(b, tf.compat.v1.get_default_graph(), tuples_before)
            sides = [_carried(b, side, (_CHOICE, _TUPLE) + key, value, merged, kind)
                     for side in (first, second)]
            if None in sides:
                b.provenance.note_kept(value, KEPT_UNKNOWN)
            else:
                b.provenance.note_chosen(value, tf.logical_not(condition), *sides)
            tuples[key] = value
            continue
        # (tuple() of a tuple is that tuple: the new one is built from a list.)
        sides = [side if _before(b, side, tuples_before) else tuple(list(value))
                 for side in (first, second)]
        b.provenance.note_chosen(value, tf.logical_not(condition), *sides)
        tuples[key] = value
    return tuples


def _chosen_inside(b, value, tuples_before, depth=0):
    """Whether `value`, left by an arm, is one of several objects a branch inside the
    arm chose (heap.keep_by_choice, _tuples_left), one of them from before this cond."""
    chosen = b.provenance.of(value).chosen
    if chosen is None or depth > 8 or depth == 0 and _before(b, value, tuples_before):
        return False
    return any(_before(b, base, tuples_before) or
               _chosen_inside(b, base, tuples_before, depth + 1) for base in chosen[1:])


def _before(b, value, tuples_before):
    """A tensor or tuple from before the cond (the caller's, read, or the frame's)."""
    if is_symbolic(value):
        return _from_before(value)
    return id(value) in tuples_before or b.provenance.source_of(value) is not None \
        or b.provenance.caller_of(value) is not None


def _unopened(end):
    """The values an arm leaves, by slot, tuples whole."""
    if end.returned:
        raw = {("return",): end.value}
    else:
        raw = {("local", name): value for name, value in end.locals.items()}
        raw.update({("stack", i): value for i, value in enumerate(end.stack)})
    for key, (_, _, _, _, value) in end.writes.items():
        raw[("heap",) + key] = value
    return raw


def slots(end):
    """The values an arm leaves: its locals and stack, or its return value, and where it
    stopped.  Tuples are opened up to their items, so `return h, c` merges item by
    item."""
    raw = _unopened(end)
    if not end.returned:
        raw[("exit",)] = end.offset
    for key, (_, _, _, taken, _) in end.writes.items():
        raw[("taken",) + key] = taken
    raw.update(end.print_slots)
    opened = {}
    for key, value in raw.items():
        _open_tuples(key, value, opened)
    return opened


_TUPLE = "tuple"
MAX_TUPLE_SLOTS = 16


def _open_tuples(key, value, opened):
    if type(value) is tuple and 0 < len(value) <= MAX_TUPLE_SLOTS:
        opened[key + (_TUPLE,)] = len(value)
        for i, item in enumerate(value):
            _open_tuples(key + (i,), item, opened)
    else:
        opened[key] = value


def closed(opened, key):
    length = opened.get(key + (_TUPLE,))
    if length is None:
        return opened[key]
    return tuple(closed(opened, key + (i,)) for i in range(length))


class _CondOutput:
    """How one differing value crosses the cond: its dtype (or TENSOR_ARRAY), and, for
    a value only one arm leaves, the static shape of its placeholder."""
    __slots__ = ("dtype", "placeholder_shape")

    def __init__(self, dtype, placeholder_shape=None):
        self.dtype, self.placeholder_shape = dtype, placeholder_shape


TENSOR_ARRAY = "TensorArray"


def exit_index(offset, stops):
    """The index of the stop an End reached, a Python int or (for an Exit) a tensor."""
    if type(offset) is Exit:
        return offset.index
    return stops.index(offset)


def _merge_plan(frame, ins, first, second):
    if first.returned != second.returned:
        frame.fail("a branch on a tensor where only one arm returns", ins)
    a, b = slots(first), slots(second)
    stops = frame.b.open_regions.loop_stops[-1] if frame.b.open_regions.loop_stops else ()
    plan = {}
    if not first.returned and not (first.offset == second.offset and
                                   type(first.offset) is int):
        # The arms stop at different places of a loop on a tensor (`break`, `continue`,
        # `return` inside it): which one becomes a tensor, and what only one arm binds
        # crosses with a placeholder.
        if not all(type(end.offset) is Exit or end.offset in stops
                   for end in (first, second)):
            frame.fail("the arms of a branch on a tensor go on at different places",
                       ins)
        del a[("exit",)], b[("exit",)]
        plan[("exit",)] = _CondOutput(tf.int32)
        for slot in set(a) ^ set(b):
            if slot[-1] == _TUPLE or slot[0] not in ("local", "stack"):
                frame.fail(f"{_describe(slot)} is left by only one arm of a branch on "
                           "a tensor, as a tuple or heap write", ins)
            value = a.get(slot, b.get(slot))
            if not (is_symbolic(value) or type(value) in PYTHON_NUMBERS) or \
                    is_symbolic(value) and value.shape.rank is None:
                frame.fail(f"{_describe(slot)} is left by only one arm of a branch on "
                           f"a tensor and is a {type(value).__name__}", ins)
            dtype = value.dtype if is_symbolic(value) else numbers.CARRY[
                float if type(value) is float else int]
            shape = value.shape if is_symbolic(value) else tf.TensorShape([])
            plan[slot] = _CondOutput(dtype, shape)
    elif set(a) != set(b):
        frame.fail("the arms of a branch on a tensor leave different variables bound",
                   ins)
    for slot in a.keys() & b.keys():
        x, y = a[slot], b[slot]
        # Equal floats are not one float: 0.0 and -0.0, or two objects the program
        # tells apart with `is`; the merge then says which arm's it is.
        if x is y or iteration.same(x, y) or (
                type(x) is type(y) and type(x) in (int, bool, str) and x == y):
            continue
        if all(isinstance(v, tf.TensorArray) for v in (x, y)):
            plan[slot] = _CondOutput(TENSOR_ARRAY)
            continue
        if not all(is_symbolic(v) or type(v) in PYTHON_NUMBERS for v in (x, y)):
            other = "another one" if type(x) is type(y) else f"a {type(y).__name__}"
            frame.fail(f"{_describe(slot)} is a {type(x).__name__} on one arm of a branch "
                       f"on a tensor and {other} on the other", ins)
        hung = _hung_on(x, y)
        if hung is not None:
            frame.fail(f"{_describe(slot)} carries Keras' {hung} on one arm of a branch on "
                       "a tensor and not on the other (or another one): layers after it "
                       "read it from the tensor", ins)
        dtype = next((v.dtype for v in (x, y) if is_symbolic(v)), None)
        if dtype is None:
            # Python numbers on both arms travel at Python's width (numbers.CARRY); an
            # int on one arm and a float on the other is MIXED after the merge (_apply).
            kinds = {type(x), type(y)}
            dtype = numbers.CARRY[kinds.pop() if len(kinds) == 1 else
                                  float if float in kinds else int]
        plan[slot] = _CondOutput(dtype)
    return plan


def _hung_on(x, y):
    """The Keras attribute (values.KERAS_TENSOR_ATTRIBUTES: a mask, logits) that two
    arms' tensors do not share, or None."""
    for name in KERAS_TENSOR_ATTRIBUTES:
        if getattr(x, name, None) is not getattr(y, name, None):
            return name.strip("_").replace("keras_", "")
    return None


def _describe(slot):
    if slot[0] in ("heap", "taken"):
        return f"the value written to {slot[3]!r}"
    where = {"return": "the return value", "local": f"local {slot[1]!r}",
             "stack": "a stack value", "exit": "where the arm goes on",
             arm_output.PRINT: "a value printed"}[slot[0]]
    return where + (" (an item of a tuple)" if len(slot) > 2 or
                    slot[0] == "return" and len(slot) > 1 else "")


def _outputs(end, plan, stops, flags):
    opened = {**slots(end), **flags}
    outputs = []
    for slot, how in plan.items():
        if slot == ("exit",):
            outputs.append(tf.convert_to_tensor(exit_index(end.offset, stops), tf.int32))
        elif slot not in opened:
            outputs.append(tf.zeros([d or 0 for d in how.placeholder_shape], how.dtype))
        elif how.dtype is TENSOR_ARRAY:
            outputs.append(opened[slot])
        else:
            outputs.append(_tensor_of(opened[slot], how.dtype))
    return outputs


_CHOICE = "choice"


def _choice_flags(b, end, cond_graph, tuples_before):
    """slot -> flag: the flags of the branches inside an arm that chose a tensor or tuple
    it leaves (heap.keep_by_choice, _tuples_left: `a if c1 else (b if c2 else x)`).
    They are outputs of the cond, so that after it the choice is still followed
    (_carried).  One slot per flag, in the order _carried walks them; both arms' flags
    share the slots, which hold the flag of the arm that ran."""
    flags = {}
    for key, value in slots(end).items():
        if is_symbolic(value):
            found = _inner_flags(b, value, _TensorChoice(cond_graph))
            flags.update(((_CHOICE,) + key + (i,), f) for i, f in enumerate(found))
    for key, value in _unopened(end).items():
        if type(value) is tuple:
            found = _inner_flags(b, value, _TupleChoice(b, cond_graph, tuples_before))
            flags.update(((_CHOICE, _TUPLE) + key + (i,), f) for i, f in enumerate(found))
    for key, value in slots(end).items():
        flag = _inner_kept_flag(b, value, cond_graph)
        if flag is not None:
            flags[(_CHOICE, _KEPT) + key] = flag
    return flags


_KEPT = "kept"


def _inner_kept_flag(b, value, cond_graph):
    """The flag of a Python number an arm leaves that says whether it is still the
    object read from the program's state (`Origin.kept`, heap.keep_by_choice), where
    that flag is of the arm's graph: `self.lr = self.lr * 0.5` under a branch inside
    the arm, the old float kept otherwise."""
    if not (is_symbolic(value) or type(value) in PYTHON_NUMBERS):
        return None
    kept = b.provenance.kept_of(value)
    if kept is None or kept == KEPT_UNKNOWN or not isinstance(kept[1], tf.Tensor) or \
            built_here(kept[1], cond_graph):
        return None
    return kept[1]


def _kept_carried(b, value, slot, merged, python_type):
    """An arm's number whose kept flag crossed the cond (_inner_kept_flag): a stand-in of
    the cond's graph with that record, the flag taken from the cond's outputs; else the
    value itself."""
    flag = merged.get((_CHOICE, _KEPT) + slot)
    kept = b.provenance.kept_of(value)
    if flag is None or kept is None or kept == KEPT_UNKNOWN or \
            not isinstance(kept[1], tf.Tensor):
        return value
    stand_in = b.promoted(tf.identity(merged[slot]), python_type)
    b.provenance.note_kept(stand_in, (kept[0], flag))
    return stand_in


class _TensorChoice:
    """How _inner_flags and _carried treat tensors: from before the cond is of its graph
    or one enclosing it; a new one is a new tensor of the merge."""

    def __init__(self, cond_graph):
        self.cond_graph = cond_graph

    def before(self, value):
        return built_here(value, self.cond_graph)

    def fresh(self, merged_value):
        return tf.identity(merged_value)


class _TupleChoice(_TensorChoice):
    """Tuples: from before the cond is one the frame held (_before); a new one is a new
    tuple of the merged items."""

    def __init__(self, b, cond_graph, tuples_before):
        super().__init__(cond_graph)
        self.b, self.tuples_before = b, tuples_before

    def before(self, value):
        return _before(self.b, value, self.tuples_before)

    def fresh(self, merged_value):
        return tuple(list(merged_value))


def _inner_flags(b, value, kind, depth=0):
    chosen = b.provenance.of(value).chosen
    if chosen is None or depth > 8 or kind.before(value):
        return []
    flag, first, second = chosen
    own = [] if built_here(flag, kind.cond_graph) else [flag]
    return own + _inner_flags(b, first, kind, depth + 1) + \
        _inner_flags(b, second, kind, depth + 1)


def _carried(b, value, prefix, merged_value, merged, kind):
    """What an arm's tensor or tuple is after the cond, as an object: itself if it is
    from before; one of the objects a branch inside the arm chose, by that branch's flag
    carried out of the cond (`merged[prefix + (i,)]`, _choice_flags); otherwise a new
    one, as eager's arm makes one.  None where a flag was not carried."""
    counter = iter(range(1 << 30))

    def walk(value, depth):
        if kind.before(value):
            return value
        chosen = b.provenance.of(value).chosen
        if chosen is None or depth > 8:
            return kind.fresh(merged_value)
        flag, first, second = chosen
        if not built_here(flag, kind.cond_graph):
            flag = merged.get(prefix + (next(counter),))
            if flag is None:
                return None
        sides = [walk(first, depth + 1), walk(second, depth + 1)]
        if None in sides:
            return None
        stand_in = kind.fresh(merged_value)
        b.provenance.note_chosen(stand_in, flag, *sides)
        return stand_in
    return walk(value, 0)


def _tensor_of(value, dtype):
    if type(value) in PYTHON_NUMBERS and dtype in (tf.int64, tf.float64):
        return numbers.carry(value, float if dtype == tf.float64 else int)
    return tf.convert_to_tensor(value, dtype=dtype)


def _from_before(value):
    """Whether an arm's tensor is from before the cond (of the graph it is built in, or
    of one enclosing that: a cond inside another's arm)."""
    return built_here(value, tf.compat.v1.get_default_graph())


def _apply(frame, plan, shapes, outputs, printing, condition, tuples_before):
    """Continue after the cond with the merged values in the frame."""
    first_values, second_values = slots(shapes[0]), slots(shapes[1])
    merged = {**second_values, **first_values, **dict(zip(plan, outputs))}
    for slot, tensor in zip(plan, outputs):
        if slot not in first_values or slot not in second_values or slot == ("exit",):
            continue
        first, second = first_values[slot], second_values[slot]
        for name in KERAS_TENSOR_ATTRIBUTES:
            if getattr(first, name, None) is not None:    # both arms' (_merge_plan)
                setattr(tensor, name, getattr(first, name))
        # A value that is a Python number on both arms (or a tensor standing for one,
        # read at call time or merged before) stays that Python number; a number on
        # one arm and a real tensor on the other is MIXED (refused at the output).
        kinds = [numbers.python_type_of(v, frame.b.provenance.number_of)
                 for v in (first, second)]
        if any(k is not None for k in kinds):
            frame.b.promote(tensor, kinds[0] if kinds[0] is kinds[1] else MIXED)
            # `best = v if v > best else best` keeps the caller's object on one arm.
            sides = [_kept_carried(frame.b, v, slot, merged, k) if k is not None else v
                     for v, k in zip((first, second), kinds)]
            frame.b.heap.keep_by_choice(tensor, tf.logical_not(condition), *sides)
        elif any(_chosen_inside(frame.b, v, tuples_before) for v in (first, second)):
            # An arm leaves one of several objects from before the cond that a branch
            # inside it chose (`a if c1 else (b if c2 else x)`): that branch's flag,
            # carried out of the cond, says which.
            kind = _TensorChoice(tf.compat.v1.get_default_graph())
            sides = [_carried(frame.b, v, (_CHOICE,) + slot, tensor, merged, kind)
                     for v in (first, second)]
            if None in sides:
                frame.b.provenance.note_kept(tensor, KEPT_UNKNOWN)
            else:
                frame.b.heap.keep_by_choice(tensor, tf.logical_not(condition), *sides)
        elif is_symbolic(first) and is_symbolic(second) and (
                _from_before(first) or _from_before(second)):
            # A tensor from before the cond that an arm leaves (`x_aug if worse else x`,
            # an attribute only one arm writes) is that very object when the arm ran:
            # the caller's, if it was (keep_by_choice); what an arm made is a new tensor
            # of the merge, as eager's arm makes one.
            frame.b.heap.keep_by_choice(tensor, tf.logical_not(condition), *(
                v if _from_before(v) else tf.identity(tensor) for v in (first, second)))
    tuples = _tuples_left(frame.b, shapes, merged, condition, tuples_before)

    def close(key):
        return tuples[key] if key in tuples else closed(merged, key)
    shape = shapes[0]
    for key, (kind, target, name, _, _) in shape.writes.items():
        # What the arms wrote lands once, merged, as if written here; what only one
        # arm wrote lands only if that arm ran.
        frame.b.heap.write(kind, target, name, close(("heap",) + key),
                           merged[("taken",) + key])
    printing.apply(merged)
    if shape.returned:
        return frame.returning(close(("return",)))
    names = dict.fromkeys([*shapes[0].locals, *shapes[1].locals])
    frame.locals = {name: close(("local", name)) for name in names}
    depth = max(len(shapes[0].stack), len(shapes[1].stack))
    frame.stack = [iteration.joined(close(("stack", i))) for i in range(depth)]
    if ("exit",) in plan:
        partial = {slot[1] for slot in plan if slot[0] == "local" and
                   (slot not in first_values or slot not in second_values)}
        partial |= partial_of(shapes[0]) | partial_of(shapes[1])
        return Exit(merged[("exit",)], frame.b.open_regions.loop_stops[-1], frozenset(partial))
    return shape.offset
