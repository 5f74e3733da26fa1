"""The failures a graph call can report → what failed: the text of janus's in-graph
checks, written at build time and read back from TensorFlow's error after a call.

A graph can fail for four reasons janus knows, each told apart by its message:
- an assumption (an Assert janus added where the profile chose one way of a branch):
  `janus-assumption N: ...`, N the assumption's index in the graph;
- a number check (numbers.py: Python's result is not what the graph computes):
  `janus-check N: <reason> at <function>:<line>`;
- a heap read (janus_ops.cc's JanusGetAttr: an object did not hold what the build
  assumed): `janus-heap-read: <what>`;
- a check the program itself wrote (its Assert or CheckNumerics kernel's own text).
Anything else is a failure janus cannot explain.  TF wraps a kernel's message in its own
text (`{{node ...}}`, the function's call stack), so each is found with `search`.
"""

import re

from .errors import line_of

HEAP_READ_TAG = "janus-heap-read"      # janus_ext/janus_ops.cc writes it: kTag

_ASSUMPTION = re.compile(r"janus-assumption (\d+)")
_NUMBER_CHECK = re.compile(r"janus-check \d+: ([^\n\]]*)")
_HEAP_READ = re.compile(HEAP_READ_TAG + r": ([^\n\[]*)")
# The errors of the Assert and CheckNumerics kernels: a check the program wrote failed on
# this call's data.
_PROGRAM_CHECK = re.compile(
    r"(?:^|\n)(?:assertion failed: |[^\n]* : Tensor had (?:Inf and NaN|NaN|Inf) values)")
_NODE = re.compile(r"\{\{node ([^}]+)\}\}")

ASSUMPTION, NUMBER_CHECK, HEAP_READ, PROGRAM_CHECK, UNKNOWN = (
    "assumption", "number check", "heap read", "program check", "unknown")


def assumption(index, code, offset):
    """The message of assumption `index`, made at the branch at (code, offset)."""
    return f"janus-assumption {index}: branch at {code.co_qualname}:{line_of(code, offset)}"


def number_check(index, reason, code, offset):
    return f"janus-check {index}: {reason} at {code.co_qualname}:{line_of(code, offset)}"


class Failure:
    """What a failed graph call's exception says: `kind`, and the assumption's index or
    the reason in janus's words."""
    __slots__ = ("kind", "index", "reason")

    def __init__(self, kind, index=None, reason=""):
        self.kind, self.index, self.reason = kind, index, reason


def failure_of(exc):
    """The Failure an exception from a graph call reports."""
    text = str(exc)
    invalid_argument = isinstance(exc, _invalid_argument_error())
    if invalid_argument:
        found = _ASSUMPTION.search(text)
        if found is not None:
            return Failure(ASSUMPTION, index=int(found.group(1)))
        found = _NUMBER_CHECK.search(text)
        if found is not None:
            return Failure(NUMBER_CHECK, reason=found.group(1).strip())
    found = _HEAP_READ.search(text)
    if found is not None:
        return Failure(HEAP_READ, reason=f"{HEAP_READ_TAG} failed: {found.group(1).strip()}")
    if invalid_argument and _PROGRAM_CHECK.search(text):
        node = _NODE.search(text)
        return Failure(PROGRAM_CHECK, reason="a check the program wrote failed"
                       + (f" at node {node.group(1)}" if node else ""))
    first_line = text.splitlines()[0] if text else ""
    return Failure(UNKNOWN, reason=f"graph failed at run time: {type(exc).__name__}: "
                   f"{first_line}")


def _invalid_argument_error():
    # TensorFlow loads with the program, not with janus: asked for at the first failure.
    import tensorflow as tf
    return tf.errors.InvalidArgumentError
