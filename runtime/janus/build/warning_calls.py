"""warnings.warn in a step → an effect in the ordered log of output
(docs/soundness.md#one-ordered-log-of-output), replayed after the graph as the very
`warnings.warn_explicit` call CPython's warn() makes for the step's frame.

What warn() does depends on the filters, and one action changes the call's course:
"error" raises the warning where it is made.  The build evaluates the filters for this
warning (its text, category, module and line) as warnings does; an "error" sends the
call to the interpreter, which raises it.  Before each call the filters are matched
again (WarningCheck): a call where they now say "error" runs in the interpreter, and the
graph stays for the others.  Everything else -- the registry that shows a
warning once per place, `-W` options, `catch_warnings(record=True)` around the call --
is decided by the replayed call itself, in order with the step's prints.
"""

import contextlib
import threading
import types
import warnings

from ..errors import Raises, Unsupported, line_of
from ..values import GraphText
from . import arm_output

_ACTIONS = frozenset(("ignore", "always", "default", "module", "once"))


def is_warn(fn) -> bool:
    return fn is warnings.warn


def defer(b, args, kwargs, code, offset):
    """Record `warnings.warn(*args, **kwargs)` made at (code, offset) for the commit."""
    message, category, stacklevel, source = _bound(args, kwargs, code, offset)
    what = f"warnings.warn({message!r})" if type(message) is str else "warnings.warn"
    if type(message) not in (str, GraphText):
        raise Unsupported(f"{what} of a {type(message).__qualname__} message", code, offset)
    if category is None:
        category = UserWarning
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise Raises(f"{what} with category {category!r}: TypeError (category must be a "
                     "Warning subclass)", code, offset)
    if type(stacklevel) is not int or stacklevel != 1 or source is not None:
        raise Unsupported(f"{what} with stacklevel or source: the warning names a frame "
                          "that exists only while the step runs", code, offset)
    module_globals = _globals_of(b, code)
    module = module_globals.get("__name__", "<string>")
    if type(module) is not str:
        raise Unsupported(f"{what} in a module whose __name__ is a "
                          f"{type(module).__qualname__}", code, offset)
    check = WarningCheck(what, message if type(message) is str else None, category,
                         module, line_of(code, offset))
    why = check.fails(None)
    if why is not None:
        if check.raises():
            raise Raises(why, code, offset)
        raise Unsupported(why, code, offset)
    b.record.stream_checks.append(check)
    if b.recursion.call_ids:
        raise Unsupported(f"{what} inside a recursive function: how often it runs is "
                          "known only at run time", code, offset)
    if b.open_regions.depth:
        arm_output.check_plain(what, (message,), {}, code, offset)
    b.heap.call_with_effect(Warned(category, code.co_filename, check.lineno, module,
                                   module_globals), (message,), {})
    return None


class WarningCheck:
    """Made before each call, with the other output checks (StreamCheck): whether the
    warning would raise (an "error" filter) or show through code of the program's, as
    warnings is set up now.  A call where it would runs in the interpreter; the graph
    stays for the calls where it would not."""

    __slots__ = ("what", "text", "category", "module", "lineno")

    def __init__(self, what, text, category, module, lineno):
        self.what, self.text, self.category = what, text, category
        self.module, self.lineno = module, lineno

    def raises(self) -> bool:
        return self._action() == "error"

    def fails(self, args):
        hooks = warnings_hooks_replaced()
        if hooks is not None:
            return f"{self.what} while {hooks} is not warnings' own (the program's, or " \
                   "logging.captureWarnings'): it would run after the graph, when the " \
                   "step's updates have landed"
        action = self._action()
        if action is None:
            return f"{self.what} of text made from graph values, where a filter matches " \
                   "messages by pattern: only the graph knows the text"
        if action == "error":
            return f"{self.what}: a filter turns it into an error " \
                   f"({self.category.__name__})"
        if action not in _ACTIONS:
            return f"{self.what}: the filters give the action {action!r}"
        return None

    def _action(self):
        return _action(self.text, self.category, self.module, self.lineno)


class Warned:
    """The replay: warn()'s own call of warn_explicit for the step's frame, with the
    registry warn() takes from (or makes in) that frame's globals."""

    __slots__ = ("category", "filename", "lineno", "module", "module_globals")

    def __init__(self, category, filename, lineno, module, module_globals):
        self.category, self.filename, self.lineno = category, filename, lineno
        self.module, self.module_globals = module, module_globals

    def __call__(self, message):
        registry = self.module_globals.get("__warningregistry__")
        if registry is None:
            registry = self.module_globals["__warningregistry__"] = {}
        warnings.warn_explicit(message, self.category, self.filename, self.lineno,
                               self.module, registry)


def _bound(args, kwargs, code, offset):
    """warn(message, category=None, stacklevel=1, source=None, *, skip_file_prefixes=())."""
    names = ("message", "category", "stacklevel", "source")
    if "skip_file_prefixes" in kwargs:
        raise Unsupported("warnings.warn with skip_file_prefixes: the warning names a "
                          "frame that exists only while the step runs", code, offset)
    if len(args) > len(names) or any(name not in names for name in kwargs) or \
            any(name in kwargs for name in names[:len(args)]):
        raise Raises("warnings.warn with arguments it does not take: TypeError", code,
                     offset)
    values = dict(zip(names, args), **kwargs)
    if "message" not in values:
        raise Raises("warnings.warn without a message: TypeError", code, offset)
    return (values["message"], values.get("category"), values.get("stacklevel", 1),
            values.get("source"))


def _action(text, category, module, lineno):
    """The action warnings' filters give this warning (warn_explicit's search).  With
    `text` None (made from graph values, known after the graph), the action whatever
    the text, or None where it depends on the text."""
    for action, message, kind, module_pattern, line in warnings.filters:
        if not (issubclass(category, kind) and
                (module_pattern is None or module_pattern.match(module)) and
                (line == 0 or line == lineno)):
            continue
        if message is None or message.pattern == "":
            return action          # (filterwarnings' default message "" matches all)
        if text is None:
            return None
        if message.match(text):
            return action
    return warnings.defaultaction


def _globals_of(b, code):
    """The globals of the frame running `code`: the step's, or an inlined function's."""
    if code is b.code:
        return b.target.globals
    for fn in b.inlining.inlined.values():
        if getattr(fn, "__code__", None) is code:
            return fn.__globals__
    raise Unsupported("warnings.warn in code whose module janus does not know", code, 0)


# While janus builds, build/purity.py holds back the warnings library code shows with a
# showwarning of its own; the program's is kept here for that thread.
_building = threading.local()


@contextlib.contextmanager
def program_showwarning(hook):
    """`hook` is the program's warnings.showwarning while the block runs (purity swaps
    in its own)."""
    outer = getattr(_building, "showwarning", None)
    _building.showwarning = hook
    try:
        yield
    finally:
        _building.showwarning = outer


def _warning_hook(name):
    held = getattr(_building, "showwarning", None)
    if name == "showwarning" and held is not None:
        return held
    return getattr(warnings, name, None)


def _appends_to_a_list(hook) -> bool:
    return type(hook) is types.BuiltinMethodType and type(hook.__self__) is list and \
        hook.__name__ == "append"


_WARNING_HOOKS = ("showwarning", "_showwarnmsg", "_showwarnmsg_impl", "formatwarning",
                  "_formatwarnmsg_impl")


def warnings_hooks_replaced():
    """The first of warnings' display hooks that is not warnings' own function, as
    `warnings.<name>`, or None.  `catch_warnings(record=True)`'s list.append is plain:
    it only keeps the message."""
    for name in _WARNING_HOOKS:
        hook = _warning_hook(name)
        if isinstance(hook, types.FunctionType) and hook.__name__ == name and \
                hook.__globals__ is vars(warnings):
            continue
        if name == "_showwarnmsg_impl" and _appends_to_a_list(hook):
            continue
        return f"warnings.{name}"
    return None
