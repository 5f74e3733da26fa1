"""Basic blocks, dominators, post-dominators and loops: of adjacency dicts, exactly, and
of real 3.13 functions, against the offsets bytecode.decode reports."""

import argparse
import dis as dis_module
import types

import pytest

from janus.frontend import bytecode
from janus.frontend.cfg import EXIT, ControlFlowGraph, Loop


def offsets(fn, *opnames):
    return [i.offset for i in bytecode.decode(fn.__code__) if i.opname in opnames]


def instruction(fn, opname):
    (ins,) = [i for i in bytecode.decode(fn.__code__) if i.opname == opname]
    return ins


def code_objects(code):
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from code_objects(const)


# -- graphs from adjacency dicts ---------------------------------------------------------

def test_diamond():
    g = ControlFlowGraph(0, {0: [1, 2], 1: [3], 2: [3], 3: []})
    assert g.blocks[3].predecessors == (1, 2)
    assert g.dominators() == {0: {0}, 1: {0, 1}, 2: {0, 2}, 3: {0, 3}}
    assert g.immediate_dominators() == {1: 0, 2: 0, 3: 0}
    assert g.post_dominators() == {0: {0, 3, EXIT}, 1: {1, 3, EXIT}, 2: {2, 3, EXIT},
                                   3: {3, EXIT}}
    assert g.immediate_post_dominators() == {0: 3, 1: 3, 2: 3, 3: EXIT}
    assert g.branch_join(0) == 3
    assert g.topological_order() == [0, 1, 2, 3]
    assert g.back_edges() == set() and g.loops() == {}
    assert g.is_reducible()


def test_post_dominator_differs_from_dominator():
    # 2 returns early through 4, so 3 dominates nothing but 0 only reaches 4 for sure.
    g = ControlFlowGraph(0, {0: [1, 2], 1: [3], 2: [3, 4], 3: [4], 4: []})
    assert g.immediate_dominators() == {1: 0, 2: 0, 3: 0, 4: 0}
    assert g.immediate_post_dominators() == {0: 4, 1: 3, 2: 4, 3: 4, 4: EXIT}
    assert g.branch_join(0) == 4
    assert g.branch_join(2) == 4


def test_arms_that_only_meet_by_leaving_join_at_exit():
    g = ControlFlowGraph(0, {0: [1, 2], 1: [], 2: []})
    assert g.branch_join(0) == EXIT
    assert g.post_dominators()[0] == {0, EXIT}


def test_loop_with_break():
    # 1: while header, 2: `if ...: break`, 3: the break, 4: latch, 5: after the loop.
    g = ControlFlowGraph(0, {0: [1], 1: [2, 5], 2: [3, 4], 3: [5], 4: [1], 5: []})
    assert g.back_edges() == {(4, 1)}
    assert g.loops() == {1: Loop(header=1, body=frozenset({1, 2, 4}),
                                 latches=frozenset({4}),
                                 exits=frozenset({(1, 5), (2, 3)}),
                                 entries=frozenset({0}))}
    assert g.immediate_post_dominators() == {0: 1, 1: 5, 2: 5, 3: 5, 4: 1, 5: EXIT}
    assert g.branch_join(2) == 5
    assert g.topological_order() == [0, 1, 2, 3, 4, 5]
    assert g.loop_nesting() == {1: None}


def test_nested_loops():
    g = ControlFlowGraph(0, {0: [1], 1: [2, 6], 2: [3], 3: [4, 5], 4: [3], 5: [1], 6: []})
    assert g.back_edges() == {(4, 3), (5, 1)}
    loops = g.loops()
    assert sorted(loops) == [1, 3]
    assert loops[1].body == {1, 2, 3, 4, 5} and loops[1].exits == {(1, 6)}
    assert loops[3].body == {3, 4} and loops[3].exits == {(3, 5)}
    assert loops[3].entries == {2}
    assert g.loop_nesting() == {1: None, 3: 1}
    assert g.in_loops(4) == [3, 1]
    assert g.in_loops(2) == [1]
    assert g.in_loops(6) == []


def test_several_latches_make_one_loop():
    # `continue` in the body: 3 and 4 both jump back to 1.
    g = ControlFlowGraph(0, {0: [1], 1: [2, 5], 2: [3, 4], 3: [1], 4: [1], 5: []})
    assert g.back_edges() == {(3, 1), (4, 1)}
    assert g.loops() == {1: Loop(1, frozenset({1, 2, 3, 4}), frozenset({3, 4}),
                                 frozenset({(1, 5)}), frozenset({0}))}
    assert g.branch_join(2) == 1


def test_self_loop():
    g = ControlFlowGraph(0, {0: [1], 1: [1, 2], 2: []})
    assert g.back_edges() == {(1, 1)}
    assert g.loops()[1].body == {1}
    assert g.loops()[1].latches == {1}


def test_irreducible_cycle_has_no_natural_loop():
    # 1 and 2 form a cycle entered at both: neither dominates the other.
    g = ControlFlowGraph(0, {0: [1, 2], 1: [2], 2: [1, 3], 3: []})
    assert g.immediate_dominators() == {1: 0, 2: 0, 3: 2}
    assert g.back_edges() == set() and g.loops() == {}
    assert not g.is_reducible()
    assert g.immediate_post_dominators() == {0: 2, 1: 2, 2: 3, 3: EXIT}


def test_infinite_loop_still_has_post_dominators():
    # while True: if ...: 2 else: 3; 4 jumps back.  The latch is linked to EXIT.
    g = ControlFlowGraph(0, {0: [1], 1: [2, 3], 2: [4], 3: [4], 4: [1]})
    assert g.loops()[1].exits == set()
    assert g.immediate_post_dominators() == {0: 1, 1: 4, 2: 4, 3: 4, 4: EXIT}
    assert g.branch_join(1) == 4


def test_unreachable_block_is_left_out_of_the_analyses():
    g = ControlFlowGraph(0, {0: [1], 1: [], 2: [1]})
    assert g.blocks[1].predecessors == (0, 2)
    assert g.reachable() == {0, 1}
    assert g.dead_blocks() == {2}
    assert g.dominators() == {0: {0}, 1: {0, 1}}
    assert g.post_dominators() == {0: {0, 1, EXIT}, 1: {1, EXIT}}
    assert g.topological_order() == [0, 1]


def test_exception_edges_are_not_normal_edges():
    g = ControlFlowGraph(0, {0: [1], 1: [], 2: [3], 3: []}, exception_edges={0: 2})
    assert g.exception_edges() == {(0, 2)}
    assert g.blocks[0].handler == 2 and g.blocks[0].successors == (1,)
    assert g.blocks[2].predecessors == ()
    assert g.dead_blocks() == set()
    assert set(g.dominators()) == set(g.post_dominators()) == {0, 1}


def test_bad_graphs_and_calls_name_the_block():
    with pytest.raises(ValueError, match="successor 7 of block 1 is not a block"):
        ControlFlowGraph(0, {0: [1], 1: [7]})
    with pytest.raises(ValueError, match="entry 5 is not a block"):
        ControlFlowGraph(5, {0: []})
    with pytest.raises(ValueError, match="exception edge 0 -> 9"):
        ControlFlowGraph(0, {0: []}, exception_edges={0: 9})
    with pytest.raises(ValueError, match="block 1 is not a branch"):
        ControlFlowGraph(0, {0: [1], 1: []}).branch_join(1)


# -- graphs of real 3.13 functions ---------------------------------------------------------

def test_if_else_joins_at_the_block_after_it():
    def f(x):
        if x > 0:
            y = 1
        else:
            y = 2
        z = y * 2
        z = z + 1
        return z

    g = ControlFlowGraph.from_code(f.__code__)
    branch = instruction(f, "POP_JUMP_IF_FALSE")
    join = instruction(f, "JUMP_FORWARD").jump_target
    assert len(g.blocks) == 4
    assert g.blocks[0].successors == (branch.next_offset, branch.jump_target)
    assert g.branch_join(0) == join
    assert g.blocks[join].predecessors == (branch.next_offset, branch.jump_target)
    assert g.loops() == {}
    assert g.topological_order() == sorted(g.blocks)


def test_if_else_ending_in_return_has_no_join():
    # 3.13 copies a small exit block (<= 4 instructions) into each predecessor, so
    # both arms end with their own `return y` and only meet at EXIT.
    def f(x):
        if x > 0:
            y = 1
        else:
            y = 2
        return y

    g = ControlFlowGraph.from_code(f.__code__)
    assert len(offsets(f, "RETURN_VALUE")) == 2
    assert len(g.blocks) == 3
    assert g.branch_join(0) == EXIT


def test_for_loop_with_if_inside():
    def f(xs):
        s = 0
        for x in xs:
            if x > 0:
                s += x
        return s

    g = ControlFlowGraph.from_code(f.__code__)
    for_iter = instruction(f, "FOR_ITER")
    (end_for,) = offsets(f, "END_FOR")
    # dis reports END_FOR as FOR_ITER's exit target; the edge goes to its block.
    assert for_iter.jump_target == end_for
    assert set(offsets(f, "JUMP_BACKWARD")) == {
        i.offset for i in bytecode.decode(f.__code__) if i.jump_target == for_iter.offset}
    header = g.block_at(for_iter.offset)
    assert header == for_iter.offset
    assert g.blocks[header].successors == (for_iter.next_offset, end_for)
    assert len(g.blocks) == 6
    (loop,) = g.loops().values()
    assert loop.header == header
    assert loop.latches == {g.block_at(o) for o in offsets(f, "JUMP_BACKWARD")}
    assert loop.exits == {(header, end_for)}
    assert loop.entries == {0}
    # the `if` inside: both arms go back to the header
    inner_if = g.block_at(instruction(f, "POP_JUMP_IF_TRUE").offset)
    assert g.branch_join(inner_if) == header
    assert g.branch_join(header) == end_for


def test_while_loop_is_inverted():
    # 3.13 compiles `while c: body` as `if c: do { body } while (c)`: the test is
    # emitted twice, and the loop header is the body's first block, not the test.
    def f(n):
        i = 0
        while i < n:
            i += 1
        return i

    g = ControlFlowGraph.from_code(f.__code__)
    first_test, loop_test = offsets(f, "POP_JUMP_IF_FALSE")
    (back,) = offsets(f, "JUMP_BACKWARD")
    header = instruction(f, "JUMP_BACKWARD").jump_target
    after = instruction(f, "JUMP_BACKWARD").next_offset
    assert len(g.blocks) == 4
    assert g.blocks[0].successors == (header, after)       # zero trips: straight out
    assert g.loops() == {header: Loop(header, frozenset({header, back}), frozenset({back}),
                                      frozenset({(header, after)}), frozenset({0}))}
    assert g.block_at(first_test) == 0 and g.block_at(loop_test) == header
    assert g.branch_join(0) == after


def test_branch_in_an_endless_loop_joins_before_the_latch():
    def f(n):
        while True:
            n += 1
            if n > 3:
                n = 0
            else:
                n = 1

    g = ControlFlowGraph.from_code(f.__code__)
    back = instruction(f, "JUMP_BACKWARD")
    (loop,) = g.loops().values()
    assert loop.header == back.jump_target and loop.exits == set()
    assert g.branch_join(g.block_at(instruction(f, "POP_JUMP_IF_FALSE").offset)) == \
        back.offset
    assert g.immediate_post_dominators()[back.offset] == EXIT


def test_continue_in_a_while_loop_makes_two_natural_loops():
    # The inverted loop's `continue` jumps back to the test, its bottom jumps back to the
    # body: one source loop, two headers, nested.
    def f(n):
        t = 0
        for i in range(n):
            j = 0
            while j < i:
                j += 1
                if j == 5:
                    continue
                t += j
        return t

    g = ControlFlowGraph.from_code(f.__code__)
    outer = instruction(f, "FOR_ITER").offset
    targets = {i.jump_target for i in bytecode.decode(f.__code__)
               if i.opname == "JUMP_BACKWARD"}
    assert set(g.loops()) == targets and len(targets) == 3
    test, body = sorted(targets - {outer})
    assert g.loop_nesting() == {outer: None, test: outer, body: test}
    assert g.is_reducible()


def test_try_except_handler_is_reached_only_by_an_exception_edge():
    def f(fn):
        try:
            r = fn()
        except ValueError:
            r = 0
        return r

    g = ControlFlowGraph.from_code(f.__code__)
    entries = list(dis_module.Bytecode(f.__code__).exception_entries)
    handler = entries[0].target
    body = g.block_at(entries[0].start)
    assert (body, handler) in g.exception_edges()
    assert g.blocks[body].handler == handler
    assert all(handler not in b.successors for b in g.blocks.values())
    assert handler not in g.reachable() and handler not in g.dominators()
    assert g.dead_blocks() == set()
    # entry, try body, return; handler, its two arms, the bare RERAISE, the cleanup
    assert len(g.blocks) == 8
    assert g.reachable() == {0, body, g.blocks[body].successors[0]}


def test_conditional_expression():
    def f(c, a, b):
        z = a if c else b
        z = z + 1
        z = z * 2
        return z

    g = ControlFlowGraph.from_code(f.__code__)
    store = instruction(f, "JUMP_FORWARD").jump_target
    assert g.blocks[store].instructions[0].opname == "STORE_FAST"
    assert len(g.blocks) == 4
    assert g.branch_join(0) == store


def test_and_or_short_circuit():
    def f(a, b, c):
        return (a and b) or c

    g = ControlFlowGraph.from_code(f.__code__)
    and_jump = instruction(f, "POP_JUMP_IF_FALSE")
    or_jump = instruction(f, "POP_JUMP_IF_TRUE")
    assert len(g.blocks) == 5
    assert g.branch_join(0) == and_jump.jump_target == g.block_at(or_jump.offset)
    assert g.branch_join(and_jump.jump_target) == or_jump.jump_target
    assert g.topological_order() == sorted(g.blocks)


def test_jump_to_an_extended_arg_lands_on_its_instruction():
    # A loop body over 255 code units needs EXTENDED_ARG before FOR_ITER and
    # JUMP_BACKWARD; dis makes the jump target the prefix, decode() the FOR_ITER.
    source = "def f(xs):\n    s = 0\n    for x in xs:\n" + "        s += x\n" * 100 + \
             "    return s\n"
    namespace = {}
    exec(source, namespace)
    f = namespace["f"]
    for_iter = instruction(f, "FOR_ITER")
    back = instruction(f, "JUMP_BACKWARD")
    assert back.jump_target == for_iter.offset
    g = ControlFlowGraph.from_code(f.__code__)
    assert list(g.loops()) == [for_iter.offset]
    assert g.block_at(back.jump_target) == for_iter.offset
    assert g.loops()[for_iter.offset].latches == {g.block_at(back.offset)}


def test_blocks_partition_real_code_and_every_analysis_covers_it():
    for module in (argparse, dis_module):
        with open(module.__file__) as source:
            top = compile(source.read(), module.__file__, "exec")
        for code in code_objects(top):
            g = ControlFlowGraph.from_code(code)
            where = f"{module.__name__}:{code.co_qualname}\n{g.dump()}"
            blocks = [i for b in g.blocks.values() for i in b.instructions]
            assert blocks == list(bytecode.decode(code)), where
            assert g.is_reducible(), where
            assert g.dead_blocks() == set(), where
            assert set(g.post_dominators()) == g.reachable(), where
            assert set(g.topological_order()) == g.reachable(), where
            for header, loop in g.loops().items():
                assert all(header in g.dominators()[b] for b in loop.body), where
