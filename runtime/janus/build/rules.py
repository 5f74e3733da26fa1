"""The protocol of the builder's call rules (build/calls.py, build/stdlib_calls.py): a
rule answers a call with a value, or with PASS when the call is not its to take."""

PASS = object()       # a rule's answer when the call is not its to take


def only(args, kwargs, count):
    """Exactly `count` positional arguments and no keywords."""
    return len(args) == count and not kwargs
