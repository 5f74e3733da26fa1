"""A Python float the step computes every call (an EMA of float(loss), so a value a graph
would carry as a float64 tensor) and a Python int counter are handed to TF through many
conversion paths.  Eager converts a bare Python float to float32 unless the op or a hint
asks for another dtype: tf.cast(ema, tf.float64) goes through float32 first (0.1 becomes
0.10000000149...), tf.convert_to_tensor(ema, dtype_hint=tf.float64) and tf.constant(ema,
tf.float64) do not, tf.maximum(ema, f64) takes the float64 of its other input, tf.fill
and keras.ops.convert_to_tensor give float32, tf.experimental.numpy.asarray gives
float64; `counter * 10**8` crosses int32 mid-run, so tf.constant(...) switches from
int32 to int64.  All values are printed with full repr and summed into a float64
variable.  A graph that feeds the carried float64 (or the int64) straight into these ops
gets other bits or other dtypes.  Probes: how Python numbers a graph computes are
converted at each TF entry point."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1613)
rng = np.random.default_rng(1613)

XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] - 0.5 * XS[:, 2:]).astype(np.float32)
W = tf.Variable(tf.zeros([3, 1]))
ACC64 = tf.Variable(tf.zeros([], tf.float64))
F64_ZERO = tf.constant(0.0, tf.float64)
OPT = keras.optimizers.SGD(learning_rate=0.1)
STATE = {"ema": 0.1, "count": 0}
TNP = tf.experimental.numpy


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    ema = STATE["ema"] * 0.9 + 0.1 * float(loss)
    STATE["ema"] = ema
    STATE["count"] += 1
    count = STATE["count"]
    vals = {
        "cast64": tf.cast(ema, tf.float64),
        "convert": tf.convert_to_tensor(ema),
        "hint64": tf.convert_to_tensor(ema, dtype_hint=tf.float64),
        "const64": tf.constant(ema, dtype=tf.float64),
        "fill": tf.fill([2], ema)[0],
        "max64": tf.maximum(ema, F64_ZERO),
        "mul64": ema * tf.ones([], tf.float64),
        "tnp": TNP.asarray(ema),
        "kops": keras.ops.convert_to_tensor(ema),
        "identity": tf.identity(ema),
    }
    big = tf.constant(count * 10 ** 8)
    ACC64.assign_add(tf.add_n([tf.cast(v, tf.float64) for v in vals.values()]))
    OPT.apply_gradients([(grads[0] * tf.cast(vals["cast64"], tf.float32) * 5.0, W)])
    for name, v in vals.items():
        print(f"  {name} {v.dtype.name} {float(v)!r}")
    print(f"  big {big.dtype.name} {int(big)}")
    return loss


for step in range(26):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(STATE["ema"]))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "acc64": repr(float(ACC64.numpy())),
    "ema": repr(STATE["ema"]),
    "count": STATE["count"],
}))
