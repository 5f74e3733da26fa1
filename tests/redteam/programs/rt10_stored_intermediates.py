"""A co-executed layer stores intermediate tensors on itself during call() (its
pre-activation `self.pre` and a dict of per-call stats `self.stats`) and the step takes
gradients with respect to those stored tensors (eager: they are the very tensors the tape
recorded) and to the site's output; the stats dict's values are read as Python floats after
the call. A second call of the layer in the same step overwrites them. np.random.choice on
the output keeps the step interpreted."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(4646)
rng = np.random.default_rng(4646)
X = rng.normal(size=(96, 4)).astype("float32")
Y = rng.integers(0, 3, size=(96,)).astype("int32")


class Keeps(keras.layers.Layer):
    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], 5), initializer="glorot_uniform", name="w")
        self.stats = {}
        self.pre = None

    def call(self, x):
        pre = tf.matmul(x, self.w)
        self.pre = pre
        out = tf.nn.elu(pre)
        self.stats["mean"] = tf.reduce_mean(out)
        self.stats["max"] = tf.reduce_max(pre)
        return out


KEEP = Keeps()
HEAD = keras.layers.Dense(3)
KEEP.build((None, 4))
HEAD.build((None, 5))
VARS = KEEP.trainable_variables + HEAD.trainable_variables
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def flat(t):
    return None if t is None else np.asarray(t).ravel().tolist()


def train_step(x, y, step):
    with tf.GradientTape(persistent=True) as tape:
        out1 = KEEP(x)
        pre1 = KEEP.pre
        mean1 = KEEP.stats["mean"]
        if step % 3 == 2:
            out2 = KEEP(x * 0.5)
        else:
            out2 = out1
        logits = HEAD(out1 + out2)
        loss = LOSS(y, logits) + 0.1 * mean1
    g_pre1, g_pre_last, g_out, g_stat = tape.gradient(loss, [pre1, KEEP.pre, out1, KEEP.stats["max"]])
    gv = tape.gradient(loss, VARS)
    del tape
    p = tf.nn.softmax(logits).numpy().astype(np.float64)[0]
    a = int(np.random.choice(3, p=p / p.sum()))
    for v, g in zip(VARS, gv):
        v.assign_sub(0.1 * g)
    return loss, a, (g_pre1, g_pre_last, g_out, g_stat), gv, pre1 is KEEP.pre


for step in range(30):
    i = (step * 8) % 88
    loss, a, gs, gv, same = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]), step)
    print(step, repr(float(loss)), a, same, {k: repr(float(v)) for k, v in KEEP.stats.items()})
    print("  gpre", flat(gs[0][0]), flat(gs[1][0]), "gout", flat(gs[2][0]), flat(gs[3]))
    print("  gv", flat(gv[-1]))

print(json.dumps({"vars": [flat(v) for v in VARS]}))
