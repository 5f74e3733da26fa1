"""train_step has no tape of its own (janus takes it over as hot code) and returns a dict of
tensors: the loss, intermediates, an int argmax, a bool mask, a float64 cast. The module
loop calls it under a persistent tape that watches the input, then asks many gradients:
w.r.t. variables, the input, each returned intermediate, with output_gradients, with
unconnected_gradients=ZERO for an unrelated tensor, of the int and bool outputs, and of
tensors computed after the call from the returned ones. Every value printed exactly."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(141)
rng = np.random.default_rng(141)
XS = rng.normal(size=(100, 3)).astype(np.float32)
YS = rng.normal(size=(100, 2)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 4)).astype(np.float32) * 0.5, name="W")
V = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32) * 0.5, name="V")
UNUSED = tf.constant(np.ones((2,), np.float32))


def train_step(x, y):
    pre = x @ W
    h = tf.nn.leaky_relu(pre, 0.1)
    out = h @ V
    err = out - y
    loss = tf.reduce_mean(err * err)
    return {"loss": loss, "pre": pre, "h": h, "out": out,
            "arg": tf.argmax(out, axis=1), "mask": h > 0.0,
            "wide": tf.cast(out, tf.float64) * 2.0}


def show(g):
    if g is None:
        return None
    return [g.dtype.name, g.numpy().ravel().tolist()[:5]]


for step in range(30):
    i = (step * 3) % 90
    x = tf.constant(XS[i:i + 5])
    y = tf.constant(YS[i:i + 5])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([x, UNUSED])
        r = train_step(x, y)
        masked = tf.where(r["mask"], r["h"], -r["h"])
        loss2 = r["loss"] + 0.01 * tf.reduce_sum(masked) + tf.cast(tf.reduce_sum(r["wide"]), tf.float32) * 1e-3
    g_vars = tape.gradient(loss2, [W, V])
    g_x = tape.gradient(loss2, x)
    g_mid = tape.gradient(loss2, [r["pre"], r["h"], r["out"]])
    g_og = tape.gradient(r["out"], [W, x], output_gradients=tf.ones_like(r["out"]) * 0.5)
    g_zero = tape.gradient(r["loss"], [UNUSED, r["wide"]], unconnected_gradients=tf.UnconnectedGradients.ZERO)
    g_none = tape.gradient(r["loss"], [UNUSED, r["wide"]])
    g_int = tape.gradient(tf.cast(r["arg"], tf.float32), [W])
    g_wide = tape.gradient(r["wide"], [W, V, x])
    del tape
    W.assign_sub(0.05 * g_vars[0])
    V.assign_sub(0.05 * g_vars[1])
    print(step, repr(float(r["loss"])), repr(float(loss2)), r["arg"].numpy().tolist(), r["wide"].dtype.name)
    print("   vars", [show(g) for g in g_vars], "x", show(g_x))
    print("   mid", [show(g) for g in g_mid])
    print("   og", [show(g) for g in g_og], "zero", [show(g) for g in g_zero], "none", [show(g) for g in g_none])
    print("   int", [show(g) for g in g_int], "wide", [show(g) for g in g_wide])

print(json.dumps({"W": W.numpy().ravel().tolist(), "V": V.numpy().ravel().tolist()}))
