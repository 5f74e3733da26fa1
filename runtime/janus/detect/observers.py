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
