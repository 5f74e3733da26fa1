"""Functions → flagged code objects, and their profiles as plain data (janus_ext counts).

    janus.flag(fn)           start profiling fn's code (every call, every thread)
    janus.profile(fn)        {"calls", "args", "branches", "loops", "callees",
                              "loads", "stores", "returns"}
    janus.reset_profile(fn)  zero its counts
    janus.unflag(fn)         stop profiling; the profile stays readable
"""

import types

import janus_ext

from . import bytecode

MEGAMORPHIC = janus_ext.MEGAMORPHIC


def code_of(fn) -> types.CodeType:
    """The code object behind a function, bound method or code object."""
    code = getattr(fn, "__code__", None) or getattr(getattr(fn, "__func__", None),
                                                     "__code__", None)
    if code is None and isinstance(fn, types.CodeType):
        code = fn
    if code is None:
        raise TypeError(f"janus: expected a Python function or code object, "
                        f"got {type(fn).__name__}")
    return code


def flag(fn) -> None:
    code = code_of(fn)
    tables = bytecode.profile_tables(code)
    janus_ext.flag(code, tables.fallthrough, tables.loop_ranges, tables.actions,
                   tables.arg_names, tables.aliases)


def unflag(fn) -> None:
    janus_ext.unflag(code_of(fn))


def is_flagged(fn) -> bool:
    return janus_ext.is_flagged(code_of(fn))


def profile(fn) -> dict | None:
    """The profile of fn's code, or None if it was never flagged."""
    return janus_ext.profile_of(code_of(fn))


def reset_profile(fn) -> None:
    janus_ext.reset(code_of(fn))


def describe(value):
    """The descriptor a profile records for `value`."""
    return janus_ext.describe_value(value)
