"""Code object → normalised CPython 3.13 instructions and the tables the profiler needs.

This is the only module that knows CPython 3.13's bytecode: cache entries, the NULL bit
of LOAD_GLOBAL and of method-form LOAD_ATTR, FOR_ITER's exit, loop inversion of `while`.
The interpreter version is checked here, once, at import.
"""

import dis
import sys
import types
from dataclasses import dataclass
from functools import lru_cache

if sys.version_info[:2] != (3, 13):
    raise ImportError(
        f"janus supports exactly CPython 3.13 (this is {sys.version.split()[0]}): "
        "its bytecode front end decodes 3.13 instructions only")

# Value-site actions; the numbers are janus_ext's ACT_* constants.
ACT_MARK, ACT_LOAD_OWNER, ACT_LOAD_VALUE = 0, 1, 2
ACT_STORE_ATTR, ACT_STORE_GLOBAL, ACT_STORE_SUBSCR, ACT_SUBSCR_KEY = 3, 4, 5, 6

CONDITIONAL_BRANCHES = frozenset({
    "POP_JUMP_IF_TRUE", "POP_JUMP_IF_FALSE", "POP_JUMP_IF_NONE",
    "POP_JUMP_IF_NOT_NONE", "FOR_ITER",
})
# Loops close with JUMP_BACKWARD.  JUMP_BACKWARD_NO_INTERRUPT also jumps back, but only
# from a `with` block's exception handler and in SEND (await/yield from) loops: not loops
# of the program.
BACKWARD_JUMPS = frozenset({"JUMP_BACKWARD"})
CO_VARARGS, CO_VARKEYWORDS = 0x04, 0x08
# CO_GENERATOR | CO_COROUTINE | CO_ITERABLE_COROUTINE | CO_ASYNC_GENERATOR
GENERATOR_FLAGS = 0x20 | 0x80 | 0x100 | 0x200


class UnsupportedCode(ValueError):
    """A code object janus leaves to the interpreter; the message says why."""


@dataclass(frozen=True, slots=True)
class Instruction:
    offset: int
    opname: str
    arg: int | None
    argval: object
    next_offset: int          # where execution falls through to
    jump_target: int | None   # for jumps and branches


@dataclass(frozen=True, slots=True)
class ProfileTables:
    """What janus_ext needs to count events of one code object (see janus_ext.flag)."""
    fallthrough: dict         # branch offset -> not-taken successor offset
    loop_ranges: list         # [(header offset, last back-edge offset)], by header
    actions: dict             # offset -> tuple of (kind, site offset, depth, op, name)
    arg_names: tuple
    aliases: dict             # see prefix_aliases


def is_generator_like(code: types.CodeType) -> bool:
    return bool(code.co_flags & GENERATOR_FLAGS)


@lru_cache(maxsize=1024)
def prefix_aliases(code: types.CodeType) -> dict[int, int]:
    """{EXTENDED_ARG offset: offset of the instruction it prefixes}.  A jump onto a
    prefixed instruction targets its first prefix (in dis, and in the destinations of
    sys.monitoring's JUMP and BRANCH events); janus names every place by the real
    instruction's offset."""
    aliases, pending = {}, []
    for ins in dis.get_instructions(code):
        if ins.opname == "EXTENDED_ARG":
            pending.append(ins.offset)
        else:
            aliases.update((offset, ins.offset) for offset in pending)
            pending = []
    return aliases


@lru_cache(maxsize=1024)
def decode(code: types.CodeType) -> tuple[Instruction, ...]:
    """The instructions of `code` in offset order, caches and EXTENDED_ARG folded away."""
    real_offset = prefix_aliases(code)
    raw = [i for i in dis.get_instructions(code) if i.opname != "EXTENDED_ARG"]
    end = len(code.co_code)
    out = []
    for index, ins in enumerate(raw):
        next_offset = raw[index + 1].offset if index + 1 < len(raw) else end
        target = None if ins.jump_target is None else real_offset.get(ins.jump_target,
                                                                       ins.jump_target)
        out.append(Instruction(ins.offset, ins.opname, ins.arg, _argval(ins),
                               next_offset, target))
    return tuple(out)


def _argval(ins):
    """dis's argval, normalised where 3.13 packs several things into one oparg."""
    if ins.opname == "BINARY_OP":
        return dis._nb_ops[ins.arg][1]                    # "+", "+=", ...
    if ins.opname == "COMPARE_OP":
        return dis.cmp_op[ins.arg >> 5], bool(ins.arg & 16)   # (op, coerce to bool)
    if ins.opname == "CALL_INTRINSIC_1":
        return ins.argrepr                                # "INTRINSIC_LIST_TO_TUPLE"
    return ins.argval


_STORES = ("STORE_ATTR", "STORE_GLOBAL", "STORE_DEREF")


@lru_cache(maxsize=1024)
def stored_names(code: types.CodeType) -> tuple[frozenset, frozenset]:
    """(every attribute/global/cell name `code` assigns, those it assigns otherwise than
    by `x += ...`).  A list's `+=` extends it and stores the same object back: a name
    assigned only so holds the same list from call to call."""
    stored, plainly = set(), set()
    previous = None
    for ins in decode(code):
        if ins.opname in _STORES:
            stored.add(ins.argval)
            if previous is None or previous.opname != "BINARY_OP" or previous.argval != "+=":
                plainly.add(ins.argval)
        if ins.opname != "SWAP":          # (an attribute's `+=` swaps the owner back up)
            previous = ins
    return frozenset(stored), frozenset(plainly)


def for_iter_exit(instructions: dict, for_iter: Instruction) -> int:
    """Where an exhausted FOR_ITER continues: 3.13 jumps past the END_FOR and the
    POP_TOP at its target (the target dis shows is the END_FOR)."""
    end_for = instructions[for_iter.jump_target]
    pop_top = instructions[end_for.next_offset]
    assert (end_for.opname, pop_top.opname) == ("END_FOR", "POP_TOP"), (end_for, pop_top)
    return pop_top.next_offset


def argument_names(code: types.CodeType) -> tuple[str, ...]:
    count = code.co_argcount + code.co_kwonlyargcount
    count += bool(code.co_flags & CO_VARARGS) + bool(code.co_flags & CO_VARKEYWORDS)
    return code.co_varnames[:count]


def loop_ranges(instructions) -> list[tuple[int, int]]:
    """[(header, latch)] for each loop: a back edge from `latch` to `header`; several
    back edges to one header (`continue`, an `if` at the end of the body) make one loop
    ending at the last of them."""
    latches: dict[int, int] = {}
    for ins in instructions:
        if ins.opname in BACKWARD_JUMPS:
            latches[ins.jump_target] = max(latches.get(ins.jump_target, -1), ins.offset)
    return sorted(latches.items())


def value_site_actions(instructions) -> dict:
    """offset -> actions that read operand values from the stack at that instruction.

    A load's result is only on the stack once the load has run, so it is read at the
    next instruction (ACT_LOAD_VALUE), paired with the load by janus_ext.
    """
    actions: dict[int, list] = {}

    def add(offset, *action):
        actions.setdefault(offset, []).append(action)

    for ins in instructions:
        op = ins.opname
        if op == "LOAD_ATTR":
            # 3.13: oparg & 1 means the method form, which pushes (attr, self-or-NULL).
            depth = ins.arg & 1
            add(ins.offset, ACT_LOAD_OWNER, ins.offset, 0, op, ins.argval)
            add(ins.next_offset, ACT_LOAD_VALUE, ins.offset, depth, op, ins.argval)
        elif op == "LOAD_GLOBAL":
            # 3.13: oparg & 1 pushes a NULL above the global.
            add(ins.offset, ACT_MARK, ins.offset, 0, op, ins.argval)
            add(ins.next_offset, ACT_LOAD_VALUE, ins.offset, ins.arg & 1, op, ins.argval)
        elif op == "BINARY_SUBSCR":
            add(ins.offset, ACT_SUBSCR_KEY, ins.offset, 0, op, None)
            add(ins.next_offset, ACT_LOAD_VALUE, ins.offset, 0, op, None)
        elif op == "STORE_ATTR":
            add(ins.offset, ACT_STORE_ATTR, ins.offset, 0, op, ins.argval)
        elif op == "STORE_GLOBAL":
            add(ins.offset, ACT_STORE_GLOBAL, ins.offset, 0, op, ins.argval)
        elif op == "STORE_SUBSCR":
            add(ins.offset, ACT_STORE_SUBSCR, ins.offset, 0, op, None)
    return {offset: tuple(acts) for offset, acts in actions.items()}


def profile_tables(code: types.CodeType) -> ProfileTables:
    if is_generator_like(code):
        raise UnsupportedCode(
            f"{code.co_qualname} ({code.co_filename}:{code.co_firstlineno}) is a "
            "generator or coroutine: janus leaves those to the interpreter")
    instructions = decode(code)
    fallthrough = {i.offset: i.next_offset for i in instructions
                   if i.opname in CONDITIONAL_BRANCHES}
    return ProfileTables(fallthrough, loop_ranges(instructions),
                         value_site_actions(instructions), argument_names(code),
                         prefix_aliases(code))
