"""A context manager made in the step from a generator closure:
`@contextlib.contextmanager def phase(name)` is defined inside the step, closes over the
step's `depth` and `trail` (nonlocal depth, trail.append), increments depth before its
`yield` and decrements after it, and yields a scale that depends on the depth.  The step
nests `with phase("fwd") as s1:` and `with phase("loss") as s2:` around the forward pass;
`trail` records enter/exit order and the depth seen.  From step 10 the inner phase is
entered only when the global NESTED is set (it is cleared at step 10, set again at 20).
contextlib's _GeneratorContextManager (library code) resumes the program's generator in
__enter__ and __exit__.  Probes: a generator closure made in the step and resumed by
library code, with nonlocal writes on both sides of its yield; a converter that runs the
generator once at build time, or loses the code after the yield, gets the trail or the
depth wrong."""
import contextlib
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1987)
rng = np.random.default_rng(1987)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
NESTED = True
TRAILS = []


def train_step(x, y):
    depth = 0
    trail = []

    @contextlib.contextmanager
    def phase(name):
        nonlocal depth
        depth += 1
        trail.append(f"+{name}{depth}")
        yield 1.0 / depth
        trail.append(f"-{name}{depth}")
        depth -= 1

    with tf.GradientTape() as tape:
        with phase("fwd") as s1:
            h = tf.tanh(x @ W1) * s1
            if NESTED:
                with phase("loss") as s2:
                    loss = tf.reduce_mean(tf.square(h @ W2 - y)) * (1.0 + s2)
            else:
                loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    TRAILS.append(trail)
    return loss, depth


for step in range(30):
    if step == 10:
        NESTED = False
    if step == 20:
        NESTED = True
    i = (step * 8) % 56
    loss, depth = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), depth, TRAILS[-1])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "trails": len(TRAILS),
    "iterations": int(OPT.iterations.numpy()),
}))
