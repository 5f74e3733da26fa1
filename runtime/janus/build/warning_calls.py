"""warnings.warn in a step → an effect in the ordered log of output
(docs/soundness.md#one-ordered-log-of-output), replayed after the graph as the very
`warnings.warn_explicit` call CPython's warn() makes for the step's frame.

What warn() does depends on the filters, and one action changes the call's course:
"error" raises the warning where it is made.  The build evaluates the filters for this
warning (its text, category, module and line) as warnings does; an "error" sends the
call to the interpreter, which raises it.  The filters and warnings' hooks are
compared before each call (library_state.WARNINGS), so a graph built for "default"
never runs where they say "error".  Everything else -- the registry that shows a
warning once per place, `-W` options, `catch_warnings(record=True)` around the call --
is decided by the replayed call itself, in order with the step's prints.
"""

import warnings

from ..errors import Raises, Unsupported, line_of
from ..state import library_state
from . import arm_output

_ACTIONS = frozenset(("ignore", "always", "default", "module", "once"))


def is_warn(fn) -> bool:
    return fn is warnings.warn


def defer(b, args, kwargs, code, offset):
    """Record `warnings.warn(*args, **kwargs)` made at (code, offset) for the commit."""
    message, category, stacklevel, source = _bound(args, kwargs, code, offset)
    what = f"warnings.warn({message!r})" if type(message) is str else "warnings.warn"
    if type(message) is not str:
        raise Unsupported(f"{what} of a {type(message).__qualname__} message: only a str "
                          "the build knows is matched against the filters", code, offset)
    if category is None:
        category = UserWarning
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise Raises(f"{what} with category {category!r}: TypeError (category must be a "
                     "Warning subclass)", code, offset)
    if type(stacklevel) is not int or stacklevel != 1 or source is not None:
        raise Unsupported(f"{what} with stacklevel or source: the warning names a frame "
                          "that exists only while the step runs", code, offset)
    library_state.note_setting(b.record.settings, library_state.WARNINGS)
    hooks = library_state.warnings_hooks_replaced()
    if hooks is not None:
        raise Unsupported(f"{what} while {hooks} is not warnings' own (the program's, or "
                          "logging.captureWarnings'): it would run after the graph, when "
                          "the step's updates have landed", code, offset)
    module_globals = _globals_of(b, code)
    module = module_globals.get("__name__", "<string>")
    if type(module) is not str:
        raise Unsupported(f"{what} in a module whose __name__ is a "
                          f"{type(module).__qualname__}", code, offset)
    lineno = line_of(code, offset)
    action = _action(message, category, module, lineno)
    if action == "error":
        raise Raises(f"{what}: a filter turns it into an error ({category.__name__})",
                     code, offset)
    if action not in _ACTIONS:
        raise Unsupported(f"{what}: the filters give the action {action!r}", code, offset)
    if b.recursion.call_ids:
        raise Unsupported(f"{what} inside a recursive function: how often it runs is "
                          "known only at run time", code, offset)
    if b.open_regions.depth:
        arm_output.check_plain(what, (message,), {}, code, offset)
    b.heap.call_with_effect(Warned(category, code.co_filename, lineno, module,
                                   module_globals), (message,), {})
    return None


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
    """The action warnings' filters give this warning (warn_explicit's search)."""
    for action, message, kind, module_pattern, line in warnings.filters:
        if (message is None or message.match(text)) and issubclass(category, kind) and \
                (module_pattern is None or module_pattern.match(module)) and \
                (line == 0 or line == lineno):
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
