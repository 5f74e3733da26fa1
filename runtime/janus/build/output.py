"""print, logging, tf.print and write() to a text stream in a step → effects in one
ordered log, replayed after the graph in program order, only if the whole call succeeded
(docs/soundness.md#one-ordered-log-of-output).

Each is recorded with the values it shows as graph outputs (heap.call_with_effect); the
commit makes the calls again from them.  Inside a cond arm or a loop body the tensors
shown are carried out of the region (janus/build/arm_output.py, janus/build/loop_output.py).  A
value is shown as it is at that point of the call (`snapshot`).
"""

import codecs
import contextlib
import io
import logging
import reprlib
import sys
import threading
import types

import janus_ext
import numpy as np
import tensorflow as tf

from ..errors import Raises, Unsupported, line_of
from ..semantics import arrays, numbers
from ..state import logging_setup, reads
from ..values import GraphRounded, GraphText, from_library, is_variable, variable_kind
from . import arm_output, made, purity

_LOGGING_FUNCTIONS = frozenset((logging.debug, logging.info, logging.warning, logging.error,
                                logging.critical, logging.log))
_LOGGER_METHODS = frozenset(("debug", "info", "warning", "error", "critical", "log"))
KEEP_IN_GRAPH = object()      # a tf.print that stays a print op inside the graph


def is_output_call(fn) -> bool:
    return fn is print or fn is tf.print or _is_text_write(fn) or _is_logging_call(fn)


def defer(b, fn, args, kwargs, code, offset):
    """Record the output call fn(*args, **kwargs) for the commit: what the call returns
    at build time, or KEEP_IN_GRAPH for a tf.print that the graph must make itself."""
    if fn is print or fn is tf.print:
        # Text the program's own __str__/__repr__ makes is made here, at the print's
        # place in the call (the commit would run that code after the updates).
        args = tuple(_program_text(b, value, code, offset) for value in args)
        kwargs = {name: _program_text(b, value, code, offset) if name in ("sep", "end")
                  else value for name, value in kwargs.items()}
    if fn is tf.print:
        if not _deferrable_tf_print(b, args, kwargs):
            printed_in_graph(b, "a tf.print janus keeps in the graph", code, offset)
            return KEEP_IN_GRAPH
        # Run eagerly after the graph from the values it shows, it keeps its place among
        # the step's prints (inside the graph it would print before all of them).
        args, kwargs = _variables_read(args), _variables_read(kwargs)
        b.heap.call_with_effect(fn, snapshot(b, args), snapshot(b, kwargs))
        return None
    if _is_text_write(fn):
        text = args[0] if len(args) == 1 and not kwargs else None
        if type(text) is not str:
            raise Unsupported("write() to a text stream of something other than a str "
                              "made while building (what it returns would be known "
                              "only after the graph)", code, offset)
        if b.recursion.call_ids or b.open_regions.depth:
            raise Unsupported("write() to a text stream inside a branch or loop on a "
                              "tensor or a recursive function", code, offset)
        b.record.stream_checks.append(StreamCheck(b, fn.__self__, (text,)))
        b.heap.call_with_effect(fn, (text,), {})
        return len(text)                # what TextIOBase.write returns
    what = "print" if fn is print else "logging"
    if fn is print:
        flush = kwargs.get("flush", False)
        if type(flush) not in (bool, int, type(None)):
            # print tests it (its __bool__) before writing: eagerly, before later updates.
            raise Unsupported(f"print with flush= a {type(flush).__qualname__}", code,
                              offset)
        for name in ("sep", "end"):
            value = kwargs.get(name)
            if value is not None and not isinstance(value, (str, GraphText)):
                # print raises before it writes anything: here, before later updates.
                raise Raises(f"print with {name}= a {type(value).__name__}: TypeError "
                             f"({name} must be None or a string)", code, offset)
        _check_stream(kwargs, code, offset)
        b.record.stream_checks.append(StreamCheck(b, kwargs.get("file"), (args, kwargs)))
    if b.recursion.call_ids:
        raise Unsupported(f"{what} inside a recursive function: how often it runs "
                          "is known only at run time", code, offset)
    if b.open_regions.depth:
        arm_output.check_plain(what, args, kwargs, code, offset)
    variable = _variable_in((args, kwargs))
    if variable is not None:
        raise Unsupported(f"{what} of a {variable_kind(variable)}: janus emits output after the graph, "
                          "when later updates have landed", code, offset)
    if fn is not print:
        if kwargs.get("stacklevel", 1) != 1 or kwargs.get("stack_info"):
            raise Unsupported("logging with stacklevel or stack_info: the record names "
                              "frames that exist only while the step runs", code, offset)
        logger = logger_of(fn)
        why = logging_setup.not_plain(logger)
        if why is not None:
            raise Unsupported(f"logging through {why}: it runs when the record is "
                              "emitted, which janus does after the graph", code, offset)
        shown = _shown_by_program(args)
        if shown is not None:
            raise Unsupported(f"logging a {shown.__qualname__}, whose __str__/__repr__/"
                              "__format__ is the program's code: the record is formatted "
                              "at commit, after the updates", code, offset)
        formatting_error = _message_error(b, args)
        if formatting_error is not None:
            raise Unsupported(f"logging a message that does not format with its arguments "
                              f"({formatting_error}): eager's logging reports it with the "
                              "live call stack, which janus's commit does not have",
                              code, offset)
        b.record.loggers.setdefault(id(logger), logger)
        b.record.stream_checks.append(HandlerCheck(logger, args))
        fn = LoggedFrom(fn, (code.co_filename, line_of(code, offset), code.co_name, None))
    b.heap.call_with_effect(fn, snapshot(b, args), snapshot(b, kwargs))
    return None


def _program_dunder(cls, names):
    """The first of the dunders `names` that `cls` takes from the program's code, else
    None (a class's own that is library or builtin code ends the search)."""
    for name in names:
        impl = janus_ext.type_lookup(cls, name)
        if isinstance(impl, types.FunctionType) and not from_library(impl) and \
                not _dataclass_repr(impl):
            return name
        if impl is not getattr(object, name, None):
            return None         # str's, float's or a library class's own
    return None


def _dataclass_repr(impl) -> bool:
    """The __repr__ dataclasses generate (reprlib's recursive_repr around a function
    made from a string): it shows the object's fields, which the commit's replay has
    as they are at the print (their writes replayed in program order before it)."""
    wrapped = getattr(impl, "__wrapped__", None)
    return impl.__code__.co_filename == reprlib.__file__ and \
        isinstance(wrapped, types.FunctionType) and \
        wrapped.__code__.co_filename == "<string>" and \
        "__create_fn__" in wrapped.__qualname__


def _program_text(b, value, code, offset):
    """A value print shows with str(): where str() runs the program's code (a str or
    float subclass with its own __str__, an object whose __repr__ the program wrote),
    the text the builder makes from it now; items of containers print through repr(),
    which is refused there."""
    if _plainly_shown(value):
        return value
    dunder = _program_dunder(type(value), ("__str__", "__repr__"))
    if dunder is not None:
        # Inlined as the program's code, its reads guarded (reads.implicit_method: the
        # class's method is looked up on each call).
        impl = janus_ext.type_lookup(type(value), dunder)
        reads.implicit_method(b, value, dunder, impl)
        text = b.inline(impl, (value,), {}, code, offset)
        if type(text) is not str and type(text) is not GraphText:
            raise Unsupported(f"{type(value).__qualname__}.{dunder} made a "
                              f"{type(text).__qualname__}, not a str, while building",
                              code, offset)
        return text
    # A container the step made is copied as it is now (snapshot), its items made in
    # the step with it; the caller's may hold, at commit, what the loop put there.
    held = _shown_by_program(value) if type(value) in _SHOWN_CONTAINERS and \
        not b.provenance.is_created(value) else None
    if held is not None:
        raise Unsupported(f"print of a container holding a {held.__qualname__}, whose "
                          "__repr__ is the program's code: janus prints after the "
                          "graph, where it would run after the updates", code, offset)
    return value


_SHOWN_CONTAINERS = (list, tuple, dict, set, frozenset)


def _plainly_shown(value) -> bool:
    """A value whose text runs none of the program's code: a builtin number, str or
    None, a tensor, or a stand-in of janus's own (an ndarray argument, text made from
    graph values, an object read at run time), printed as its own rules say."""
    return type(value) in (str, int, float, bool, type(None)) or tf.is_tensor(value) or \
        (type(value).__module__ or "").startswith("janus.")


def _shown_by_program(value, depth=0):
    """The class of an item (4 levels into lists, tuples, dicts and sets) whose text
    the program's code makes, else None."""
    items = value.items() if type(value) is dict else value
    for item in items:
        for part in (item if type(value) is dict else (item,)):
            cls = type(part)
            if _plainly_shown(part):
                continue
            if _program_dunder(cls, ("__repr__", "__str__", "__format__")) is not None:
                return cls
            if depth < 4 and cls in _SHOWN_CONTAINERS:
                found = _shown_by_program(part, depth + 1)
                if found is not None:
                    return found
    return None


def logger_of(fn):
    """The Logger a logging call emits through."""
    logger = getattr(fn, "__self__", None)
    return logger if isinstance(logger, logging.Logger) else logging.root   # logging.info


def _message_error(b, args):
    """What formatting a logging call's message with its arguments raises (LogRecord.
    getMessage: `str(msg) % args`), tried with stand-ins of the types the graph
    computes; None when it formats."""
    if len(args) < 2 or type(args[0]) is not str:
        return None
    shown = tuple(_stand_in(b, value) for value in args[1:])
    if len(shown) == 1 and isinstance(shown[0], dict) and shown[0]:
        shown = shown[0]
    try:
        args[0] % shown
    except (TypeError, ValueError, KeyError) as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


def _stand_in(b, value):
    """A Python value that formats as `value` would after the graph, for the type
    errors only."""
    if type(value) in (GraphText, GraphRounded):
        return 0.0 if type(value) is GraphRounded else "text"
    if not (tf.is_tensor(value) or is_variable(value)):
        return value
    python_type = b.provenance.number_of(value)
    if python_type in (bool, int, float):
        return python_type(0)
    if value.shape.rank == 0:
        return False if value.dtype == tf.bool else 0 if value.dtype.is_integer else 0.0
    return "tensor"


class LoggedFrom:
    """A logging call replayed at commit whose record names the program's line, as
    eager's does (`funcName`, `lineno`, `pathname` that handlers and formats show):
    logging finds its caller on the stack, which at commit is janus's.  The logger
    finds the line of the call while it is replayed."""

    __slots__ = ("fn", "caller")

    def __init__(self, fn, caller):
        self.fn, self.caller = fn, caller

    def __call__(self, *args, **kwargs):
        logger = logger_of(self.fn)
        caller = self.caller
        own = logger.__dict__.get("findCaller", _NONE)
        logger.findCaller = lambda stack_info=False, stacklevel=1: caller
        try:
            return self.fn(*args, **kwargs)
        finally:
            if own is _NONE:
                del logger.findCaller
            else:
                logger.findCaller = own


_NONE = object()


def printed_in_graph(b, what, code, offset):
    """Output the graph makes while it runs comes before all that janus emits after
    it: refused when the step made output before it (janus would emit that later)."""
    if any(is_deferred_output(effect) for effect in b.heap.effects):
        raise Unsupported(f"{what} prints while the graph runs, after output the step "
                          "made before it, which janus emits after the graph", code, offset)


def is_deferred_output(effect) -> bool:
    fn = effect.target
    return effect.kind == "call" and (fn is print or fn is tf.print or
                                      type(fn) is LoggedFrom or _is_text_write(fn))


PRINT_OPS = frozenset(("PrintV2", "Print"))


def function_prints(graph, name, seen=None):
    """Whether the function `name` of `graph`'s library (or one it calls) has a print
    op."""
    seen = set() if seen is None else seen
    if name in seen:
        return False
    seen.add(name)
    holder = graph
    while holder is not None and name not in holder._functions:
        holder = getattr(holder, "outer_graph", None)
    if holder is None:
        return False
    for node in holder._functions[name].cached_definition.node_def:
        if node.op in PRINT_OPS:
            return True
        for attr in node.attr.values():
            if attr.func.name and function_prints(graph, attr.func.name, seen):
                return True
    return False


def snapshot(b, value, memo=None):
    """Containers and objects made in this call, copied as they are now (print shows
    now; the commit prints after the call's later writes to them)."""
    memo = {} if memo is None else memo
    if id(value) in memo:
        return memo[id(value)]
    real = b.provenance.real_of(value)
    if real is not None:
        # This call's copy of the caller's list or dict.  Its writes are replayed on the
        # caller's object in program order before this print is, so the print shows that
        # object as it is then: what the loop put there between calls and what the call
        # wrote so far (the copy holds the build's items).  A loop body's print is made
        # again per iteration from values, not objects.
        if b.in_loop_body():
            raise Unsupported("print, inside a loop on a tensor, of a list or dict the "
                              "call changed", *b.where)
        return real
    if type(value) is tuple or type(value) is list and b.provenance.is_created(value):
        return type(value)(snapshot(b, v, memo) for v in value)
    if type(value) is dict and b.provenance.is_created(value):
        return {k: snapshot(b, v, memo) for k, v in value.items()}
    if made.is_made_instance(b, value):
        return made.copy(b, value, lambda v: snapshot(b, v, memo), memo)
    return value


def _check_stream(kwargs, code, offset):
    """A print goes after the graph, where its stream's write() runs.  A stream whose
    write() is the program's own code (a Tee that counts lines, which the step may read
    back right after printing) must run it where eager does."""
    stream = kwargs.get("file")
    if stream is None:
        stream = sys.stdout
    if type(stream) is _Caught:
        stream = stream.real      # janus's own, while library code runs in the build
    if stream is not None and not isinstance(stream, io.IOBase):
        # A write() of another kind (a list's bound append, a codecs StreamWriter) may
        # change what the step reads after the print, or fail in ways no check sees.
        raise Unsupported(f"print to a {type(stream).__qualname__}, which is not an io "
                          "stream: janus prints after the graph, and what its write() "
                          "does would come after the rest of the step", code, offset)
    write = janus_ext.type_lookup(type(stream), "write")
    func = getattr(write, "__code__", None)
    if func is not None and not purity.is_library_code(func, write.__globals__):
        raise Unsupported(f"print to a {type(stream).__qualname__}, whose write() is the "
                          "program's code: janus prints after the graph, and the step "
                          "would not see what that write() does", code, offset)


class StreamCheck:
    """Whether a print or write() the commit replays would fail where eager's fails
    in the middle of the step, before the updates after it: a stream closed since the
    build (ValueError), or one whose encoding cannot take the text (UnicodeEncodeError).
    Checked before each graph call; such a call runs in the interpreter.  The text the
    graph formats (numbers, tensors) is ASCII; the rest the build knows."""

    __slots__ = ("accessor", "stream", "text", "arrays", "containers")

    def __init__(self, b, stream, shown):
        # Where the stream is at call time: sys.stdout as print finds it, the place the
        # step read it from, or the object itself (held weakly).
        self.accessor = None if stream is None else b.provenance.source_of(stream)
        self.stream = None if stream is None or self.accessor is not None else \
            janus_ext.Weak(stream) if type(stream).__weakrefoffset__ else stream
        self.text = _non_ascii_text(shown)
        self.arrays = _shows_arrays(shown)
        # The caller's containers the print shows as they are at commit (the print
        # effect holds them too): an item the loop puts there later whose repr() is the
        # program's code would run it at commit, after the updates.
        self.containers = tuple(
            real for real in (b.provenance.real_of(v) or v for v in shown[0])
            if type(real) in _SHOWN_CONTAINERS and not b.provenance.is_created(real))

    def fails(self, args):
        """Why the replay would raise (or run the program's code), or None."""
        if self.arrays and np.get_printoptions()["formatter"] is not None:
            # np.set_printoptions(formatter=...): the program's code formats the array,
            # at the commit, after the graph.
            return "print of a numpy array with a formatter the program set"
        for container in self.containers:
            held = _shown_by_program(container)
            if held is not None:
                return f"print of a {type(container).__name__} holding a " \
                       f"{held.__qualname__}, whose __repr__ is the program's code"
        if self.accessor is not None:
            stream = janus_ext.read_accessor(self.accessor, args)
        elif self.stream is not None:
            stream = janus_ext.named(self.stream)
        else:
            stream = sys.stdout
        if stream is None:
            return None          # print does nothing
        if not isinstance(stream, io.IOBase):
            return f"print to a {type(stream).__qualname__}, which is not an io stream"
        return _stream_fails(stream, self.text)


class HandlerCheck:
    """StreamCheck for a logging call: the streams of the handlers it may emit through
    (logging reports a failed emit through handleError, with the live call stack)."""

    __slots__ = ("logger", "text", "arrays")

    def __init__(self, logger, shown):
        self.logger, self.text = logger, _non_ascii_text(shown)
        self.arrays = _shows_arrays(shown)

    def fails(self, args):
        if self.arrays and np.get_printoptions()["formatter"] is not None:
            return "logging of a numpy array with a formatter the program set"
        logger = self.logger
        while logger is not None:
            for part in (logger, *logger.handlers,
                         *(handler.formatter for handler in logger.handlers)):
                shadowing = _method_set_on(part) or _patched_logging_method(part)
                if shadowing is not None:
                    # `handler.emit = counting_emit`, `logging.Formatter.format =
                    # fmt`: the program's code runs when the record is emitted.
                    return f"logging through a {type(part).__qualname__} whose " \
                           f"{shadowing}() is the program's"
            for handler in logger.handlers:
                stream = getattr(handler, "stream", None)
                if isinstance(handler, logging.StreamHandler) and \
                        isinstance(stream, io.IOBase):
                    why = _stream_fails(stream, self.text)
                    if why is not None:
                        return f"logging through a handler whose stream: {why}"
            logger = logger.parent if logger.propagate else None
        return None


# What emitting a record calls on loggers, handlers and formatters (logging's own).
_LOGGING_METHODS = ("handle", "callHandlers", "makeRecord", "filter", "emit", "format",
                    "formatMessage", "formatTime", "formatException", "formatStack",
                    "usesTime", "flush", "handleError")


def _patched_logging_method(obj):
    """A method emitting calls that its class (logging's own) no longer has from the
    logging module: `logging.Formatter.format = fmt` mid-run."""
    if obj is None:
        return None
    cls = type(obj)
    for name in _LOGGING_METHODS:
        method = getattr(cls, name, None)
        if method is not None and getattr(method, "__module__", "logging") not in (
                "logging", "logging.handlers"):
            return name
    return None


def _method_set_on(obj):
    """The name of a method of its class that an attribute of `obj` shadows, or None."""
    own = getattr(obj, "__dict__", None)
    if not own:
        return None
    cls = type(obj)
    for name, value in own.items():
        if callable(value) and callable(getattr(cls, name, None)):
            return name
    return None


def _stream_fails(stream, text):
    """Why writing `text` (its non-ASCII part) to the io stream would raise, or None
    (or would run the program's code: a write() set on the object, which print finds
    before its class's)."""
    own = getattr(stream, "__dict__", None)
    if own and ("write" in own or "flush" in own):
        return f"print to a {type(stream).__qualname__} whose write() or flush() the " \
               "program set on the object"
    if stream.closed:
        return f"print to a closed {type(stream).__qualname__}"
    if not isinstance(stream, io.TextIOBase):
        # print writes str: a binary file (open(path, "wb")) raises TypeError there.
        return f"print to a {type(stream).__qualname__}, a binary stream"
    if not stream.writable():
        return f"print to a {type(stream).__qualname__} not open for writing"
    encoding = getattr(stream, "encoding", None)
    if text and type(encoding) is str:
        errors = getattr(stream, "errors", None) or "strict"
        try:
            text.encode(encoding, "strict")
        except LookupError:
            return f"print to a stream whose encoding ({encoding}) Python does not know"
        except UnicodeEncodeError:
            if not _builtin_error_handler(errors):
                # The program's own handler (codecs.register_error): its code would run
                # at the commit, after the graph.
                return f"print of text its stream's encoding ({encoding}) cannot take, " \
                       f"to its error handler {errors!r}, the program's code"
            try:
                text.encode(encoding, errors)
            except UnicodeEncodeError:
                return f"print of text its stream's encoding ({encoding}) cannot take"
    return None


_ERROR_HANDLERS = ("strict", "ignore", "replace", "backslashreplace", "xmlcharrefreplace",
                   "namereplace", "surrogateescape", "surrogatepass")


def _builtin_error_handler(name):
    """Whether the codecs error handler registered as `name` is Python's own."""
    try:
        handler = codecs.lookup_error(name)
    except LookupError:
        return False
    return name in _ERROR_HANDLERS and type(handler) is types.BuiltinFunctionType


def _shows_arrays(value, depth=0):
    """Whether a shown value holds a numpy array or scalar the step computes."""
    if type(value) is arrays.ArrayArg or isinstance(value, (np.ndarray, np.generic)):
        return True
    if depth < 4 and type(value) in (list, tuple, dict):
        items = value.values() if type(value) is dict else value
        return any(_shows_arrays(item, depth + 1) for item in items)
    return False


def _non_ascii_text(shown):
    """The text the build knows of what a print or logging call shows, when some of it
    is not ASCII (the only text an encoding check needs), else ""."""
    text = "".join(_strs_in(shown))
    return "" if text.isascii() else text


def _strs_in(value, depth=0):
    """The strs a shown value holds (what its printed text may carry besides ASCII)."""
    if type(value) is str:
        yield value
    elif type(value) is GraphText:
        for part in value.parts:
            yield from _strs_in(part if type(part) is str else part[2], depth)
    elif depth < 4 and type(value) in (list, tuple, dict):
        items = value.items() if type(value) is dict else value
        for item in items:
            yield from _strs_in(item, depth + 1)


def _deferrable_tf_print(b, args, kwargs):
    """Whether a tf.print can be replayed after the graph like print.  In a recursive
    function (how often it runs is known only at run time) or showing what a branch
    cannot carry out, it stays a print op inside the graph."""
    if b.recursion.call_ids:
        return False
    return not b.open_regions.depth or arm_output.is_data(
        arm_output.shown(args, kwargs, stream="output_stream"))


def _is_text_write(fn):
    return isinstance(fn, types.BuiltinMethodType) and fn.__name__ == "write" and \
        isinstance(fn.__self__, io.TextIOBase)


def _is_logging_call(fn):
    if isinstance(fn, types.MethodType):
        return isinstance(fn.__self__, logging.Logger) and \
            fn.__func__ is getattr(logging.Logger, fn.__name__, None) and \
            fn.__name__ in _LOGGER_METHODS
    try:
        return fn in _LOGGING_FUNCTIONS
    except TypeError:
        return False


def _variables_read(value, depth=0):
    """`value` with each variable in it read where the program printed it: eager's
    tf.print shows a variable's value at that point, not after the call's later updates."""
    if isinstance(value, tf.Variable):
        return value.read_value()
    if is_variable(value):
        return tf.convert_to_tensor(value)       # a Keras variable: a read of the one it wraps
    if depth < 4 and type(value) in (list, tuple):
        return type(value)(_variables_read(v, depth + 1) for v in value)
    if depth < 4 and type(value) is dict:
        return {k: _variables_read(v, depth + 1) for k, v in value.items()}
    return value


def _variable_in(value, depth=0):
    """A tf.Variable or Keras variable `value` holds (4 levels down), else None."""
    if is_variable(value):
        return value
    if depth < 4 and type(value) in (list, tuple, dict):
        for item in (value.values() if type(value) is dict else value):
            found = _variable_in(item, depth + 1)
            if found is not None:
                return found
    return None


def check_format_spec(b, value, spec):
    """Text made after the graph must not fail there, after the updates landed: eager
    raises where it formats.  Whether `spec` suits the type of the number `value`
    stands for is known when building; `c` of an int fails for values out of range,
    checked in the graph (a failing check sends the call to the interpreter, which
    raises)."""
    python_type = numbers.python_type_of(value, b.provenance.number_of)
    if python_type is None:
        # A tensor: formatted by numpy, as eager does; numpy takes a spec only for a
        # 0-d array (the rank is the graph's, fixed when building).
        if not spec or not isinstance(value, tf.Tensor):
            return
        if value.shape.rank is None:
            raise Unsupported(f"format {spec!r} of a tensor of unknown rank", *b.where)
        if value.shape.rank == 0 and value.dtype.is_numpy_compatible:
            try:
                format(value.dtype.as_numpy_dtype(0), spec)
            except (ValueError, TypeError) as exc:
                raise Raises(f"format {spec!r} of a {value.dtype.name} tensor: {exc} "
                             "(known when building)", *b.where) from None
        if value.shape.rank != 0:
            raise Raises(f"format {spec!r} of a tensor of shape {value.shape}: "
                         "unsupported format string passed to numpy.ndarray.__format__ "
                         "(known when building)", *b.where)
        return
    try:
        format(python_type(0), spec)
    except (ValueError, TypeError, OverflowError) as exc:
        raise Raises(f"format {spec!r} of a {python_type.__name__}: {exc} (known when "
                     "building)", *b.where) from None
    if python_type is int and spec.endswith("c"):
        # A surrogate (U+D800-U+DFFF) formats, and then fails where it is written
        # (UTF-8 cannot encode it): those calls go to the interpreter too.
        b.check(tf.logical_and(tf.logical_and(value >= 0, value < 0x110000),
                               tf.logical_or(value < 0xD800, value > 0xDFFF)),
                f"format {spec!r} of an int out of range(0x110000) or a surrogate")


class _Caught:
    """Stands for sys.stdout or sys.stderr while library code runs natively inside a
    build: what the build's thread writes is kept here, what other threads write goes
    through."""

    def __init__(self, real):
        self.real, self.thread, self.written = real, threading.get_ident(), []

    def write(self, text):
        if threading.get_ident() != self.thread:
            return self.real.write(text)
        self.written.append(text)
        return len(text)

    def flush(self):
        if threading.get_ident() != self.thread:
            self.real.flush()

    def __getattr__(self, name):
        return getattr(self.real, name)


@contextlib.contextmanager
def library_prints_refused(name, code, offset):
    """Run a library call of the build (`model.summary()`, `print_msg`) with the
    streams caught: text it prints would reach the program's output at build time, once,
    where eager prints it at every call, in order.  The build is refused and the text
    dropped: the interpreter runs the call and prints it."""
    out, err = sys.stdout, sys.stderr
    caught_out, caught_err = _Caught(out), _Caught(err)
    sys.stdout, sys.stderr = caught_out, caught_err
    try:
        yield
    finally:
        if sys.stdout is caught_out:
            sys.stdout = out
        if sys.stderr is caught_err:
            sys.stderr = err
    if caught_out.written or caught_err.written:
        raise Unsupported(f"{name} printed while janus built the step: eager prints at "
                          "every call, in order", code, offset)
