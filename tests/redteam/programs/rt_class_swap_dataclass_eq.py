"""A dataclass config's __class__ is reassigned mid-run to a dataclass subclass (step 9), then
the reference object follows (step 18). The step branches on CFG == REF (dataclass __eq__
checks other.__class__ is self.__class__), calls an overridden method and reads a class
attribute; it also prints the config's repr. A wrong converter keeps the stale branch/name."""
from dataclasses import dataclass

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(12)
tf.keras.backend.set_floatx("float64")


@dataclass
class Config:
    scale: float = 1.0
    clip: float = 5.0
    mode = "plain"

    def factor(self):
        return self.scale


@dataclass
class WarmConfig(Config):
    mode = "warm"

    def factor(self):
        return self.scale * 0.5


rng = np.random.default_rng(1)
X = tf.constant(rng.normal(size=(48, 4)))
Y = tf.constant(np.sin(rng.normal(size=(48, 1))))

model = tf.keras.Sequential([tf.keras.layers.Dense(6, activation="tanh"), tf.keras.layers.Dense(1)])
model.build((None, 4))
opt = tf.keras.optimizers.SGD(learning_rate=0.05)

CFG = Config(scale=1.0)
REF = Config(scale=1.0)
SEEN = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        out = model(x)
        err = tf.reduce_mean(tf.square(out - y))
        if CFG == REF:
            loss = err
            branch = "eq"
        else:
            loss = err * CFG.factor() + 0.001 * tf.reduce_sum(tf.square(out))
            branch = "ne"
    grads = tape.gradient(loss, model.trainable_variables)
    grads = [tf.clip_by_value(g, -CFG.clip, CFG.clip) for g in grads]
    opt.apply_gradients(zip(grads, model.trainable_variables))
    print("  cfg", CFG, CFG.mode, branch)
    SEEN.append(branch + ":" + CFG.mode)
    return loss


for step in range(30):
    if step == 9:
        CFG.__class__ = WarmConfig
    if step == 18:
        REF.__class__ = WarmConfig
    loss = train_step(X, Y)
    print(step, repr(float(loss)), type(CFG).__name__, CFG == REF)

print("seen", SEEN)
print("weights", [float(tf.reduce_sum(tf.square(v))) for v in model.trainable_variables])
