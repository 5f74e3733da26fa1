"""Decoded instructions → basic blocks, edges, dominators, post-dominators, loops.

Blocks are keyed by the offset of their first instruction. A graph is built from a code
object (`ControlFlowGraph.from_code`) or, for tests, from an adjacency dict as Numba's
controlflow tests do (`ControlFlowGraph(0, {0: [2, 4], 2: [6], 4: [6], 6: []})`).

Two kinds of edges are kept apart:
- normal successors: fall-through, jumps and conditional branches;
- exception edges (`exception_edges()`): from a block covered by the exception table to
  its handler. Blocks are split at exception-range boundaries, so each block has at most
  one handler (3.11+ tables are flat: an offset maps to at most one handler).

Every analysis below (dominators, post-dominators, loops, topological order) walks
normal edges only, from the entry, so a handler and whatever only a handler reaches are
absent from their results. An exception leaves the structured region rather than
branching inside it; counting exception edges would make every block of a `try` body a
branch and move the joins of its `if`s to the handler.
"""

import bisect
import dis
import functools
import types
from dataclasses import dataclass
from functools import cached_property

from . import bytecode

# The virtual exit node of post-dominator analysis: every return/raise block flows into
# it. Offsets are never negative, so it cannot name a real block.
EXIT = -1

# What ends a basic block (3.13 opnames; JUMP and JUMP_NO_INTERRUPT are pseudo-ops that
# never appear in real code, listed so a hand-made instruction list still splits).
TERMINATORS = frozenset({"RETURN_VALUE", "RETURN_CONST", "RAISE_VARARGS", "RERAISE"})
UNCONDITIONAL_JUMPS = bytecode.BACKWARD_JUMPS | {"JUMP_FORWARD", "JUMP",
                                                  "JUMP_NO_INTERRUPT"}
# Successors are (fall-through, jump target). FOR_ITER's target, as dis reports it, is the
# END_FOR after the loop; 3.13 really resumes two instructions later (past END_FOR and
# POP_TOP, having popped the iterator itself), but the compiler's stack accounting is the
# one through END_FOR, so the edge goes to the END_FOR block. SEND's target is END_SEND.
BRANCHES = bytecode.CONDITIONAL_BRANCHES | {"SEND"}
_ENDS_BLOCK = TERMINATORS | UNCONDITIONAL_JUMPS | BRANCHES


@dataclass(frozen=True, slots=True)
class Block:
    start: int                     # offset of the first instruction: the block's key
    successors: tuple[int, ...]    # normal edges; for a branch: (fall-through, target)
    predecessors: tuple[int, ...]  # normal edges, in offset order
    instructions: tuple = ()       # bytecode.Instruction records; () when built from a dict
    handler: int | None = None     # exception-table target covering this block


@dataclass(frozen=True, slots=True)
class Loop:
    """A natural loop: the header and every block that reaches a latch without passing
    through the header. Back edges sharing a header make one loop."""
    header: int
    body: frozenset[int]                 # includes the header and the latches
    latches: frozenset[int]              # sources of back edges to the header
    exits: frozenset[tuple[int, int]]    # (block in body, successor outside the body)
    entries: frozenset[int]              # predecessors of the header outside the body


class ControlFlowGraph:
    """Basic blocks of one code object (or of an adjacency dict) and analyses over them.

    `successors` maps every block to its normal successors; `exception_edges` maps a
    block to its handler block. Both name only blocks that are keys of `successors`.
    """

    def __init__(self, entry: int, successors: dict, exception_edges: dict | None = None,
                 instructions: dict | None = None):
        handlers = exception_edges or {}
        instructions = instructions or {}
        if entry not in successors:
            raise ValueError(f"entry {entry} is not a block (blocks: {sorted(successors)})")
        preds: dict[int, list[int]] = {b: [] for b in successors}
        succs: dict[int, tuple[int, ...]] = {}
        for block, targets in successors.items():
            # dict.fromkeys: drop a repeated target (a branch whose two edges meet) in order
            succs[block] = tuple(dict.fromkeys(targets))
            for target in succs[block]:
                if target not in successors:
                    raise ValueError(f"successor {target} of block {block} is not a block")
                preds[target].append(block)
        for block, handler in handlers.items():
            if block not in successors or handler not in successors:
                raise ValueError(f"exception edge {block} -> {handler} names a "
                                 "missing block")
        self.entry = entry
        self.blocks: dict[int, Block] = {
            b: Block(b, succs[b], tuple(sorted(preds[b])), tuple(instructions.get(b, ())),
                     handlers.get(b))
            for b in sorted(successors)}

    @classmethod
    def from_code(cls, code: types.CodeType) -> "ControlFlowGraph":
        """Split `code` at jump targets, handler targets, exception-range boundaries and
        after every jump, branch, return and raise."""
        instructions = bytecode.decode(code)
        ranges = dis.Bytecode(code).exception_entries   # end is exclusive
        snap = functools.partial(_snap, [ins.offset for ins in instructions])
        starts = {instructions[0].offset}
        for ins in instructions:
            if ins.jump_target is not None:
                starts.add(snap(ins.jump_target))
            if ins.opname in _ENDS_BLOCK:
                starts.add(ins.next_offset)
        for entry in ranges:
            starts.update((snap(entry.start), snap(entry.end), snap(entry.target)))

        body: dict[int, list] = {}
        current = None
        for ins in instructions:
            if ins.offset in starts:
                current = body[ins.offset] = []
            current.append(ins)
        successors, handlers = {}, {}
        for start, block in body.items():
            last = block[-1]
            if last.opname in TERMINATORS:
                successors[start] = []
            elif last.opname in UNCONDITIONAL_JUMPS:
                successors[start] = [snap(last.jump_target)]
            elif last.opname in BRANCHES:
                successors[start] = [last.next_offset, snap(last.jump_target)]
            else:
                successors[start] = [last.next_offset]
            for entry in ranges:
                if snap(entry.start) <= start < snap(entry.end):
                    handlers[start] = snap(entry.target)
        return cls(instructions[0].offset, successors, handlers, body)

    def block_at(self, offset: int) -> int:
        """The start of the block holding the instruction at `offset`, or whose
        EXTENDED_ARG prefix starts at `offset` (where jumps land)."""
        if self._offsets:
            offset = _snap(self._offsets, offset)
        starts = list(self.blocks)
        index = bisect.bisect_right(starts, offset) - 1
        if index < 0 or (self._offsets and offset > self._offsets[-1]):
            raise KeyError(f"no block holds offset {offset}")
        return starts[index]

    @cached_property
    def _offsets(self):
        return [i.offset for b in self.blocks.values() for i in b.instructions]

    def exception_edges(self) -> frozenset[tuple[int, int]]:
        """{(block, handler)}: edges taken only when an instruction of block raises."""
        return frozenset((b.start, b.handler) for b in self.blocks.values()
                         if b.handler is not None)

    def dump(self) -> str:
        """One line per block, for assertion messages and debugging."""
        lines = []
        for b in self.blocks.values():
            ops = " ".join(i.opname for i in b.instructions)
            handler = f" !{b.handler}" if b.handler is not None else ""
            lines.append(f"{b.start:>4}: -> {list(b.successors)}{handler}  {ops}".rstrip())
        return "\n".join(lines)

    # -- reachability and order --------------------------------------------------------

    def reachable(self) -> frozenset[int]:
        """Blocks reachable from the entry on normal edges: what the analyses cover."""
        return self._reachable

    @cached_property
    def _reachable(self):
        return frozenset(self._postorder)

    def dead_blocks(self) -> frozenset[int]:
        """Blocks reachable from the entry on no path, normal and exception edges alike."""
        return self._dead_blocks

    @cached_property
    def _dead_blocks(self):
        return self._find_dead_blocks()

    def _find_dead_blocks(self):
        seen, stack = set(), [self.entry]
        while stack:
            block = self.blocks[stack.pop()]
            if block.start not in seen:
                seen.add(block.start)
                stack.extend(block.successors)
                if block.handler is not None:
                    stack.append(block.handler)
        return frozenset(self.blocks) - seen

    def topological_order(self) -> list[int]:
        """Reachable blocks in reverse post-order of a depth-first walk. Every edge goes
        forward in it except retreating edges, which are exactly the back edges when the
        graph is reducible (`is_reducible`). The walk takes successors last-first, so a
        branch's fall-through comes before its target: offset order for structured code."""
        return list(reversed(self._postorder))

    @cached_property
    def _postorder(self):
        return _postorder(self.entry, lambda b: self.blocks[b].successors[::-1])

    def is_reducible(self) -> bool:
        """True when every cycle is entered through one header that dominates it, i.e.
        every edge going backward in `topological_order` is a back edge."""
        return self._is_reducible

    @cached_property
    def _is_reducible(self):
        return self._find_is_reducible()

    def _find_is_reducible(self):
        index = {b: i for i, b in enumerate(self.topological_order())}
        back = self.back_edges()
        return all((b, s) in back for b in index for s in self.blocks[b].successors
                   if index[s] <= index[b])

    # -- dominators ----------------------------------------------------------------------

    def dominators(self) -> dict[int, frozenset[int]]:
        """{block: blocks that dominate it, itself included}, for reachable blocks.
        D dominates N when every path from the entry to N goes through D."""
        return self._dominators

    @cached_property
    def _dominators(self):
        return _tree_to_sets(self.immediate_dominators(), self.topological_order())

    def immediate_dominators(self) -> dict[int, int]:
        """{block: its immediate dominator}, for reachable blocks other than the entry.
        The immediate dominator of N is the dominator of N that every other strict
        dominator of N dominates: N's parent in the dominator tree."""
        return self._immediate_dominators

    @cached_property
    def _immediate_dominators(self):
        return self._find_immediate_dominators()

    def _find_immediate_dominators(self):
        return _immediate_dominators(self.entry, self._postorder,
                                     lambda b: self.blocks[b].predecessors)

    def post_dominators(self) -> dict[int, frozenset[int]]:
        """{block: blocks that post-dominate it, itself and EXIT included} (EXIT is not a
        key). P post-dominates N when every path from N to the exit goes through P.

        The exit is the virtual node EXIT (-1), successor of every reachable block with
        no successors (returns and raises). A loop with no exit (`while True:` without
        break or return) would never reach it, so its latches are linked to EXIT. Numba
        links every body block; linking only the latches keeps the joins of branches
        inside such a loop where they are. Blocks that still cannot reach EXIT (possible
        only in an irreducible graph) are absent."""
        return self._post_dominators

    @cached_property
    def _post_dominators(self):
        sets = _tree_to_sets(self.immediate_post_dominators(),
                             reversed(self._reversed_graph[2]))
        del sets[EXIT]
        return sets

    def immediate_post_dominators(self) -> dict[int, int]:
        """{block: its immediate post-dominator}, which is EXIT for returns and raises
        and for blocks whose paths leave the function by different exits."""
        return self._immediate_post_dominators

    @cached_property
    def _immediate_post_dominators(self):
        return self._find_immediate_post_dominators()

    def _find_immediate_post_dominators(self):
        _, successors, postorder = self._reversed_graph
        return _immediate_dominators(EXIT, postorder, successors.get)

    @cached_property
    def _reversed_graph(self):
        """(predecessors, successors, post-order from EXIT) of the reachable graph with
        EXIT added: post-dominators are the dominators of this graph reversed."""
        reachable = self.reachable()
        predecessors = {b: [p for p in self.blocks[b].predecessors if p in reachable]
                        for b in reachable}
        successors = {b: list(self.blocks[b].successors) for b in reachable}
        predecessors[EXIT] = [b for b in sorted(reachable) if not successors[b]]
        for loop in self.loops().values():
            if not loop.exits:
                predecessors[EXIT].extend(sorted(loop.latches))
        for b in predecessors[EXIT]:
            successors[b].append(EXIT)
        # Walking the reversed graph from EXIT follows real predecessors.
        return predecessors, successors, _postorder(EXIT, predecessors.get)

    def branch_join(self, block: int) -> int | None:
        """Where the paths leaving branch `block` meet again: its immediate
        post-dominator, the block where a tf.cond merges locals. EXIT when the arms
        only meet by leaving the function; None when `block` cannot reach the exit."""
        if len(self.blocks[block].successors) < 2:
            raise ValueError(f"block {block} is not a branch: its successors are "
                             f"{list(self.blocks[block].successors)}")
        return self.immediate_post_dominators().get(block)

    # -- loops -----------------------------------------------------------------------------

    def back_edges(self) -> frozenset[tuple[int, int]]:
        """{(latch, header)}: the edges whose target dominates their source."""
        return self._back_edges

    @cached_property
    def _back_edges(self):
        return self._find_back_edges()

    def _find_back_edges(self):
        doms = self.dominators()
        return frozenset((b, s) for b in self.reachable() for s in self.blocks[b].successors
                         if s in doms[b])

    def loops(self) -> dict[int, Loop]:
        """{header: Loop} for the natural loops, by header offset."""
        return self._loops

    @cached_property
    def _loops(self):
        return self._find_loops()

    def _find_loops(self):
        latches: dict[int, set[int]] = {}
        for latch, header in self.back_edges():
            latches.setdefault(header, set()).add(latch)
        loops = {}
        for header in sorted(latches):
            # Walk predecessors back from the latches; the header stops the walk.
            body, stack = {header}, list(latches[header])
            while stack:
                b = stack.pop()
                if b not in body:
                    body.add(b)
                    stack.extend(p for p in self.blocks[b].predecessors
                                 if p in self.reachable())
            exits = {(b, s) for b in body for s in self.blocks[b].successors
                     if s not in body}
            entries = {p for p in self.blocks[header].predecessors
                       if p not in body and p in self.reachable()}
            loops[header] = Loop(header, frozenset(body), frozenset(latches[header]),
                                 frozenset(exits), frozenset(entries))
        return loops

    def loop_nesting(self) -> dict[int, int | None]:
        """{header: header of the innermost loop enclosing it, or None at top level}."""
        return self._loop_nesting

    @cached_property
    def _loop_nesting(self):
        return {h: next((outer for outer in self.in_loops(h) if outer != h), None)
                for h in self.loops()}

    def in_loops(self, block: int) -> list[int]:
        """Headers of the loops whose body holds `block`, innermost first."""
        # Natural loops with different headers are nested or disjoint, so the smaller
        # body is the inner loop.
        holding = [loop for loop in self.loops().values() if block in loop.body]
        return [loop.header for loop in sorted(holding, key=lambda l: len(l.body))]


def _snap(offsets, offset):
    """The instruction offset for a jump or exception-table offset. A jump to an
    instruction with EXTENDED_ARG prefixes lands on the first prefix (dis calls it
    start_offset), which bytecode.decode folds away: move it to the instruction."""
    index = bisect.bisect_left(offsets, offset)
    return offsets[index] if index < len(offsets) else offset


def _postorder(root, successors) -> list:
    """Nodes reachable from root in depth-first post-order, successors taken in the
    order given."""
    order, seen = [], {root}
    stack = [(root, iter(successors(root) or ()))]
    while stack:
        node, pending = stack[-1]
        for nxt in pending:
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, iter(successors(nxt) or ())))
                break
        else:
            stack.pop()
            order.append(node)
    return order


def _immediate_dominators(root, postorder, predecessors) -> dict:
    """Cooper, Harvey & Kennedy, "A Simple, Fast Dominance Algorithm" (2001), the
    algorithm networkx and Numba use: iterate over reverse post-order, intersecting
    the dominator-tree paths of the predecessors already placed."""
    index = {node: i for i, node in enumerate(postorder)}
    idom = {root: root}

    def intersect(a, b):
        while a != b:
            while index[a] < index[b]:
                a = idom[a]
            while index[b] < index[a]:
                b = idom[b]
        return a

    changed = True
    while changed:
        changed = False
        for node in reversed(postorder[:-1]):   # the root is last in post-order
            placed = (p for p in predecessors(node) if p in idom)
            new = functools.reduce(intersect, placed)
            if idom.get(node) != new:
                idom[node] = new
                changed = True
    del idom[root]
    return idom


def _tree_to_sets(idom, order) -> dict:
    """{node: itself and its ancestors in the tree given as parent links}; `order` puts
    each parent before its children, the root first."""
    sets = {}
    for node in order:
        parent = idom.get(node)
        sets[node] = frozenset({node}) | sets.get(parent, frozenset())
    return sets
