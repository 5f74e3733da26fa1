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

from . import bytecode, cfg as cfg_module

PYTHON_NUMBERS = (bool, int, float)
# A merged value that is a tensor on one path and a Python number on another: usable in
# the graph, but it must not leave it (its type would depend on the path).
MIXED = "a tensor on one path and a Python number on another"


def scalar_condition(builder_frame, value, ins):
    """A Python bool, or a scalar bool tensor with Python's truth rules."""
    from .builder import is_symbolic
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
    jump_offset, fall_offset = ins.jump_target, ins.next_offset
    regions = b.regions(frame.code)
    loop = regions.loop_entered_by(ins.offset, (regions.block(jump_offset),
                                                regions.block(fall_offset)))
    direction = b.profiled_direction(frame.code, ins.offset)
    if direction is not None and b.region_depth == 0 and key not in b.relaxed:
        taken = direction
        truth = jump_if if taken else not jump_if
        b.assume(condition if truth else tf.logical_not(condition), key, ins)
        return jump_offset if taken else fall_offset
    if loop is not None:
        return _while_loop(frame, ins, condition, jump_if, loop, regions)
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
    from .builder import Raises
    shapes = []
    for start in (true_start, false_start):
        try:
            shapes.append(_dry_run(frame, start, stop))
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
    plan = _merge_plan(frame, ins, *shapes)

    def arm(start):
        def run():
            end = frame.b.in_region(lambda: frame.fork().run_until(start, stop))
            return _outputs(end, plan)
        return run

    b = frame.b
    b.region_depth += 1
    try:
        outputs = tf.cond(condition, arm(true_start), arm(false_start))
    finally:
        b.region_depth -= 1
    if not isinstance(outputs, (list, tuple)):
        outputs = [outputs]
    return _apply(frame, plan, shapes, list(outputs), ins)


def _dry_run(frame, start, stop):
    graph = tf.__internal__.FuncGraph("janus_dry_run")
    from tensorflow.python.eager import record
    with graph.as_default(), record.stop_recording():
        return frame.b.in_region(lambda: frame.fork().run_until(start, stop), dry=True)


def _slots(end):
    """The values an arm leaves: its locals and stack, or its return value."""
    if end.returned:
        return {("return",): end.value}
    slots = {("local", name): value for name, value in end.locals.items()}
    slots.update({("stack", i): value for i, value in enumerate(end.stack)})
    return slots


def _merge_plan(frame, ins, first, second):
    from .builder import is_symbolic
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
        plan[slot] = dtype
    return plan


def _describe(slot):
    return {"return": "the return value", "local": f"local {slot[-1]!r}",
            "stack": "a stack value"}[slot[0]]


def _outputs(end, plan):
    slots = _slots(end)
    return [tf.convert_to_tensor(slots[slot], dtype=dtype) for slot, dtype in plan.items()]


def _python_type(x, y):
    return type(x) if type(x) is type(y) else MIXED


def _apply(frame, plan, shapes, outputs, ins):
    """Continue after the cond with the merged values in the frame."""
    shape = shapes[0]
    first_values, second_values = _slots(shapes[0]), _slots(shapes[1])
    merged = _slots(shape)
    for slot, tensor in zip(plan, outputs):
        merged[slot] = tensor
        if plan[slot] is None:       # Python numbers that differ between the arms
            frame.b.promote(tensor, _python_type(first_values[slot], second_values[slot]))
        elif type(first_values[slot]) in PYTHON_NUMBERS or \
                type(second_values[slot]) in PYTHON_NUMBERS:
            frame.b.promote(tensor, MIXED)
    if shape.returned:
        return frame.returning(merged[("return",)])
    frame.locals = {slot[1]: v for slot, v in merged.items() if slot[0] == "local"}
    frame.stack = [merged[("stack", i)] for i in range(len(shape.stack))]
    return shape.offset


# -- tf.while_loop -------------------------------------------------------------------

def _while_loop(frame, ins, condition, jump_if, loop, regions):
    """A rotated `while` (test before the loop, repeated at its bottom) as a do-while
    with the first test's value as the loop's initial flag."""
    entry_continues = regions.block(ins.jump_target if jump_if else ins.next_offset) \
        == loop.header
    if len(loop.exits) != 1 or not entry_continues:
        frame.fail("a loop on a tensor condition with `break` or more than one exit is "
                   "not converted", ins)
    (bottom_block, exit_block), = loop.exits
    bottom = regions.graph.blocks[bottom_block].instructions[-1]
    if bottom.opname not in ("POP_JUMP_IF_TRUE", "POP_JUMP_IF_FALSE"):
        frame.fail("a loop on a tensor whose exit is not its test", ins)
    bottom_jump_if = bottom.opname == "POP_JUMP_IF_TRUE"
    exits_when_jumping = regions.block(bottom.jump_target) == exit_block
    go = condition if jump_if != (regions.block(ins.jump_target) != loop.header) else \
        tf.logical_not(condition)

    def next_flag(value):
        value = scalar_condition(frame, value, bottom)
        if not isinstance(value, tf.Tensor):
            value = tf.constant(bool(value))
        truth_jumps = value if bottom_jump_if else tf.logical_not(value)
        return tf.logical_not(truth_jumps) if exits_when_jumping else truth_jumps

    if regions.block(ins.jump_target if regions.block(ins.jump_target) != loop.header
                     else ins.next_offset) != exit_block:
        frame.fail("a loop on a tensor whose first test leaves elsewhere than its last",
                   ins)
    carried = [n for n in regions.stores(loop) if n in frame.locals]
    return _run_loop(frame, ins, carried, go, loop.header, frozenset({bottom.offset}),
                     lambda end: next_flag(end.stack.pop()), exit_block)


def for_range(frame, ins, symbolic_range):
    """`for i in range(n)` with a tensor bound → tf.while_loop over i."""
    regions = frame.b.regions(frame.code)
    loop = regions.loop_of(ins.next_offset)
    if loop is None or loop.header != regions.block(ins.offset) or len(loop.exits) != 1:
        frame.fail("a loop over a tensor range with `break` is not converted", ins)
    start, stop, step = symbolic_range.bounds()
    frame.pop()                                   # the range iterator
    carried = [n for n in regions.stores(loop) if n in frame.locals]
    counter = tf.convert_to_tensor(start, dtype=stop.dtype)
    go = (counter < stop) if _positive(step) else (counter > stop)

    def body_start(sub, index):
        sub.push(index)

    def after(end):
        return None

    return _run_loop(frame, ins, carried, go, ins.next_offset, frozenset({ins.offset}),
                     after, bytecode.for_iter_exit(frame.instructions, ins),
                     counter=(counter, step, stop), body_start=body_start)


def _positive(step):
    if isinstance(step, tf.Tensor):
        raise_unless = tf.get_static_value(step)
        if raise_unless is None:
            raise ValueError("range step must be known when building")
        step = int(raise_unless)
    return step > 0


def _run_loop(frame, ins, carried, go, body_offset, stop, flag_of, exit_offset,
              counter=None, body_start=None):
    from .builder import is_symbolic
    b = frame.b
    initial = []
    for name in carried:
        value = frame.locals[name]
        if not (is_symbolic(value) or type(value) in PYTHON_NUMBERS):
            frame.fail(f"local {name!r} changes in a loop on a tensor but is a "
                       f"{type(value).__name__}", ins)
        initial.append(tf.convert_to_tensor(value))

    stays_number = {}

    def body(flag, index, *values):
        sub = frame.fork()
        sub.locals.update(zip(carried, values))
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
            value = end.locals.get(name)
            if value is None or not (is_symbolic(value) or type(value) in PYTHON_NUMBERS):
                frame.fail(f"local {name!r} is not a number or tensor after a loop body",
                           ins)
            stays_number[name] = type(value) in PYTHON_NUMBERS
            out.append(tf.cast(tf.convert_to_tensor(value), before.dtype)
                       if type(value) in PYTHON_NUMBERS else value)
        return [flag, next_index, *out]

    index0 = counter[0] if counter is not None else tf.constant(0)
    b.region_depth += 1
    try:
        results = tf.while_loop(lambda flag, *_: flag, body, [go, index0, *initial])
    finally:
        b.region_depth -= 1
    for name, value in zip(carried, results[2:]):
        before = frame.locals[name]
        if type(before) in PYTHON_NUMBERS:
            b.promote(value, type(before) if stays_number.get(name) else MIXED)
        frame.locals[name] = value
    return exit_offset


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
