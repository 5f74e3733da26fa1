"""What a converted call costs on the way into its graph: guard checks vs the graph call.

    bin/janus-python bench/dispatch.py [--repeats 7] [--calls 300] [--per-guard]

Trains the demo LeNet step until janus runs it as a graph, then times, per call and in
one process: janus_ext.check_guards on that graph's guards; the cache lookup (guards
plus MRU bookkeeping); the graph call alone (inputs read, _call_flat, outputs rebuilt,
effects committed); and the whole call through the interpreter's entry hook.  Prints
medians over the repeats, with the spread.  --per-guard also times each guard alone and
lists the costliest (where the guard check's time goes).
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "models"))

import lenet  # noqa: E402
import tensorflow as tf  # noqa: E402

import janus  # noqa: E402
import janus_ext  # noqa: E402
from janus.run import executor  # noqa: E402


def per_call(fn, calls):
    started = time.perf_counter()
    for _ in range(calls):
        fn()
    return (time.perf_counter() - started) / calls * 1e6


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--per-guard", action="store_true")
    args = parser.parse_args()
    if not janus.active():
        sys.exit("run this under bin/janus-python with JANUS_MODE=on")
    tf.keras.utils.set_random_seed(0)
    (x, y), _ = lenet.load_data(0)
    model = lenet.build_model()
    optimizer = tf.keras.optimizers.SGD(learning_rate=0.01)
    loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    batch = (model, optimizer, loss_fn, x[:64], y[:64])
    for _ in range(6):
        lenet.train_step(*batch)
    state = executor._states[lenet.train_step.__code__]
    graph = state.cache.entries[0]
    timings = {"guards": [], "lookup": [], "graph call": [], "whole call": []}
    for _ in range(args.repeats):
        timings["guards"].append(per_call(
            lambda: janus_ext.check_guards(graph.guards, batch), args.calls))
        timings["lookup"].append(per_call(lambda: state.cache.lookup(batch), args.calls))
        timings["graph call"].append(per_call(lambda: graph.run(batch), args.calls // 3))
        timings["whole call"].append(per_call(lambda: lenet.train_step(*batch),
                                              args.calls // 3))
    print(f"{len(graph.guards)} guards, {len(graph.input_accessors)} graph inputs")
    for name, values in timings.items():
        print(f"{name:<11} {statistics.median(values):9.1f} us per call "
              f"(spread {min(values):.1f}-{max(values):.1f})")
    ratio = statistics.median(timings["guards"]) / statistics.median(timings["graph call"])
    print(f"guards / graph call: {ratio:.3f}")
    if args.per_guard:
        per_guard(graph, batch, args.calls * 5)


def per_guard(graph, batch, calls):
    from janus import guards
    names = ["model", "optimizer", "loss_fn", "x", "y"]
    costs = []
    for guard in graph.guards:
        one = (guard,)
        costs.append((per_call(lambda: janus_ext.check_guards(one, batch), calls),
                      guards.describe_accessor(guard[1], names), guard[0]))
    costs.sort(key=lambda row: row[0], reverse=True)
    print(f"each guard alone: {sum(c for c, _, _ in costs):.1f} us in all; costliest:")
    for cost, where, kind in costs[:8]:
        print(f"  {cost:6.2f} us  kind {kind}  {where}")


if __name__ == "__main__":
    main()
