"""What isinstance() and issubclass() against an abstract base class answer from,
beside the classes themselves: abc's registrations anywhere (its cache token) and, per
abstract class, its registry and its caches of earlier answers.  A build that asked
compares them before each call (library_state's settings, compared_settings)."""

import _abc
import abc
import functools
import weakref

from . import library_state

# `ABC.register(cls)` anywhere moves abc's cache token, and so may change what
# isinstance() and issubclass() answer for an abstract base class.
ABC_REGISTRATIONS = library_state.Setting(
    "the registrations of abstract base classes (ABC.register)", abc.get_cache_token)
# Per abstract class and class asked about: what abc's own caches hold (abstract_answer).
_ABSTRACT_ANSWERS = weakref.WeakKeyDictionary()


def abstract_answer(base, subject):
    """The setting isinstance()/issubclass() against the abstract class `base` answers
    from for the class `subject`, beside the registrations (ABC_REGISTRATIONS): what
    abc's registry holds (by identity), whether its caches hold `subject` as a subclass
    or as not one, and the negative cache's version.  `base._abc_caches_clear()` and
    `_abc_registry_clear()` move no token, and the next check asks `__subclasshook__`
    again.  The caller has asked once first, so eager's answer is in them."""
    per_base = _ABSTRACT_ANSWERS.setdefault(base, weakref.WeakKeyDictionary())
    found = per_base.get(subject)
    if found is None:
        found = per_base[subject] = library_state.Setting(
            f"abc's cached answer for {subject.__qualname__} against {base.__qualname__}",
            functools.partial(_abstract_cached, weakref.ref(base), weakref.ref(subject)))
    return found


def _abstract_cached(base_ref, subject_ref):
    base, subject = base_ref(), subject_ref()
    if base is None or subject is None:
        return None
    # (The registry answers without caching: `_abc_registry_clear()` changes the
    # answer for a registered class and moves no token either.)
    registry, positive, negative, version = _abc._get_dump(base)
    return (frozenset(id(ref()) for ref in registry),
            any(ref() is subject for ref in positive),
            any(ref() is subject for ref in negative), version)
