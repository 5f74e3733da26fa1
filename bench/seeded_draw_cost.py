"""What an eager random draw costs, with and without an op seed of its own.

    JANUS_MODE=off bin/janus-python bench/seeded_draw_cost.py
    bin/janus-python bench/seeded_draw_cost.py

Under janus an eager draw with a fixed seed is made by the stateless kernel at the
stream position janus keeps (janus/semantics/seed_streams.py); a draw without one is
TF's own.  Prints the best of the repeats, µs per draw, for a 64-number draw.
"""

import argparse
import timeit

import tensorflow as tf


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--calls", type=int, default=2000)
    args = parser.parse_args()
    tf.random.set_seed(1)
    seeded = lambda: tf.random.normal([64], seed=3)      # noqa: E731
    unseeded = lambda: tf.random.normal([64])            # noqa: E731
    for _ in range(200):
        seeded(), unseeded()
    for name, draw in (("op seed", seeded), ("no op seed", unseeded)):
        best = min(timeit.repeat(draw, number=args.calls, repeat=args.repeats))
        print(f"{name}: {best / args.calls * 1e6:.1f} µs per draw")


if __name__ == "__main__":
    main()
