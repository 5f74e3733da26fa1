"""The interpreter's entry hook (cpython-patches/0003): a call of a code object can be
answered by janus (return), handed back to the interpreter (decline), or raise."""

import functools
import sys

import pytest

import janus_ext
from janus.frontend import bytecode

TOOL = sys.monitoring.OPTIMIZER_ID

# Each test that takes tool 5 gives it back as its last step, as CPython's
# test_monitoring frees its tool; no_hook_leaks fails a test that does not.
pytestmark = pytest.mark.usefixtures("no_hook_leaks")


def set_entry(fn, entry):
    janus_ext.set_entry(fn.__code__, entry, bytecode.argument_names(fn.__code__))


def test_return_decline_and_raise():
    ran = []

    def f(x, y=10):
        ran.append(x)
        return x + y

    def entry(args):
        x, y, cell = args          # f is a closure over `ran`: its cell comes last
        assert cell.cell_contents is ran
        if x == 1:
            return "from janus"
        if x == 2:
            raise KeyError("janus raised")
        return janus_ext.DECLINE

    set_entry(f, entry)
    assert f(1) == "from janus"
    assert f(0) == 10
    with pytest.raises(KeyError, match="janus raised") as info:
        f(2)
    assert ran == [0]
    # It reaches the caller as the call's own exception, raised where janus raised it.
    assert [entry.name for entry in info.traceback][-1] == "entry"
    janus_ext.release()


def test_python_to_python_and_c_to_python_calls():
    def square(x):
        return x * x

    set_entry(square, lambda args: -args[0])

    def caller():
        return square(3)          # 3.13 runs this call without a new C frame

    assert caller() == -3
    assert list(map(square, [1, 2])) == [-1, -2]                  # called from C
    assert functools.reduce(lambda a, b: a + square(b), [1, 2], 0) == -3
    janus_ext.release()


def test_recursive_function_with_the_entry_calling_the_body():
    calls = []

    def fact(n):
        return 1 if n <= 1 else n * fact(n - 1)

    def entry(args):
        calls.append(args[0])
        return janus_ext.DECLINE      # fall back: the body runs, and recurses

    set_entry(fact, entry)
    assert fact(5) == 120
    assert calls == [5, 4, 3, 2, 1]
    janus_ext.release()


def test_keyword_default_and_cell_arguments():
    seen = []

    def f(a, *rest, b=2, **kw):
        def inner():
            return a
        return inner()

    set_entry(f, lambda args: seen.append(args) or janus_ext.DECLINE)
    assert f(1, 5, b=3, c=4) == 1
    assert seen == [(1, 3, (5,), {"c": 4})]
    janus_ext.release()


def test_clear_entry_and_unflagged_code():
    def f():
        return "body"

    def g():
        return "g body"

    set_entry(f, lambda args: "entry")
    assert (f(), g()) == ("entry", "g body")
    janus_ext.clear_entry(f.__code__)
    assert f() == "body"
    assert sys.monitoring.get_local_events(TOOL, f.__code__) == 0
    janus_ext.release()


def test_generators_never_reach_the_entry():
    def gen():
        yield "body"

    set_entry(gen, lambda args: pytest.fail("entry ran for a generator"))
    assert list(gen()) == ["body"]
    janus_ext.release()
