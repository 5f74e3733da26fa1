"""Python writes inside a branch on a tensor: `if loss < best: best = loss; count += 1`.

Under janus and JANUS_MODE=off; prints one JSON document, with types (typed.py):
per-step losses, the tracked state, the final variables, and under janus the kinds of
the operations in the graphs janus built for the step.
"""

import json
import sys

import numpy as np
import tensorflow as tf

from typed import typed

tf.keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(3)
rng = np.random.default_rng(3)


class Tracker:
    def __init__(self):
        self.best = tf.constant(np.inf, tf.float64)
        self.improved = 0
        self.worse = 0
        self.small = 0


tracker = Tracker()
last_improved = -1


def train_step(model, optimizer, x, y, step_index):
    global last_improved
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((model(x) - y) ** 2)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    if loss < tracker.best:
        tracker.best = loss
        tracker.improved += 1
        last_improved = step_index
        if loss < 0.2:                # a cond inside the arm: its write is conditional
            tracker.small += 1
    else:
        tracker.worse = tracker.worse + 1
    return loss



def conds_in_graphs(fn):
    """Under janus: for each graph built for fn, one [then, else] pair per tf.cond (an
    If/StatelessIf op) at its top level, counting the conds inside each arm."""
    from janus.run import executor
    found = []
    for graph in executor._states[fn.__code__].cache.entries:
        graph_def = graph.function.graph.as_graph_def()
        library = {f.signature.name: f.node_def for f in graph_def.library.function}
        conds = [node for node in graph_def.node if node.op in ("If", "StatelessIf")]
        found.append([[sum(n.op in ("If", "StatelessIf")
                           for n in library[node.attr[arm].func.name])
                       for arm in ("then_branch", "else_branch")] for node in conds])
    return found


model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.SGD(0.05)
w = rng.standard_normal((3, 1))
losses, kept_object = [], []
for i in range(60):
    x = rng.standard_normal((16, 3))
    y = x @ w + 0.3 * rng.standard_normal((16, 1))
    previous = tracker.best
    losses.append(train_step(model, optimizer, x, y, i))
    # The arm that does not write leaves the very same object in place.
    kept_object.append(tracker.best is previous)
results = typed({
    "losses": losses, "tracker": tracker, "last_improved": last_improved,
    "kept_object": kept_object, "variables": model.variables,
})
if "janus" in sys.modules:
    results["conds"] = conds_in_graphs(train_step)
print(json.dumps(results))
