"""The program's logging setup a converted step logs through: a step's `logging` calls
are effects replayed at commit (build/output.py), which is exact only when emitting a
record runs nothing of the program's and keeps nothing it can read back before the
commit; and the setup is compared at each call (library_state.changed_contents), so a
handler, filter or formatter added between calls makes the graph stale.
"""

import logging
import logging.handlers


def not_plain(logger):
    """What of the program's code emitting a record through `logger` runs (a filter on
    it or its handlers, a handler or formatter class of the program's, a record
    factory), or None when only the logging module's own code does."""
    if logging.getLogRecordFactory() is not logging.LogRecord:
        return "a record factory of the program's"
    current = logger
    while current is not None:
        if current.filters:
            return f"a filter on logger {current.name!r}"
        for handler in current.handlers:
            if handler.filters:
                return f"a filter on a handler of logger {current.name!r}"
            for part in (handler, handler.formatter):
                module = getattr(type(part), "__module__", "")
                if part is not None and module not in ("logging", "logging.handlers"):
                    return f"a {type(part).__qualname__} on logger {current.name!r}"
            if isinstance(handler, logging.handlers.BufferingHandler):
                # Its records are Python state the step can read back right after
                # logging (`len(handler.buffer)`), before janus emits them.
                return f"a {type(handler).__qualname__} on logger {current.name!r}, " \
                       "which keeps the records"
        if not current.propagate:
            break
        current = current.parent
    return None


def setup_of(logger):
    """What emitting through `logger` runs, by identity: compared at each call."""
    chain, current = [logging.getLogRecordFactory()], logger
    while current is not None:
        chain.append((current.propagate, tuple(map(id, current.filters)),
                      tuple((id(h), id(h.formatter), tuple(map(id, h.filters)))
                            for h in current.handlers)))
        if not current.propagate:
            break
        current = current.parent
    return tuple(chain)


def compared_loggers(loggers):
    """(where, logger, its setup) for `changed_contents`: a filter, handler or formatter
    added between calls makes the graph stale (the rebuild then asks
    not_plain again)."""
    return tuple((f"the handlers and filters of logger {logger.name!r}", logger,
                  setup_of(logger)) for logger in loggers)
