# cython: language_level=3
# Hot state of the event sink: one CodeProfile per flagged code object.

cdef class SiteCounts:
    cdef dict counts
    cdef readonly Py_ssize_t overflow     # events whose key did not fit under the cap
    cdef void add(self, object key) except *

cdef class ValueSite:
    cdef readonly str op
    cdef readonly object name
    cdef readonly SiteCounts objects
    cdef readonly SiteCounts keys
    cdef readonly SiteCounts values
    cdef readonly Py_ssize_t samples    # events recorded; capped at SITE_SAMPLES

cdef class CodeProfile:
    cdef readonly object code
    cdef readonly Py_ssize_t calls
    cdef dict aliases          # EXTENDED_ARG offset -> the instruction it prefixes
    cdef dict fallthrough      # branch offset -> offset of the not-taken successor
    cdef list loop_ranges      # [(header, last latch)], from the bytecode front end
    cdef dict actions          # instruction offset -> tuple of value-site actions
    cdef tuple arg_names
    cdef dict args             # name -> SiteCounts of descriptors
    cdef dict branches         # offset -> [not_taken, taken]
    cdef dict loops            # header -> SiteCounts of back edges per entry
    cdef dict callees          # offset -> SiteCounts of callee objects
    cdef dict sites            # site offset -> ValueSite
    cdef SiteCounts returns
    cdef dict frames           # frame address -> {header: back edges so far}
    cdef Py_ssize_t last_offset  # the last INSTRUCTION event, to pair "after" events
    cdef object pending_key    # BINARY_SUBSCR's key, seen before its result

    cpdef reset(self)
    cdef void on_start(self) except *
    cdef void on_return(self, object value) except *
    cdef void on_transfer(self, Py_ssize_t src, Py_ssize_t dest) except *
    cdef void on_branch(self, Py_ssize_t src, Py_ssize_t dest) except *
    cdef void on_call(self, Py_ssize_t offset, object callee) except *
    cdef ValueSite site(self, Py_ssize_t offset, str op, object name)
    cdef bint on_instruction(self, Py_ssize_t offset) except -1
