"""What every bench model shares: its command line and its report to bench/run.py.

Models stay ordinary TF2 programs.  This helper only parses `--steps/--seed/--wrap`,
wraps the step when the harness asks for a symbolic baseline, and prints one line
`BENCH {json}` at the end with per-step losses, per-step end times and items per step.
It knows nothing about janus.
"""

import argparse
import json
import time

import tensorflow as tf

WRAPS = ("none", "function", "trace")


def arguments(description, steps, argv=None, extra=None):
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--steps", type=int, default=steps)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bench", action="store_true",
                        help="print the BENCH report line for bench/run.py")
    parser.add_argument("--wrap", choices=WRAPS, default="none",
                        help="function: tf.function (AutoGraph); trace: "
                             "tf.function(autograph=False), the paper's defun")
    for flag, kwargs in (extra or {}).items():
        parser.add_argument(flag, **kwargs)
    args = parser.parse_args(argv)
    tf.keras.utils.set_random_seed(args.seed)
    return args


def wrap(step, how):
    if how == "function":
        return tf.function(step)
    if how == "trace":
        return tf.function(step, autograph=False)
    return step


class Meter:
    """Per-step loss, end time and amount of work (images, words, frames...)."""

    def __init__(self, unit, args):
        self.unit, self.enabled = unit, args.bench
        self.losses, self.ends, self.items = [], [], []
        self.started = time.time()

    def step(self, loss, items):
        self.losses.append(float(loss))
        self.ends.append(time.time())
        self.items.append(items)

    def report(self):
        if not self.enabled:
            return
        print("BENCH " + json.dumps({"unit": self.unit, "losses": self.losses,
                                     "ends": self.ends, "items": self.items,
                                     "started": self.started}), flush=True)
