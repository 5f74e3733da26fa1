"""Demo training speed, side by side: steps/s of LeNet on digits under JANUS_MODE=off
(eager), janus, and the same step hand-wrapped in tf.function, in one run.

    bin/janus-python bench/step_speed.py [--repeats 3] [--epochs 6]

Modes run in rotating order per repeat so that machine noise falls on all of them; the
report gives each mode's median steps/s and the spread, and the ratios to eager.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

DEMO = Path(__file__).resolve().parent / "models" / "lenet.py"
MODES = {"eager": ({"JANUS_MODE": "off"}, []), "janus": ({"JANUS_MODE": "on"}, []),
         "tf.function": ({"JANUS_MODE": "off"}, ["--tf-function"])}


def steps_per_second(env_extra, extra_args, epochs):
    env = {k: v for k, v in os.environ.items() if not k.startswith("JANUS_")}
    env.update(env_extra)
    out = subprocess.run([sys.executable, str(DEMO), "--epochs", str(epochs), *extra_args],
                         env=env, capture_output=True, text=True, check=True).stdout
    return float(re.search(r"steps/s ([\d.]+)", out).group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--epochs", type=int, default=6)
    args = parser.parse_args()
    names = list(MODES)
    results = {name: [] for name in names}
    for r in range(args.repeats):
        for name in names[r % 3:] + names[:r % 3]:
            env, extra = MODES[name]
            results[name].append(steps_per_second(env, extra, args.epochs))
    eager = statistics.median(results["eager"])
    for name in names:
        values = results[name]
        med = statistics.median(values)
        print(f"{name:<12} {med:8.1f} steps/s (spread {min(values):.1f}-{max(values):.1f}) "
              f"x{med / eager:.2f} vs eager")


if __name__ == "__main__":
    main()
