"""Python exceptions a build knows the call raises → the code object's exception table.

When the guards decide that the path being built raises (a `raise` the Python values
reach, a division by a guarded zero, a guarded dict without the key), the exception
unwinds as CPython unwinds it: the stack cut to the handler's depth, `lasti` pushed
where the table says so, the exception object pushed, and the handler built like any
other code (Handlers below: PUSH_EXC_INFO … RERAISE).  An exception no handler of the
converted code catches stays what a `raise` always was: this call runs in the
interpreter (errors.Raises), which raises it for real.

Inside a branch on a tensor or a loop body the exception happens only on some runs, so
it is not routed either: a cond arm that raises becomes an assumption that it is not
taken (control.py), a loop body that raises sends the call to the interpreter.
"""

import dis
import types

import janus_ext

from ..errors import Raises, Thrown
from ..frontend import bytecode
from ..state import attribute_reads
from ..values import GraphRounded, GraphText
from . import contexts

NUMBERS = (int, float, bool, complex)
_TABLES: dict = {}          # code object -> its exception table entries


def handler_at(code, offset):
    """(target, depth, lasti) of the exception table entry that covers the instruction
    at `offset`, or None.  A target on an EXTENDED_ARG prefix names the instruction it
    extends, as jump targets do (bytecode.decode)."""
    entries = _TABLES.get(code)
    if entries is None:
        aliases = bytecode.prefix_aliases(code)
        entries = _TABLES[code] = tuple(
            (e.start, e.end, aliases.get(e.target, e.target), e.depth, e.lasti)
            for e in dis.Bytecode(code).exception_entries)
    for start, end, target, depth, lasti in entries:
        if start <= offset < end:
            return target, depth, lasti
    return None


def is_plain_exception_class(value):
    """An exception class whose instances are made by BaseException's own C code (no
    __new__ or __init__ of the program runs), so the build may make one."""
    if not (isinstance(value, type) and issubclass(value, BaseException)):
        return False
    if value.__module__ == "builtins":
        return True
    return not any(isinstance(janus_ext.type_lookup(value, name), types.FunctionType)
                   for name in ("__new__", "__init__"))


def instance_for_raise(value, cause, has_cause, b, code, offset):
    """The exception object `raise value [from cause]` raises, with the __context__ and
    __cause__ CPython gives it; errors.Raises where the build cannot vouch for it."""
    if is_plain_exception_class(value):
        value = value()
    if b.provenance.thrown_how(value) is None:
        # An exception object from outside the call: eager raises that one object
        # each call, changing its __context__ and __traceback__ each time.
        raise Raises("this call reaches a `raise`", code, offset)
    if has_cause:
        if is_plain_exception_class(cause):
            cause = cause()
        if cause is not None and not isinstance(cause, BaseException):
            raise Raises("`raise ... from` something not an exception", code, offset)
        value.__cause__ = cause           # also sets __suppress_context__, as CPython does
    if b.inlining.handled is not None and b.inlining.handled is not value:
        value.__context__ = b.inlining.handled
    return value


def make(b, cls, args, kwargs, has_symbolic, code, offset):
    """cls(*args, **kwargs) for a plain exception class: BaseException's C code only.
    Its text would show a tensor's value, which only the run knows: refused then."""
    if has_symbolic((args, kwargs)):
        raise Raises(f"this call makes a {cls.__qualname__} that holds a tensor",
                     code, offset)
    if any(type(arg) in (GraphText, GraphRounded) for arg in (*args, *kwargs.values())):
        # Its str() and repr() would be the build's object, not the run's text.
        raise Raises(f"this call makes a {cls.__qualname__} that holds text formatted "
                     "from values the graph computes", code, offset)
    exception = cls(*args, **kwargs)
    b.provenance.note_thrown(exception, "raises")
    return exception


def reads_own_exception(b, fn, args, kwargs):
    """str(e), repr(e), type(e) of an exception this build made from Python constants:
    BaseException's C code gives what eager gives.  A class's own __str__/__repr__ is
    the program's code: left to the usual refusal."""
    if fn not in (str, repr, type) or kwargs or len(args) != 1 or \
            b.provenance.thrown_how(args[0]) is None:
        return False
    if fn is type:
        return True
    dunder = "__str__" if fn is str else "__repr__"
    return not isinstance(janus_ext.type_lookup(type(args[0]), dunder), types.FunctionType)


def arithmetic(operation, left, right, code, offset):
    """operation(left, right) on Python numbers the guards fix: an ArithmeticError it
    raises (division by zero, a float overflow) is the program's, raised here."""
    try:
        return operation(left, right)
    except ArithmeticError as exc:
        if type(left) in NUMBERS and type(right) in NUMBERS:
            raise Thrown(exc, code, offset) from None
        raise


def escaping(b, result, effects):
    """Why an exception object the build made outlives the call, or None.  Eager makes
    a new one at each call; the graph would hand out the build's one every time (the
    same identity, the build's traceback).  Printing one only shows its text."""
    if not b.provenance.any_thrown:
        return None
    places = [("the call's result", result)]
    places += [(f"a write ({effect.kind} {effect.name or ''})".replace(" )", ")"),
                effect.values)
               for effect in effects if not (effect.kind == "call" and effect.target is print)]
    for where, value in places:
        found = _exception_in(b.provenance, value, 0)
        if found is not None:
            return (f"the {type(found).__name__} a handler caught outlives the call in "
                    f"{where}")
    return None


def _exception_in(provenance, value, depth):
    if provenance.thrown_how(value) is not None:
        return value
    if depth > 6:
        return None
    if type(value) in (list, tuple, set, frozenset):
        items = value
    elif type(value) is dict:
        items = (*value.keys(), *value.values())
    else:
        return None
    for item in items:
        found = _exception_in(provenance, item, depth + 1)
        if found is not None:
            return found
    return None


class Handlers:
    """Opcode handlers of janus/build/frame.py's Frame for raising and handling
    exceptions."""

    def op_RAISE_VARARGS(self, ins):
        if ins.arg == 0:
            if self.b.inlining.handled is None:
                raise Raises("a bare `raise` with no exception handled", self.code,
                             ins.offset)
            raise Thrown(self.b.inlining.handled, self.code, ins.offset)
        cause = self.pop() if ins.arg == 2 else None
        exception = instance_for_raise(self.pop(), cause, ins.arg == 2, self.b,
                                               self.code, ins.offset)
        raise Thrown(exception, self.code, ins.offset, how="reaches a `raise` of")

    def op_RERAISE(self, ins):
        exception = self.pop()
        how = self.b.provenance.thrown_how(exception) or "raises"
        raise Thrown(exception, self.code, ins.offset, how)

    def op_PUSH_EXC_INFO(self, ins):
        exception = self.pop()
        self.push(self.b.inlining.handled)
        self.push(exception)
        self.b.inlining.handled = exception

    def op_POP_EXCEPT(self, ins):
        self.b.inlining.handled = self.pop()

    def op_CHECK_EXC_MATCH(self, ins):
        kind = self.pop()
        classes = kind if type(kind) is tuple else (kind,)
        if not all(isinstance(c, type) and issubclass(c, BaseException) for c in classes):
            self.fail("`except` with something not an exception class", ins)
        # CPython matches on the exception's MRO (PyType_IsSubtype), not through the
        # classes' metaclass hooks as isinstance() would.
        mro = attribute_reads.mro_of(self.b, type(self.stack[-1]))
        self.push(any(c in mro for c in classes))

    def op_WITH_EXCEPT_START(self, ins):
        exit_fn, exception = self.stack[-4], self.stack[-1]
        if type(exit_fn) is not contexts.WithExit:
            self.fail("an exception leaves a `with` block janus did not enter", ins)
        exit_fn.refuse_traceback_reads(self, ins)
        # The traceback is the interpreter's; no converted code reads it (above).
        self.push(exit_fn(type(exception), exception, None))

    def op_LOAD_ASSERTION_ERROR(self, ins):
        self.push(AssertionError)
