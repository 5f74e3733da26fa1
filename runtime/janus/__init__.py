"""janus-python's runtime: profiles hot code and runs it as speculative TensorFlow graphs.

It is started by the interpreter (site.main(), cpython-patches/0002) unless
JANUS_MODE=off; user scripts never import it.
"""

__version__ = "0.1.0"


def active() -> bool:
    """True when the interpreter started janus (JANUS_MODE=on)."""
    from . import config
    cfg = config.active()
    return cfg is not None and cfg.enabled


_PROFILER_API = ("flag", "unflag", "is_flagged", "profile", "reset_profile", "describe",
                 "MEGAMORPHIC")


def stats() -> dict:
    """What janus did with each function it considered (see JANUS_STATS)."""
    from .observe import counters
    return counters.snapshot()


def __getattr__(name):
    # The profiler (and janus_ext) load on first use, keeping interpreter start-up cheap.
    if name in _PROFILER_API:
        from .frontend import profiler
        return getattr(profiler, name)
    raise AttributeError(f"module 'janus' has no attribute {name!r}")
