"""tf.cond whose branch functions return plain Python values (a float gradient
multiplier, a str mode tag, an int repeat count).

In eager mode tf.cond evaluates its tensor predicate, calls only the branch taken
and hands back exactly what that branch returned: a Python float, str or int, not a
tensor.  The step stores these in Python state, prints them and returns one.  A
graph that built the tf.cond as a real cond op (cond_v2 converts branch outputs to
tensors) would hand the program EagerTensors instead: the printed lines ("mult 0.5"
vs "mult tf.Tensor(0.5, ...)"), the stored types and the JSON summary would change.
The predicate flips both ways during the run so both branches are taken.
Probes: library control-flow APIs whose eager result is the Python object the
program's function returned."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1701)
rng = np.random.default_rng(1701)

XS = rng.normal(size=(96, 6)).astype(np.float32)
TRUE_W = rng.normal(size=(6, 1)).astype(np.float32)
YS = (XS @ TRUE_W + 0.2 * rng.normal(size=(96, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3)
B = tf.Variable(tf.zeros((1,)))
OPT = keras.optimizers.SGD(learning_rate=0.08)
STATE = {"mults": [], "modes": [], "reps": []}


def coarse():
    return "coarse"


def fine():
    return "fine"


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = x @ W + B
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [W, B])
    gnorm = tf.linalg.global_norm(grads)
    mult = tf.cond(gnorm > 2.0, lambda: 0.5, lambda: 1.0)
    mode = tf.cond(loss > 1.0, coarse, fine)
    reps = tf.cond(loss > 1.0, lambda: 2, lambda: 1)
    OPT.apply_gradients(zip([g * mult for g in grads], [W, B]))
    STATE["mults"].append(mult)
    STATE["modes"].append(mode)
    STATE["reps"].append(reps)
    print("  mult", mult, "mode", mode, "reps", reps)
    return loss, mult


for step in range(36):
    i = (step * 16) % 80
    loss, mult = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), type(mult).__name__)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "B": [repr(float(v)) for v in B.numpy().ravel()],
    "mult_types": sorted({type(m).__name__ for m in STATE["mults"]}),
    "mode_types": sorted({type(m).__name__ for m in STATE["modes"]}),
    "rep_types": sorted({type(m).__name__ for m in STATE["reps"]}),
    "mults": [repr(float(m)) for m in STATE["mults"]],
    "modes": [str(m) for m in STATE["modes"]],
    "reps_total": int(sum(int(r) for r in STATE["reps"])),
    "iterations": int(OPT.iterations.numpy()),
}))
