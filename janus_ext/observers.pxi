# The program starts watching the interpreter itself (janus/detect/observers.py): a C
# audit hook, since it sees every audit event of the process (a frame read per eager
# op among them), and compares names only for the few events that install an observer.

from libc.string cimport strcmp, strncmp

cdef extern from "Python.h":
    ctypedef int (*Py_AuditHookFunction)(const char *event, PyObject *args, void *data)
    int PySys_AddAuditHook(Py_AuditHookFunction hook, void *data)

cdef extern from *:
    """
    #ifndef Py_BUILD_CORE
    #define Py_BUILD_CORE 1
    #endif
    #include "internal/pycore_interp.h"
    #include "internal/pycore_runtime.h"

    /* Audit hooks in the process besides `ours`: the interpreter's Python hooks and
       the runtime's C hooks (CPython 3.13's layout; no public API lists them). */
    static Py_ssize_t janus_foreign_audit_hooks(Py_AuditHookFunction ours) {
        Py_ssize_t count = 0;
        PyInterpreterState *interp = PyInterpreterState_Get();
        if (interp->audit_hooks != NULL && PyList_Check(interp->audit_hooks))
            count += PyList_GET_SIZE(interp->audit_hooks);
        for (_Py_AuditHookEntry *e = _PyRuntime.audit_hooks.head; e != NULL; e = e->next)
            if (e->hookCFunction != ours)
                count += 1;
        return count;
    }
    """
    Py_ssize_t janus_foreign_audit_hooks(Py_AuditHookFunction ours)

cdef object _observer_seen = None     # called with (event, args) once watching
cdef bint _audit_hook_added = False


cdef int _audit(const char *event, PyObject *args, void *data) noexcept:
    if _observer_seen is None or strncmp(event, b"sys.", 4) != 0:
        return 0
    if strcmp(event, b"sys.settrace") != 0 and strcmp(event, b"sys.setprofile") != 0 \
            and strcmp(event, b"sys.addaudithook") != 0 \
            and strcmp(event, b"sys.monitoring.register_callback") != 0:
        return 0
    try:
        _observer_seen(event.decode(), <object>args if args != NULL else ())
    except BaseException:
        pass               # an audit hook that raises would abort the program's call
    return 0


def watch_observers(callback):
    """From now on, call callback(event, args) when the program sets a trace or profile
    function, adds an audit hook or registers a sys.monitoring callback."""
    global _observer_seen, _audit_hook_added
    _observer_seen = callback
    if not _audit_hook_added:
        if PySys_AddAuditHook(_audit, NULL) < 0:
            raise RuntimeError("janus: cannot add its audit hook")
        _audit_hook_added = True


def foreign_audit_hooks():
    """How many audit hooks others added (the program's sys.addaudithook ones among
    them), before janus watched or since."""
    return janus_foreign_audit_hooks(_audit)


def stop_watching_observers():
    global _observer_seen
    _observer_seen = None
