"""Decisions on tensors → an asserted assumption, a tf.cond, or a tf.while_loop.

The builder calls `decide` when a conditional jump depends on a value the graph
computes.  What happens depends on the profile of the interpreted calls:

- one direction only, outside any cond or loop body: follow it, and add an in-graph
  assertion that the graph checks at run time (the paper's AssertOp).  When it fails the
  executor falls back and marks the decision relaxed, so the next graph builds a cond;
- both directions seen, no profile (inlined callees), or relaxed: build a tf.cond whose
  two branches are converted from bytecode and merge at the branch's immediate
  post-dominator, or a tf.while_loop when the decision is a loop's test.

Values that differ between the arms of a cond (or change in a loop) travel as tensors:
Python numbers are promoted; anything else that differs is refused with a reason.
"""

import tensorflow as tf

from . import arm_output, bytecode, cfg as cfg_module, loop_output, numbers, reads
from .errors import Raises, Unsupported
from .values import is_symbolic

PYTHON_NUMBERS = numbers.NUMBERS
# A merged value that is a tensor on one path and a Python number on another: usable in
# the graph, but it must not leave it (its type would depend on the path).
MIXED = "a tensor on one path and a Python number on another"


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
    return value if value.dtype == tf.bool else tf.not_equal(value, tf.zeros((), value.dtype))


class Regions:
    """The control-flow graph of one code object, with the lookups decisions need."""

    def __init__(self, code):
        self.graph = cfg_module.ControlFlowGraph.from_code(code)

    def block(self, offset):
        return self.graph.block_at(offset)

    def join(self, offset):
        return self.graph.branch_join(self.block(offset))

    def loop_entered_by(self, offset, successors):
        """The loop whose header one successor of this branch is, when the branch
        itself sits outside it (the top test of a rotated `while`)."""
        block = self.block(offset)
        for header, loop in self.graph.loops().items():
            if header in successors and block not in loop.body:
                return loop
        return None

    def loop_of(self, offset):
        inside = self.graph.in_loops(self.block(offset))
        return self.graph.loops()[inside[0]] if inside else None

    def stores(self, loop_or_blocks):
        blocks = getattr(loop_or_blocks, "body", loop_or_blocks)
        names = []
        for block in sorted(blocks):
            for ins in self.graph.blocks[block].instructions:
                if ins.opname in ("STORE_FAST", "DELETE_FAST"):
                    names.append(ins.argval)
                elif ins.opname in ("STORE_FAST_STORE_FAST", "STORE_FAST_LOAD_FAST"):
                    names.extend(ins.argval[:2] if ins.opname == "STORE_FAST_STORE_FAST"
                                 else ins.argval[:1])
        return list(dict.fromkeys(names))


def decide(frame, ins, condition, jump_if):
    """The offset to continue at (or a _Return) for a jump on a symbolic condition."""
    b = frame.b
    key = (frame.code, ins.offset)
    regions = b.regions(frame.code)
    direction = b.profiled_direction(frame.code, ins.offset)
    if direction is not None and b.region_depth == 0 and key not in b.relaxed:
        truth = jump_if if direction else not jump_if
        b.assume(condition if truth else tf.logical_not(condition), key, ins)
        return ins.jump_target if direction else ins.next_offset
    jump_block, fall_block = regions.block(ins.jump_target), regions.block(ins.next_offset)
    entered = regions.loop_entered_by(ins.offset, (jump_block, fall_block))
    if entered is not None:            # the test before a rotated `while`
        enters_by_jumping = jump_block == entered.header
        go = condition if jump_if == enters_by_jumping else tf.logical_not(condition)
        leave = fall_block if enters_by_jumping else jump_block
        return _while_loop(frame, ins, go, entered, regions, leave)
    loop = regions.loop_of(ins.offset)
    if loop is not None and any(src == regions.block(ins.offset) for src, _ in loop.exits):
        # The loop's exit test: the first pass ran as straight-line code; the rest is a
        # while loop whose flag this decision sets.
        stays_by_jumping = jump_block in loop.body
        go = condition if jump_if == stays_by_jumping else tf.logical_not(condition)
        return _while_loop(frame, ins, go, loop, regions, None)
    return _cond(frame, ins, condition, jump_if, regions)


# -- tf.cond -------------------------------------------------------------------------

def _cond(frame, ins, condition, jump_if, regions):
    join = regions.join(ins.offset)
    if join is None:
        frame.fail("a branch on a tensor whose arms never meet", ins)
    stop = frozenset() if join == cfg_module.EXIT else frozenset({join})
    true_start = ins.jump_target if jump_if else ins.next_offset
    false_start = ins.next_offset if jump_if else ins.jump_target

    # First pass, on scratch graphs: what each arm leaves behind decides the cond's
    # outputs (which values differ, and their dtypes).
    b = frame.b
    shapes = []
    for start in (true_start, false_start):
        try:
            shapes.append(_with_writes(b, lambda: _dry_run(frame, start, stop, arm=True)))
        except Raises:
            shapes.append(None)
    if shapes[0] is None and shapes[1] is None:
        raise Raises("both arms of a branch on a tensor raise", frame.code, ins.offset)
    if None in shapes:
        # `raise` and `assert` in converted code: assert the other arm in the graph;
        # if that fails the interpreter runs the call and raises the real exception.
        if frame.b.region_depth:
            frame.fail("an arm that raises inside a cond arm or loop body", ins)
        truth = shapes[0] is not None
        frame.b.assume(condition if truth else tf.logical_not(condition),
                       (frame.code, ins.offset), ins)
        return true_start if truth else false_start
    before = _values_before(frame, ins, shapes)
    printing = arm_output.Plan(b, shapes)
    plan = _merge_plan(frame, ins, *shapes)

    def arm(start, index):
        def run():
            end = _with_writes(b, lambda: b.in_region(
                lambda: frame.fork().run_until(start, stop), arm=True))
            _add_untouched(end, before)
            printing.fill(end, index)
            return _outputs(end, plan)
        return run

    b.region_depth += 1
    try:
        outputs = tf.cond(condition, arm(true_start, 0), arm(false_start, 1))
    except (ValueError, TypeError) as exc:
        frame.fail(f"the arms of a branch on a tensor do not merge: "
                   f"{str(exc).splitlines()[0]}", ins)
    finally:
        b.region_depth -= 1
    if not isinstance(outputs, (list, tuple)):
        outputs = [outputs]
    return _apply(frame, plan, shapes, list(outputs), ins, printing)


def _with_writes(b, run):
    """Run a cond arm; the attribute and global writes it made, held back from the heap,
    go on its End (`writes`) to be merged with the other arm's."""
    b.heap.begin_arm()
    try:
        end = run()
    finally:
        writes, prints = b.heap.end_arm()
    end.writes, end.prints = writes, prints
    return end


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
            if kind == "setattr":
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


def _add_untouched(end, before):
    """An arm that does not write a key leaves the value from before, and its write is
    not taken: at commit the heap stays untouched (the very same object)."""
    end.writes = {**before, **end.writes}


def _dry_run(frame, start, stop, prepare=None, arm=False):
    """Run a fork of `frame` from `start` on a scratch graph, the tape not recording:
    what it leaves behind, with nothing added to the graph being built."""
    from tensorflow.python.eager import record
    sub = frame.fork()
    with tf.__internal__.FuncGraph("janus_dry_run").as_default(), record.stop_recording():
        if prepare is not None:
            prepare(sub)
        return frame.b.in_region(lambda: sub.run_until(start, stop), dry=True, arm=arm)


def _slots(end):
    """The values an arm leaves: its locals and stack, or its return value.  Tuples are
    opened up to their items, so `return h, c` merges item by item."""
    if end.returned:
        raw = {("return",): end.value}
    else:
        raw = {("local", name): value for name, value in end.locals.items()}
        raw.update({("stack", i): value for i, value in enumerate(end.stack)})
    for key, (_, _, _, taken, value) in end.writes.items():
        raw[("heap",) + key] = value
        raw[("taken",) + key] = taken
    raw.update(end.print_slots)
    slots = {}
    for key, value in raw.items():
        _open_tuples(key, value, slots)
    return slots


_TUPLE = "tuple"
MAX_TUPLE_SLOTS = 16


def _open_tuples(key, value, slots):
    if type(value) is tuple and 0 < len(value) <= MAX_TUPLE_SLOTS:
        slots[key + (_TUPLE,)] = len(value)
        for i, item in enumerate(value):
            _open_tuples(key + (i,), item, slots)
    else:
        slots[key] = value


def _closed(slots, key):
    length = slots.get(key + (_TUPLE,))
    if length is None:
        return slots[key]
    return tuple(_closed(slots, key + (i,)) for i in range(length))


def _merge_plan(frame, ins, first, second):
    if first.returned != second.returned:
        frame.fail("a branch on a tensor where only one arm returns", ins)
    a, b = _slots(first), _slots(second)
    if set(a) != set(b):
        frame.fail("the arms of a branch on a tensor leave different variables bound",
                   ins)
    plan = {}
    for slot in a:
        x, y = a[slot], b[slot]
        if x is y or (type(x) is type(y) and type(x) in PYTHON_NUMBERS + (str,) and x == y):
            continue
        if not all(is_symbolic(v) or type(v) in PYTHON_NUMBERS for v in (x, y)):
            frame.fail(f"{_describe(slot)} is a {type(x).__name__} on one arm of a branch "
                       f"on a tensor and a {type(y).__name__} on the other", ins)
        dtype = next((v.dtype for v in (x, y) if is_symbolic(v)), None)
        if dtype is None:
            # Python numbers on both arms travel at Python's width (numbers.CARRY); an
            # int on one arm and a float on the other is MIXED after the merge (_apply).
            kinds = {type(x), type(y)}
            dtype = numbers.CARRY[kinds.pop() if len(kinds) == 1 else
                                  float if float in kinds else int]
        plan[slot] = dtype
    return plan


def _describe(slot):
    if slot[0] in ("heap", "taken"):
        return f"the value written to {slot[3]!r}"
    where = {"return": "the return value", "local": f"local {slot[1]!r}",
             "stack": "a stack value"}[slot[0]]
    return where + (" (an item of a tuple)" if len(slot) > 2 or
                    slot[0] == "return" and len(slot) > 1 else "")


def _outputs(end, plan):
    slots = _slots(end)
    return [_tensor_of(slots[slot], dtype) for slot, dtype in plan.items()]


def _tensor_of(value, dtype):
    if type(value) in PYTHON_NUMBERS and dtype in (tf.int64, tf.float64):
        return numbers.carry(value, float if dtype == tf.float64 else int)
    return tf.convert_to_tensor(value, dtype=dtype)


def _apply(frame, plan, shapes, outputs, ins, printing):
    """Continue after the cond with the merged values in the frame."""
    shape = shapes[0]
    first_values, second_values = _slots(shapes[0]), _slots(shapes[1])
    merged = _slots(shape)
    for slot, tensor in zip(plan, outputs):
        merged[slot] = tensor
        # A value that is a Python number on both arms (or a tensor standing for one,
        # read at call time or merged before) stays that Python number; a number on
        # one arm and a real tensor on the other is MIXED (refused at the output).
        kinds = [numbers.python_type_of(v, frame.b.promoted)
                 for v in (first_values[slot], second_values[slot])]
        if any(k is not None for k in kinds):
            frame.b.promote(tensor, kinds[0] if kinds[0] is kinds[1] else MIXED)
    for key, (kind, target, name, _, _) in shape.writes.items():
        # What the arms wrote lands once, merged, as if written here; what only one
        # arm wrote lands only if that arm ran.
        frame.b.heap.write(kind, target, name, _closed(merged, ("heap",) + key),
                           merged[("taken",) + key])
    printing.apply(merged)
    if shape.returned:
        return frame.returning(_closed(merged, ("return",)))
    frame.locals = {name: _closed(merged, ("local", name)) for name in shape.locals}
    frame.stack = [_closed(merged, ("stack", i)) for i in range(len(shape.stack))]
    return shape.offset


# -- tf.while_loop -------------------------------------------------------------------

def _while_loop(frame, ins, go, loop, regions, leave):
    """A `while` on a tensor as a do-while: `go` says whether the body runs (again);
    the body runs from the loop header to its one exit test, which sets the next flag."""
    if len(loop.exits) != 1:
        frame.fail("a loop on a tensor condition with `break` or more than one exit is "
                   "not converted", ins)
    (test_block, exit_block), = loop.exits
    if leave is not None and leave != exit_block:
        frame.fail("a loop on a tensor whose first test leaves elsewhere than its last",
                   ins)
    test = regions.graph.blocks[test_block].instructions[-1]
    if test.opname not in ("POP_JUMP_IF_TRUE", "POP_JUMP_IF_FALSE"):
        frame.fail("a loop on a tensor whose exit is not a conditional jump", ins)
    stays_by_jumping = regions.block(test.jump_target) in loop.body
    test_jump_if = test.opname == "POP_JUMP_IF_TRUE"

    def next_flag(end):
        value = scalar_condition(frame, end.stack.pop(), test)
        value = value if isinstance(value, tf.Tensor) else tf.constant(bool(value))
        return value if test_jump_if == stays_by_jumping else tf.logical_not(value)

    carried = [n for n in regions.stores(loop) if n in frame.locals]
    return _run_loop(frame, ins, carried, go, loop.header, frozenset({test.offset}),
                     next_flag, exit_block)


def for_range(frame, ins, symbolic_range):
    """`for i in range(n)` with a tensor bound → tf.while_loop over i."""
    regions = frame.b.regions(frame.code)
    loop = regions.loop_of(ins.next_offset)
    if loop is None or loop.header != regions.block(ins.offset) or len(loop.exits) != 1:
        frame.fail("a loop over a tensor range with `break` is not converted", ins)
    start, stop, step = symbolic_range.bounds()
    frame.pop()                                   # the range iterator
    stores = regions.stores(loop)
    if any(n not in frame.locals for n in stores):
        # A name first bound in the body and read after the loop: run the first
        # iteration as straight-line code, under the assumption that there is one.
        key = (frame.code, ins.offset)
        if frame.b.region_depth or key in frame.b.relaxed or not _positive(step):
            frame.fail("a loop over a tensor range binds a name that may be unbound "
                       "after it", ins)
        frame.b.assume(tf.convert_to_tensor(start, stop.dtype) < stop, key, ins)
        frame.push(start)
        end = frame.run_until(ins.next_offset, frozenset({ins.offset}))
        if end.returned:
            frame.fail("`return` inside a loop over a tensor range", ins)
        start = start + step
    carried = [n for n in stores if n in frame.locals]
    # The loop variable is a Python int to the body (range() yields ints), so it is a
    # promoted int64 (numbers.py), whatever the bound's dtype.
    stop = tf.cast(stop, tf.int64)
    counter = tf.cast(tf.convert_to_tensor(start), tf.int64)
    go = (counter < stop) if _positive(step) else (counter > stop)

    def body_start(sub, index):
        sub.b.promote(index, int)
        sub.push(index)

    return _run_loop(frame, ins, carried, go, ins.next_offset, frozenset({ins.offset}),
                     None, bytecode.for_iter_exit(frame.instructions, ins),
                     counter=(counter, step, stop), body_start=body_start)


def _positive(step):
    if isinstance(step, tf.Tensor):
        raise_unless = tf.get_static_value(step)
        if raise_unless is None:
            raise ValueError("range step must be known when building")
        step = int(raise_unless)
    return step > 0


def _carry(frame, ins, name, value, like=None):
    """A loop-carried value as tensors: tensors, Python numbers, and lists/tuples of them."""
    if is_symbolic(value):
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


def _numbers_after_body(frame, carried, body_offset, stop, body_start, index):
    """Which carried Python numbers (or tensors standing for them) the body keeps
    Python numbers of the same type (a counter), found by running it once on a scratch
    graph with the values as they are before the loop."""
    promoted = frame.b.promoted
    if not any(numbers.python_type_of(frame.locals[n], promoted) for n in carried):
        return {}
    prepare = None if body_start is None else (lambda sub: body_start(sub, index))
    end = _dry_run(frame, body_offset, stop, prepare)
    return {n: numbers.python_type_of(end.locals.get(n), promoted) ==
            numbers.python_type_of(frame.locals[n], promoted) for n in carried}


def _run_loop(frame, ins, carried, go, body_offset, stop, flag_of, exit_offset,
              counter=None, body_start=None):
    b = frame.b
    initial = [_carry(frame, ins, name, frame.locals[name]) for name in carried]
    printing = loop_output.Plan(b)
    mark = printing.begin()
    stays_number = _numbers_after_body(frame, carried, body_offset, stop, body_start,
                                       counter[0] if counter else None)
    printing.discard(mark)

    def body(flag, index, *values):
        values, printed = values[:len(carried)], values[len(carried):]
        mark = printing.begin()
        sub = frame.fork()
        sub.locals.update(zip(carried, values))
        _promote_carried(b, carried, values, frame.locals, stays_number)
        if body_start is not None:
            body_start(sub, index)
        end = b.in_region(lambda: sub.run_until(body_offset, stop))
        if end.returned or end.offset not in stop:
            frame.fail("`return` inside a loop on a tensor is not converted", ins)
        if counter is not None:
            next_index = index + counter[1]
            flag = (next_index < counter[2]) if _positive(counter[1]) else \
                (next_index > counter[2])
        else:
            next_index = index
            flag = flag_of(end)
        out = []
        for name, before in zip(carried, values):
            if name not in end.locals:
                frame.fail(f"local {name!r} is deleted in a loop on a tensor", ins)
            value = end.locals[name]
            out.append(_carry(frame, ins, name, value, before))
        return [flag, next_index, *out,
                *printing.end(mark, printed, (frame.code, ins.offset))]

    index0 = counter[0] if counter is not None else tf.constant(0)
    b.region_depth += 1
    try:
        while True:
            try:
                results = tf.while_loop(lambda flag, *_: flag, body,
                                        [go, index0, *initial, *printing.initial()])
                break
            except loop_output.Retry:
                continue                  # the body prints: again, with its arrays
    except (ValueError, TypeError) as exc:
        frame.fail(f"the loop's values change structure, dtype or shape: "
                   f"{str(exc).splitlines()[0]}", ins)
    finally:
        b.region_depth -= 1
    _promote_carried(b, carried, results[2:], frame.locals, stays_number)
    for name, value in zip(carried, results[2:]):
        frame.locals[name] = value
    printing.apply(results[2 + len(carried):])
    return exit_offset


def _promote_carried(b, carried, values, before, stays_number):
    """Loop variables (in the body, or after the loop) that stand for Python numbers:
    of their type when the body keeps it, else MIXED."""
    for name, value in zip(carried, values):
        kind = numbers.python_type_of(before[name], b.promoted)
        if kind is not None:
            b.promote(value, kind if stays_number.get(name) else MIXED)


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
