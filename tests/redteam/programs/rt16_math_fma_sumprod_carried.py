"""An EMA of the loss and a step counter are Python numbers the step computes every call.
The step feeds them to math functions added or extended in recent CPython: math.fma
(3.13, one rounding), math.sumprod (3.12, extended precision), math.nextafter with
steps= (3.12), math.hypot with three arguments, math.prod and math.fsum over a list,
math.dist, and uses the results in the update scale.  Each has its own exact rounding
(fma is not a*b+c, sumprod is not a sum of products in float64, fsum is not sum).  A
graph that computed them with TF float64 arithmetic, or mishandled the list arguments or
the steps= keyword, would print other bits.  Every result is printed with repr.  Probes:
math functions with iterables/keywords on numbers a graph carries."""
import json
import math

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1633)
rng = np.random.default_rng(1633)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ np.array([[1.0], [0.5], [-0.5], [0.25]], np.float32)).astype(np.float32)
W = tf.Variable(tf.zeros([4, 1]))
OPT = keras.optimizers.SGD(learning_rate=0.05)
STATE = {"ema": 1.0 / 3.0, "n": 0}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    ema = STATE["ema"] * 0.9 + 0.1 * float(loss)
    n = STATE["n"] + 1
    STATE["ema"] = ema
    STATE["n"] = n
    r = {
        "fma": math.fma(ema, 1.0 / 3.0, -ema / 3.0),
        "sumprod": math.sumprod([ema, 1e16, 1.0], [1.0, 1.0, -1e16]),
        "nextafter": math.nextafter(ema, 0.0, steps=n),
        "hypot": math.hypot(ema, 1.0 / 7.0, n * 0.1),
        "prod": math.prod([ema, 3.0, 1.0 / 3.0]),
        "fsum": math.fsum([ema, 1e16, -1e16, 0.1 * n]),
        "dist": math.dist([ema, 0.0], [0.0, n / 7.0]),
    }
    scale = 1.0 + r["hypot"] * 0.001 + (ema - r["nextafter"]) * 1e12
    OPT.apply_gradients([(grads[0] * scale, W)])
    for k, v in r.items():
        print(f"  {k} {v!r}")
    return loss


for step in range(24):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(STATE["ema"]))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "ema": repr(STATE["ema"]),
    "n": STATE["n"],
}))
