"""Environment → validated janus switches (the JANUS_* variables, each documented here)."""

import os
from dataclasses import dataclass


class JanusConfigError(ValueError):
    """A JANUS_* variable has a value janus does not accept."""


@dataclass(frozen=True, slots=True)
class Switch:
    name: str
    default: str
    choices: tuple[str, ...] | None  # None: free-form, checked by `parse`
    doc: str


SWITCHES = (
    Switch("JANUS_MODE", "on", ("on", "off"),
           "on: profile hot code and run it as TensorFlow graphs. "
           "off: the plain CPython 3.13.5 interpreter; nothing of janus is imported "
           "(the reference that janus results are compared against)."),
)


@dataclass(frozen=True, slots=True)
class Config:
    mode: str

    @property
    def enabled(self) -> bool:
        return self.mode == "on"


def switch_value(switch: Switch, environ) -> str:
    value = environ.get(switch.name, switch.default)
    if switch.choices is not None and value not in switch.choices:
        raise JanusConfigError(
            f"{switch.name}={value!r} is not valid (must be one of: "
            f"{', '.join(switch.choices)}; default {switch.default})")
    return value


def from_environ(environ=None) -> Config:
    environ = os.environ if environ is None else environ
    values = {s.name: switch_value(s, environ) for s in SWITCHES}
    return Config(mode=values["JANUS_MODE"])


def help_text() -> str:
    lines = ["janus-python switches (environment variables):", ""]
    for s in SWITCHES:
        allowed = "|".join(s.choices) if s.choices else "see below"
        lines.append(f"  {s.name}={allowed}   (default: {s.default})")
        lines.append(f"      {s.doc}")
    return "\n".join(lines)
