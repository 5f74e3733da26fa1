"""Methods and attributes of Python numbers the step computes every call (an EMA of
float(loss), a counter, a quantised loss): ema.as_integer_ratio() and (ema *
1e-30).as_integer_ratio() (a denominator far beyond int64), ema.is_integer(), q.real /
q.imag / n.numerator / n.denominator, n.bit_count(), three-argument pow(n, 7, 1000003)
and the modular inverse pow(n, -1, 1000003), int.from_bytes of n.to_bytes, and divmod(q,
0.1).  Eager answers each with exact Python semantics (pow with a modulus never
overflows; the ratio's denominator of a tiny float is a power of two beyond int64).  A
graph that mapped these onto int64/float64 ops would overflow, round or refuse; refusing
is fine, a wrong number is not.  Probes: number methods and attributes on graph-carried
numbers."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1634)
rng = np.random.default_rng(1634)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ np.array([[0.3], [0.5], [-0.5], [0.1]], np.float32)).astype(np.float32)
W = tf.Variable(tf.zeros([4, 1]))
OPT = keras.optimizers.SGD(learning_rate=0.05)
STATE = {"ema": 0.5, "n": 1000}
LOG = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    ema = STATE["ema"] * 0.8 + 0.2 * float(loss)
    n = STATE["n"] * 3 + 7
    STATE["ema"] = ema
    STATE["n"] = n
    q = round(float(loss), 2)
    num, den = ema.as_integer_ratio()
    tnum, tden = (ema * 1e-30).as_integer_ratio()
    vals = [
        num, den, tnum, tden.bit_length(), tden % 1000003, ema.is_integer(), q.real, q.imag, n.numerator, n.denominator, n.bit_count(),
        pow(n, 7, 1000003), pow(n, -1, 1000003),
        int.from_bytes(n.to_bytes(16, "little"), "big") % 1000003,
        divmod(q, 0.1),
    ]
    LOG.append(vals)
    scale = 1.0 + (pow(n, 7, 1000003) % 10) * 0.01
    OPT.apply_gradients([(grads[0] * scale, W)])
    print("  " + " ".join(repr(v) for v in vals))
    return loss


for step in range(24):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "ema": repr(STATE["ema"]),
    "n_bits": STATE["n"].bit_length(),
    "last": [repr(v) for v in LOG[-1]],
    "types": [type(v).__name__ for v in LOG[-1]],
}))
