# The stack walk of janus/detect/eager_ops.py, run before every eager TF op: from TF's wrapper
# frames up to the first frame of the program's own code.
#
# Which code objects are library code is kept in the code object itself, in a slot of
# the interpreter's per-code "extra" array (PyUnstable_Code_SetExtra): one array read per
# frame, no dictionary, and a code object's mark dies with it (no address reuse).

cdef extern from "Python.h":
    PyFrameObject *PyFrame_GetBack(PyFrameObject *frame)
    PyCodeObject *PyFrame_GetCode(PyFrameObject *frame)
    Py_ssize_t PyUnstable_Eval_RequestCodeExtraIndex(void *free) except -1
    int PyUnstable_Code_GetExtra(PyObject *code, Py_ssize_t index, void **extra) except -1
    int PyUnstable_Code_SetExtra(PyObject *code, Py_ssize_t index, void *extra) except -1
    void Py_DECREF(PyObject *o)

cdef Py_ssize_t _library_mark = -1
cdef void *_LIBRARY = <void *>1


cdef Py_ssize_t _mark_index() except -1:
    global _library_mark
    if _library_mark < 0:
        _library_mark = PyUnstable_Eval_RequestCodeExtraIndex(NULL)
    return _library_mark


def mark_library(code):
    """From now on first_user_frame() walks past frames of `code`."""
    if type(code) is not type(mark_library.__code__):
        raise TypeError(f"expected a code object, got {type(code).__name__}")
    PyUnstable_Code_SetExtra(<PyObject *>code, _mark_index(), _LIBRARY)


def is_marked_library(code):
    cdef void *extra = NULL
    PyUnstable_Code_GetExtra(<PyObject *>code, _mark_index(), &extra)
    return extra == _LIBRARY


def first_user_frame(frame):
    """`frame` or the first frame above it whose code is not marked as library code
    (the program's code, or code not classified yet); None past the outermost frame."""
    if frame is None:
        return None
    cdef Py_ssize_t index = _mark_index()
    cdef PyFrameObject *current = <PyFrameObject *>frame
    cdef PyFrameObject *back
    cdef PyCodeObject *code
    cdef void *extra
    Py_INCREF(frame)
    while True:
        code = PyFrame_GetCode(current)
        extra = NULL
        PyUnstable_Code_GetExtra(<PyObject *>code, index, &extra)
        Py_DECREF(<PyObject *>code)
        if extra != _LIBRARY:
            result = <object>current      # takes a new reference
            Py_DECREF(<PyObject *>current)
            return result
        back = PyFrame_GetBack(current)
        Py_DECREF(<PyObject *>current)
        if back == NULL:
            return None
        current = back
