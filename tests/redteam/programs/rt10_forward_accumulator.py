"""Forward-mode autodiff around co-execution sites: a tf.autodiff.ForwardAccumulator (no
GradientTape) computes the JVP of a model's output along a tangent of its input, through
two Keras layer calls; then a forward-over-backward Hessian-vector product (accumulator
around a tape) through the same layers, and a plain tape step that trains. Eager's
accumulator sees every op's record; a site that ran as one op, or with recording stopped,
would leave the JVP None or rounded differently. crc32 of the JVP keeps the step
interpreted."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(2626)
rng = np.random.default_rng(2626)
X = rng.normal(size=(96, 4)).astype("float32")
Y = rng.normal(size=(96, 1)).astype("float32")
TAN = rng.normal(size=(96, 4)).astype("float32")

D1 = keras.layers.Dense(5, activation="tanh")
D2 = keras.layers.Dense(1)
D1.build((None, 4))
D2.build((None, 5))
VARS = D1.trainable_variables + D2.trainable_variables


def flat(t):
    return None if t is None else np.asarray(t).ravel().tolist()


def train_step(x, y, tangent):
    with tf.autodiff.ForwardAccumulator(x, tangent) as acc:
        out = D2(D1(x))
    jvp = acc.jvp(out)
    crc = zlib.crc32(np.asarray(jvp if jvp is not None else 0.0).tobytes()) % 929
    v_tan = [tf.ones_like(v.value) * 0.1 for v in VARS]
    with tf.autodiff.ForwardAccumulator([v.value for v in VARS], v_tan) as acc2:
        with tf.GradientTape() as inner:
            p = D2(D1(x))
            l2 = tf.reduce_mean(tf.square(p - y))
        g_in = inner.gradient(l2, VARS)
    hvp = [acc2.jvp(g) for g in g_in]
    with tf.GradientTape() as tape:
        p = D2(D1(x))
        loss = tf.reduce_mean(tf.square(p - y))
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.05 * g)
    return loss, jvp, hvp, grads, crc


for step in range(30):
    i = (step * 8) % 88
    loss, jvp, hvp, grads, crc = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]),
                                            tf.constant(TAN[i:i + 8]))
    print(step, repr(float(loss)), crc, "jvp", flat(jvp))
    print("  hvp", [flat(h)[:4] if h is not None else None for h in hvp])
    print("  g", flat(grads[-1]), flat(grads[1]))

print(json.dumps({"vars": [flat(v) for v in VARS]}))
