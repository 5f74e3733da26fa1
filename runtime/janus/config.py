"""Environment → validated janus switches (the JANUS_* variables, each documented here)."""

import os

# Plain classes, not dataclasses: this module runs at every interpreter start, and
# importing dataclasses (inspect, re, ...) tripled `janus-python -c pass` (18 → 60 ms).


class JanusConfigError(ValueError):
    """A JANUS_* variable has a value janus does not accept."""


class Switch:
    __slots__ = ("name", "default", "choices", "doc")

    def __init__(self, name: str, default: str, choices: tuple[str, ...], doc: str):
        self.name, self.default, self.choices, self.doc = name, default, choices, doc


SWITCHES = (
    Switch("JANUS_MODE", "on", ("on", "off"),
           "on: profile hot code and run it as TensorFlow graphs. "
           "off: the plain CPython 3.13.5 interpreter; nothing of janus is imported "
           "(the reference that janus results are compared against)."),
    Switch("JANUS_STATS", "0", ("0", "1"),
           "1: at exit, print to stderr what janus did with each function it considered: "
           "calls, graph runs, interpreted calls, builds, and the reason for every "
           "fallback, guard miss and non-conversion."),
)


class Config:
    __slots__ = ("mode", "stats")

    def __init__(self, mode: str, stats: bool):
        self.mode = mode
        self.stats = stats

    @property
    def enabled(self) -> bool:
        return self.mode == "on"


def switch_value(switch: Switch, environ) -> str:
    value = environ.get(switch.name, switch.default)
    if value not in switch.choices:
        raise JanusConfigError(
            f"{switch.name}={value!r} is not valid (must be one of: "
            f"{', '.join(switch.choices)}; default {switch.default})")
    return value


def from_environ(environ=None) -> Config:
    environ = os.environ if environ is None else environ
    values = {s.name: switch_value(s, environ) for s in SWITCHES}
    return Config(mode=values["JANUS_MODE"], stats=values["JANUS_STATS"] == "1")


def help_text() -> str:
    import textwrap
    lines = ["janus-python switches (environment variables):", ""]
    for s in SWITCHES:
        lines.append(f"  {s.name}={'|'.join(s.choices)}   (default: {s.default})")
        lines.extend(textwrap.wrap(s.doc, 80, initial_indent="      ",
                                   subsequent_indent="      "))
    return "\n".join(lines)
