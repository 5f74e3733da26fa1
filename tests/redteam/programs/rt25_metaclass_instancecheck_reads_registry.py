"""Plugin-style gating: `class Regularized(metaclass=Gate)` where the metaclass's
`__instancecheck__` answers from a program list of class names (ENABLED).  The step asks
`isinstance(MODEL_CFG, Regularized)` and adds an L2 penalty when it is true.  At step
10 the loop removes the config class's name from ENABLED (no class or object changes);
at step 16 it puts it back.  Probes: isinstance() running the program's metaclass code
that reads mutable program state (not an ABC registry)."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2530)
rng = np.random.default_rng(2530)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
ENABLED = ["MlpCfg"]


class Gate(type):
    def __instancecheck__(cls, obj):
        return type(obj).__name__ in ENABLED


class Regularized(metaclass=Gate):
    pass


class MlpCfg:
    l2 = 0.5


MODEL_CFG = MlpCfg()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
        if isinstance(MODEL_CFG, Regularized):
            loss = loss + MODEL_CFG.l2 * tf.reduce_sum(W * W)
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    return loss


for step in range(22):
    if step == 10:
        ENABLED.remove("MlpCfg")
    if step == 16:
        ENABLED.append("MlpCfg")
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
