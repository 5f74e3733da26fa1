"""Decisions on tensors → an asserted assumption, a tf.cond, or a tf.while_loop.

The builder calls `decide` when a conditional jump depends on a value the graph
computes.  What happens depends on the profile of the interpreted calls:

- one direction only, outside any cond or loop body: follow it, and add an in-graph
  assertion that the graph checks at run time (the paper's AssertOp).  When it fails the
  executor falls back and marks the decision relaxed, so the next graph builds a cond;
- both directions seen, no profile (inlined callees), or relaxed: build a tf.cond whose
  two branches are converted from bytecode and merge at the branch's immediate
  post-dominator, or a tf.while_loop when the decision is a loop's test.

A condition no data decides (graph/static_values.py: a counter from a constant against a
Python int, static dimensions compared) is taken while building, with no assertion.

The cond itself is built by branches.py, the loops by loops.py.
"""

import tensorflow as tf

from ..frontend import cfg as cfg_module
from ..graph.static_values import static_value
from . import branches, loops
from .branches import MIXED, scalar_condition
from .loops import SymbolicRange, TensorIteration, iterate_tensor

__all__ = ["MIXED", "SymbolicRange", "TensorIteration", "decide", "iterate_tensor",
           "for_loop", "scalar_condition", "Regions"]
for_loop = loops.for_loop


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

    def read_after(self, loop, names, starts=None):
        """Those of `names` that code after the loop may read: a load of them in any
        block outside the loop reachable from its exits (or from `starts`)."""
        names, found = set(names), set()
        todo = [self.block(s) for s in starts] if starts is not None else \
            [dst for _, dst in loop.exits]
        seen = set()
        while todo and names - found:
            start = todo.pop()
            if start in seen or start in loop.body:
                continue
            seen.add(start)
            block = self.graph.blocks[start]
            for ins in block.instructions:
                if ins.opname.startswith("LOAD_FAST") or ins.opname == "STORE_FAST_LOAD_FAST":
                    read = ins.argval if type(ins.argval) is tuple else (ins.argval,)
                    found.update(n for n in read if n in names)
            todo.extend(block.successors)
            if block.handler is not None:
                todo.append(block.handler)
        return [n for n in names if n in found]

    def common_join(self, blocks):
        """The nearest block every path from each of `blocks` goes through (EXIT when
        they only meet by leaving the function)."""
        post = self.graph.post_dominators()
        common = set.intersection(*(set(post[b]) for b in blocks))
        common.discard(cfg_module.EXIT)
        if not common:
            return cfg_module.EXIT
        return max(common, key=lambda b: len(post[b]))

    def always_raises(self, offset):
        """True when the code from `offset` can only end in a `raise` (the block ends
        in RAISE_VARARGS and nothing else follows it)."""
        block = self.graph.blocks[self.block(offset)]
        return not block.successors and block.instructions[-1].opname == "RAISE_VARARGS"

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
    decided = static_value(condition)
    if decided is not None:
        # No data decides it (`t < STEPS` of a counter from a constant): taken now, as
        # eager takes it, and a `while` on it runs as eager's loop does.
        return ins.jump_target if bool(decided) == jump_if else ins.next_offset
    key = (frame.code, ins.offset)
    regions = b.cfg_regions(frame.code)
    direction = b.profiled_direction(frame.code, ins.offset)
    if direction is not None and b.open_regions.depth == 0 and key not in b.plan.relaxed:
        truth = jump_if if direction else not jump_if
        b.assume(condition if truth else tf.logical_not(condition), key)
        return ins.jump_target if direction else ins.next_offset
    jump_block, fall_block = regions.block(ins.jump_target), regions.block(ins.next_offset)
    entered = regions.loop_entered_by(ins.offset, (jump_block, fall_block))
    if entered is not None:            # the test before a rotated `while`
        enters_by_jumping = jump_block == entered.header
        go = condition if jump_if == enters_by_jumping else tf.logical_not(condition)
        leave = fall_block if enters_by_jumping else jump_block
        return loops.while_loop(frame, ins, go, entered, regions, leave)
    loop = regions.loop_of(ins.offset)
    if loop is not None and loops.is_test(regions, loop, regions.block(ins.offset)):
        # The loop's exit test: the first pass ran as straight-line code; the rest is a
        # while loop whose flag this decision sets.
        stays_by_jumping = jump_block in loop.body
        go = condition if jump_if == stays_by_jumping else tf.logical_not(condition)
        return loops.while_loop(frame, ins, go, loop, regions, None)
    join = regions.join(ins.offset)
    if join is None:
        frame.fail("a branch on a tensor whose arms never meet", ins)
    true_start = ins.jump_target if jump_if else ins.next_offset
    false_start = ins.next_offset if jump_if else ins.jump_target
    return branches.branch(frame, ins, condition, branches.from_offset(true_start),
                           branches.from_offset(false_start), join)



