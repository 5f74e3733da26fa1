"""Interpreter start-up (called from site.main() by cpython-patches/0002) → active runtime.

Start-up must stay cheap: `janus-python -c pass` imports only this, config, hot and the
package itself.  TensorFlow and janus_ext load when the program imports TensorFlow.
"""

import os
import sys

from . import config


def activate() -> None:
    try:
        _config = config.activate_from_environ()
    except config.JanusConfigError as exc:
        # site.main() cannot raise SystemExit cleanly (the interpreter would report a
        # fatal error in init_import_site), so report like a usage error and leave.
        print(f"janus-python: error: {exc}", file=sys.stderr)
        sys.stderr.flush()
        os._exit(2)
    if not _config.enabled:
        return
    if _config.data_parallel != "off" and config.launched_size() > 1:
        # TF's default CPU allocator gives every large tensor fresh pages from the OS;
        # a collective writing 40 MB into them ran at half of mpi4py's speed (page
        # faults), against ~85% with the BFC allocator, which reuses its memory.
        os.environ.setdefault("TF_CPU_ALLOCATOR_USE_BFC", "true")
    # janus's `horovod.tensorflow` (janus/shims): last on the path, so an installed
    # Horovod wins.
    sys.path.append(os.path.join(os.path.dirname(__file__), "shims"))
    from .detect import tape
    tape.watch_imports()
    if _config.trace_path:
        from .observe import trace
        trace.start(_config.trace_path, _config.trace_ops)
    if _config.stats_path:
        import atexit
        atexit.register(_write_stats, _config.stats_path)


def _write_stats(path):
    from .observe import counters
    try:
        counters.write_json(path)
    except OSError as exc:
        print(f"janus-python: cannot write JANUS_STATS={path}: {exc}", file=sys.stderr)
