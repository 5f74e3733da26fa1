"""The program starts watching the interpreter → janus stands aside for the rest of the run.

A trace or profile function (sys.settrace, sys.setprofile: debuggers, coverage tools,
profilers), a sys.monitoring callback of the program's, or an audit hook
(sys.addaudithook) sees the calls, lines and events of the program's code.  Under a
graph a call runs none of its lines, and janus's own Python (frame reads, attribute
reads) raises audit events eager does not: what the observer records would differ.
So from the moment the program installs one, every call runs in the interpreter: the
entry functions and profiles go (janus_ext.release), and so do janus's wrappers of
TF's eager-op entry points and of GradientTape.__enter__.  Nothing janus deferred is
pending at that moment: a graph call commits before it returns.

Seen from janus_ext's audit hook, added when the program imports TensorFlow.  An
observer installed before that import is found then: a trace or profile function, a
sys.monitoring tool, or an audit hook (janus_ext counts the hooks others added).
"""

import sys

import janus_ext

_restorers: list = []     # undo janus's wrappers (detect/tape.py, detect/eager_ops.py)
stood_aside = None        # why janus stands aside, or None


def watch(restore_wrappers):
    """Stand aside when the program starts observing; `restore_wrappers()` takes
    janus's wrappers out.  An observer already installed counts at once."""
    _restorers.append(restore_wrappers)
    janus_ext.watch_observers(_seen)
    _hide_tool_ids()
    already = _installed_observer()
    if already is not None:
        stand_aside(already)


def _seen(event, args):
    if event == "sys.monitoring.register_callback":
        callback = args[0] if args else None
        if callback is None or _is_janus(callback):
            return
        stand_aside("the program registered a sys.monitoring callback")
    elif event == "sys.addaudithook":
        stand_aside("the program added an audit hook (sys.addaudithook)")
    else:
        what = "trace" if event == "sys.settrace" else "profile"
        stand_aside(f"the program set a {what} function ({event})")


# sys.monitoring functions that take a tool id, beside get_tool.
_TOOL_FUNCTIONS = ("use_tool_id", "free_tool_id", "set_events",
                   "get_events", "set_local_events", "get_local_events")


def _hide_tool_ids():
    """The sys.monitoring tool ids janus holds (janus_ext's profile, the build's purity
    watch, the trace) are not the program's to see: get_tool answers None for them, as
    eager would, and the moment the program uses one of them janus stands aside,
    releasing its ids, before the program's own call runs on a free id."""
    monitoring = sys.monitoring
    real_get_tool = monitoring.get_tool
    if getattr(real_get_tool, "__wrapped__", None) is not None:
        return

    def held_by_janus(tool_id):
        try:
            name = real_get_tool(tool_id)
        except (TypeError, ValueError):
            return False
        return name is not None and name.startswith("janus")

    def from_janus():
        caller = sys._getframe(2).f_globals.get("__name__") or ""
        return caller == "janus" or caller.startswith("janus.")

    def get_tool(tool_id, /):
        name = real_get_tool(tool_id)
        if name is not None and name.startswith("janus") and not from_janus():
            return None
        return name

    def guarding(real):
        def call(tool_id, *args):
            if held_by_janus(tool_id) and not from_janus():
                stand_aside(f"the program uses sys.monitoring tool {tool_id}, which "
                            "janus held")
            return real(tool_id, *args)
        call.__name__, call.__qualname__, call.__doc__ = real.__name__, real.__name__, \
            real.__doc__
        call.__wrapped__ = real
        return call

    get_tool.__name__, get_tool.__doc__ = "get_tool", real_get_tool.__doc__
    get_tool.__wrapped__ = real_get_tool
    monitoring.get_tool = get_tool
    for name in _TOOL_FUNCTIONS:
        if hasattr(monitoring, name):
            setattr(monitoring, name, guarding(getattr(monitoring, name)))


def _is_janus(callback):
    module = getattr(callback, "__module__", None) or ""
    return module == "janus_ext" or module.startswith("janus.")


def _installed_observer():
    if sys.gettrace() is not None:
        return "the program set a trace function (sys.settrace)"
    if sys.getprofile() is not None:
        return "the program set a profile function (sys.setprofile)"
    for tool in range(6):
        name = sys.monitoring.get_tool(tool)
        if name is not None and not name.startswith("janus"):
            return f"the program uses sys.monitoring tool {tool} ({name!r})"
    if janus_ext.foreign_audit_hooks():
        return "the program added an audit hook (sys.addaudithook)"
    return None


def stand_aside(reason):
    """Every call runs in the interpreter from now on, and janus adds no work of its own
    to it."""
    global stood_aside
    if stood_aside is not None:
        return
    stood_aside = reason
    janus_ext.stop_watching_observers()
    from ..build import purity
    from ..run import executor
    executor.stand_aside(reason)
    purity.release()          # the sys.monitoring tool ids janus holds go back too
    janus_ext.release()
    for restore in _restorers:
        restore()
