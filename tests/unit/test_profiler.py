"""Profiles of small programs, exactly: branches, loops, callees, values, returns."""

import sys
import threading

import numpy as np
import pytest

import janus
import janus_ext
from janus.frontend import bytecode

TOOL = sys.monitoring.OPTIMIZER_ID

# Each test that takes tool 5 gives it back as its last step, as CPython's
# test_monitoring frees its tool; no_hook_leaks fails a test that does not.
pytestmark = pytest.mark.usefixtures("no_hook_leaks")


def offsets(fn, *opnames):
    return [i.offset for i in bytecode.decode(fn.__code__) if i.opname in opnames]


def test_if_else_inside_a_loop():
    def f(n):
        t = 0
        for i in range(n):
            if i % 3 == 0:
                t += i
            else:
                t -= 1
        return t

    janus.flag(f)
    assert (f(6), f(0)) == (-1, 0)
    p = janus.profile(f)
    [header] = offsets(f, "FOR_ITER")
    [test] = offsets(f, "POP_JUMP_IF_FALSE", "POP_JUMP_IF_TRUE")
    [call] = offsets(f, "CALL")
    assert p["calls"] == 2
    assert p["args"] == {"n": {("int", 6): 1, ("int", 0): 1}}
    # FOR_ITER continues 6 times and exits once per call.
    assert p["branches"][header] == {"not_taken": 6, "taken": 2}
    assert offsets(f, "POP_JUMP_IF_FALSE") == [test]  # jumps when the test is false
    assert p["branches"][test] == {"not_taken": 2, "taken": 4}  # i = 0, 3 are multiples
    assert p["loops"] == {header: {6: 1, 0: 1}}
    assert p["callees"] == {call: {range: 2}}
    assert p["returns"] == {("int", -1): 1, ("int", 0): 1}
    janus_ext.release()


def test_nested_loops_count_trips_per_entry():
    def f(rows):
        total = 0
        for row in rows:
            for x in row:
                total += x
        return total

    janus.flag(f)
    f([[1, 2, 3], [4], []])
    outer, inner = offsets(f, "FOR_ITER")
    assert janus.profile(f)["loops"] == {outer: {3: 1}, inner: {3: 1, 1: 1, 0: 1}}
    janus_ext.release()


def test_while_loop_counts_back_edges():
    def f(n):
        while n > 1:
            n = n // 2
        return n

    janus.flag(f)
    for n in (16, 3, 1):
        f(n)
    loops = janus.profile(f)["loops"]
    # 3.13 inverts `while`: the body runs once more than the loop's back edge is taken.
    # 16 → 4 body runs (3 back edges); 3 → 1 body run (0); 1 never enters.
    assert list(loops.values()) == [{3: 1, 0: 1}]
    janus_ext.release()


def test_break_and_return_end_a_trip():
    def f(xs):
        for x in xs:
            if x < 0:
                break
            if x == 99:
                return x
        return None

    janus.flag(f)
    f([1, 2, -1, 5])    # 2 back edges, then break
    f([99])             # return from inside the loop, no back edge
    f([1, 1])           # runs out after 2 back edges
    [header] = offsets(f, "FOR_ITER")
    assert janus.profile(f)["loops"] == {header: {2: 2, 0: 1}}
    janus_ext.release()


def test_recursion_counts_every_frame_separately():
    def fib(n):
        if n < 2:
            return n
        return fib(n - 1) + fib(n - 2)

    janus.flag(fib)
    assert fib(6) == 8
    p = janus.profile(fib)
    assert p["calls"] == 25
    [test] = offsets(fib, "POP_JUMP_IF_FALSE", "POP_JUMP_IF_TRUE")
    assert sum(p["branches"][test].values()) == 25
    assert sorted(p["branches"][test].values()) == [12, 13]
    assert list(p["callees"].values()) == [{fib: 12}, {fib: 12}]
    janus_ext.release()


def test_loops_inside_recursion_keep_per_frame_counts():
    def walk(depth):
        n = 0
        for _ in range(2):
            if depth:
                n += walk(depth - 1)
            n += 1
        return n

    janus.flag(walk)
    walk(2)
    [header] = offsets(walk, "FOR_ITER")
    assert janus.profile(walk)["loops"] == {header: {2: 7}}
    janus_ext.release()


class Counter:
    def __init__(self):
        self.count = 0
        self.weights = np.zeros((4, 8), np.float32)

    def step(self, cfg):
        self.count = self.count + cfg["inc"]
        return self.weights * cfg["lr"]


def test_method_calls_attribute_and_subscript_values():
    def run(counter, cfg):
        for _ in range(2):
            out = counter.step(cfg)
        return out

    janus.flag(run)
    janus.flag(Counter.step)
    c = Counter()
    run(c, {"inc": 1, "lr": 0.5})
    p = janus.profile(run)
    [method_call] = [o for o, callees in p["callees"].items() if Counter.step in callees]
    assert p["callees"][method_call] == {Counter.step: 2}
    assert p["returns"] == {("ndarray", "float32", (4, 8)): 1}

    s = janus.profile(Counter.step)
    assert s["calls"] == 2
    assert s["args"]["cfg"] == {("builtins.dict",): 2}
    loads = {(site["op"], site["name"]): site for site in s["loads"].values()}
    assert loads[("LOAD_ATTR", "count")]["values"] == {("int", 0): 1, ("int", 1): 1}
    assert loads[("LOAD_ATTR", "count")]["objects"] == {(f"{__name__}.Counter",): 2}
    assert loads[("LOAD_ATTR", "weights")]["values"] == {("ndarray", "float32", (4, 8)): 2}
    subscripts = [site for site in s["loads"].values() if site["op"] == "BINARY_SUBSCR"]
    assert sorted((site["keys"] for site in subscripts), key=str) == [
        {("str", "inc"): 2}, {("str", "lr"): 2}]
    assert sorted(str(site["values"]) for site in subscripts) == [
        str({("float", 0.5): 2}), str({("int", 1): 2})]
    [store] = s["stores"].values()
    assert (store["op"], store["name"]) == ("STORE_ATTR", "count")
    assert store["values"] == {("int", 1): 1, ("int", 2): 1}
    assert store["objects"] == {(f"{__name__}.Counter",): 2}
    janus_ext.release()


STEP = 0


def test_global_loads_and_stores_and_subscript_stores():
    def bump(d, key):
        global STEP
        STEP = STEP + 1
        d[key] = STEP
        return d

    janus.flag(bump)
    bump({}, "a")
    bump({}, "b")
    p = janus.profile(bump)
    # STEP is read twice: for `STEP + 1`, then after the store, for `d[key] = STEP`.
    before, after = [s for s in p["loads"].values() if s["op"] == "LOAD_GLOBAL"]
    assert (before["name"], before["values"]) == ("STEP", {("int", 0): 1, ("int", 1): 1})
    assert (after["name"], after["values"]) == ("STEP", {("int", 1): 1, ("int", 2): 1})
    stores = {s["op"]: s for s in p["stores"].values()}
    assert stores["STORE_GLOBAL"]["values"] == {("int", 1): 1, ("int", 2): 1}
    assert stores["STORE_SUBSCR"]["keys"] == {("str", "a"): 1, ("str", "b"): 1}
    assert stores["STORE_SUBSCR"]["objects"] == {("builtins.dict",): 2}
    janus_ext.release()


def test_sites_become_megamorphic_past_the_cap():
    def ident(x):
        return x

    janus.flag(ident)
    for i in range(janus_ext.MAX_KEYS + 5):
        ident(i)
    returns = janus.profile(ident)["returns"]
    assert len(returns) == janus_ext.MAX_KEYS + 1
    assert returns[janus.MEGAMORPHIC] == 5
    janus_ext.release()


def test_values_are_summarised_by_type_dtype_and_shape():
    d = janus.describe
    assert d(np.ones((2, 3), np.float64)) == ("ndarray", "float64", (2, 3))
    assert d(3) == ("int", 3) and d(1 << 40) == ("int",)
    assert d("x" * 65) == ("str",) and d(None) == ("NoneType",)
    assert d((1, 2)) == ("tuple", 2, ("int", 1), ("int", 2))
    assert d(tuple(range(9))) == ("tuple", 9)


def test_an_exception_leaves_the_profile_consistent():
    def f(x):
        if x:
            raise ValueError(x)
        return 1

    janus.flag(f)
    with pytest.raises(ValueError) as info:
        f(5)
    assert info.value.args == (5,)
    assert f(0) == 1
    p = janus.profile(f)
    assert p["calls"] == 2
    assert p["returns"] == {("int", 1): 1}
    [test] = offsets(f, "POP_JUMP_IF_FALSE", "POP_JUMP_IF_TRUE")
    assert sum(p["branches"][test].values()) == 2
    janus_ext.release()


def test_threads_add_up():
    def f(n):
        total = 0
        for i in range(n):
            total += i
        return total

    janus.flag(f)
    threads = [threading.Thread(target=lambda: [f(3) for _ in range(200)]) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    p = janus.profile(f)
    [header] = offsets(f, "FOR_ITER")
    assert p["calls"] == 800
    assert p["loops"] == {header: {3: 800}}
    janus_ext.release()


def test_generators_and_coroutines_are_left_alone():
    def gen():
        yield 1

    async def coro():
        return 1

    for fn in (gen, coro):
        with pytest.raises(bytecode.UnsupportedCode, match="generator or coroutine"):
            janus.flag(fn)
        assert janus.profile(fn) is None


def test_unflagged_code_is_not_instrumented():
    def callee(x):
        return x + 1

    def caller(x):
        return callee(x)

    janus.flag(caller)
    assert caller(1) == 2
    assert janus.profile(callee) is None
    assert sys.monitoring.get_local_events(TOOL, callee.__code__) == 0
    assert janus.profile(caller)["calls"] == 1
    janus_ext.release()


def test_unflag_stops_counting_and_reset_clears():
    def f():
        return 1

    janus.flag(f)
    f()
    janus.unflag(f)
    f()
    assert janus.profile(f)["calls"] == 1
    assert not janus.is_flagged(f)
    janus.reset_profile(f)
    assert janus.profile(f)["calls"] == 0
    janus_ext.release()


def test_loops_whose_header_has_an_extended_arg_prefix():
    # A body over 255 code units puts EXTENDED_ARG before FOR_ITER; JUMP events then
    # report the prefix as their destination.
    source = ("def f(xs):\n    s = 0\n    for x in xs:\n" + "        s += x\n" * 100
              + "    return s\n")
    namespace = {}
    exec(source, namespace)
    f = namespace["f"]
    janus.flag(f)
    assert f([1, 2, 3]) == 600
    [header] = offsets(f, "FOR_ITER")
    assert janus.profile(f)["loops"] == {header: {3: 1}}
    janus_ext.release()
