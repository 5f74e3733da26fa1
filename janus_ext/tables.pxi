# What CPython's dict and set tables hold beyond their items: the room and the slots
# their history left, which sys.getsizeof, iteration order and the next resize show.
# build/outputs.py gives the containers a call made the very tables the build's have.

cdef extern from *:
    """
    #include "internal/pycore_dict.h"
    #include "internal/pycore_setobject.h"

    /* Entries a dict's table has used, deleted ones included (no public API). */
    static Py_ssize_t janus_dict_entries(PyObject *d) {
        PyDictObject *mp = (PyDictObject *)d;
        return mp->ma_values != NULL ? mp->ma_used : mp->ma_keys->dk_nentries;
    }

    /* The size of a set's table (less one) and its used slots, deleted ones included. */
    static Py_ssize_t janus_set_mask(PyObject *s) { return ((PySetObject *)s)->mask; }
    static Py_ssize_t janus_set_fill(PyObject *s) { return ((PySetObject *)s)->fill; }

    /* A new set (or frozenset) whose table is a copy of `src`'s, slot for slot: the
       same size, the same items in the same slots, the same deleted slots and pop()
       finger.  Copying the items one by one would give another table whenever `src`
       had items removed or grew past its items (no public API keeps a layout).
       `item_of` (or None) gives the object to hold for each item: one equal to it,
       with its hash. */
    static PyObject *janus_set_replica(PyObject *src, PyObject *item_of) {
        PySetObject *so = (PySetObject *)src;
        PyObject *made = PyFrozenSet_CheckExact(src) ? PyFrozenSet_New(NULL)
                                                     : PySet_New(NULL);
        if (made == NULL)
            return NULL;
        PySetObject *r = (PySetObject *)made;
        if (Py_REFCNT(made) != 1 || r->table != r->smalltable || r->fill != 0) {
            Py_DECREF(made);
            PyErr_SetString(PyExc_RuntimeError, "set_replica: not a fresh empty set");
            return NULL;
        }
        setentry *table = r->smalltable;
        if (so->mask + 1 > PySet_MINSIZE) {
            table = PyMem_NEW(setentry, (size_t)so->mask + 1);
            if (table == NULL) {
                Py_DECREF(made);
                return PyErr_NoMemory();
            }
        }
        for (Py_ssize_t i = 0; i <= so->mask; i++) {
            table[i].key = NULL;
            table[i].hash = 0;
        }
        for (Py_ssize_t i = 0; i <= so->mask; i++) {
            PyObject *key = so->table[i].key;
            Py_hash_t hash = so->table[i].hash;
            if (key != NULL && key != _PySet_Dummy) {
                key = item_of == Py_None ? Py_NewRef(key)
                                         : PyObject_CallOneArg(item_of, key);
                if (key == NULL || (item_of != Py_None && PyObject_Hash(key) != hash)) {
                    if (key != NULL)
                        PyErr_SetString(PyExc_RuntimeError,
                                        "set_replica: an item's hash changed");
                    Py_XDECREF(key);
                    for (Py_ssize_t j = 0; j < i; j++)
                        if (table[j].key != NULL && table[j].key != _PySet_Dummy)
                            Py_DECREF(table[j].key);
                    if (table != r->smalltable)
                        PyMem_Free(table);
                    Py_DECREF(made);
                    return NULL;
                }
            }
            table[i].key = key;
            table[i].hash = hash;
        }
        r->table = table;
        r->mask = so->mask;
        r->fill = so->fill;
        r->used = so->used;
        r->finger = so->finger;
        r->hash = -1;
        return made;
    }
    """
    Py_ssize_t janus_dict_entries(PyObject *d)
    object janus_set_replica(PyObject *src, PyObject *item_of)
    Py_ssize_t janus_set_mask(PyObject *s)
    Py_ssize_t janus_set_fill(PyObject *s)


def dict_entries(dict d):
    """How many entries `d`'s table holds, deleted ones included: a dict that had keys
    deleted keeps their slots (and a larger table) until it resizes (build/outputs.py
    makes the dicts a call made with as many)."""
    return janus_dict_entries(<PyObject *>d)


def set_replica(s, item_of=None):
    """A new set or frozenset (as `s` is) with `s`'s very table: its items (or what
    `item_of` gives for each: an equal object with the same hash) in the same slots,
    its deleted slots, its room.  Iterating it, printing it, sys.getsizeof and what
    adding to it does are as for `s`."""
    if type(s) is not set and type(s) is not frozenset:
        raise TypeError(f"set_replica() takes a set or frozenset, not {type(s).__name__}")
    return janus_set_replica(<PyObject *>s, <PyObject *>item_of)


def set_layout(s):
    """(table mask, used slots counting deleted ones) of an exact set or frozenset: what,
    beside its items in order, decides what a copy of it iterates in."""
    if type(s) is not set and type(s) is not frozenset:
        raise TypeError(f"set_layout() takes a set or frozenset, not {type(s).__name__}")
    return (janus_set_mask(<PyObject *>s), janus_set_fill(<PyObject *>s))
