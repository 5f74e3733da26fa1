"""A frozen dataclass holds the loss configuration; code that "cannot" change it does anyway:
at step 9 through object.__setattr__(CFG, "margin", ...) (bypassing frozen), at step 18 the
global is rebound to dataclasses.replace(CFG, ...) (a new, equal-looking object), at step 27
through CFG.__dict__ directly. A converter that treats frozen instances as constants is wrong."""
import dataclasses

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(104)
tf.keras.backend.set_floatx("float64")


@dataclasses.dataclass(frozen=True)
class LossCfg:
    margin: float = 0.5
    weight: float = 1.0


rng = np.random.default_rng(42)
X = tf.constant(rng.normal(size=(20, 3)))
Y = tf.constant(rng.normal(size=(20, 1)))
W = tf.Variable(rng.normal(size=(3, 1)) * 0.3)
CFG = LossCfg()
FIRST = CFG


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = tf.abs(x @ W - y)
        hinge = tf.nn.relu(err - CFG.margin)
        loss = CFG.weight * tf.reduce_mean(tf.square(hinge)) + 0.01 * tf.reduce_mean(err)
    W.assign_sub(0.2 * tape.gradient(loss, W))
    return loss


for step in range(32):
    if step == 9:
        object.__setattr__(CFG, "margin", 0.1)
    if step == 18:
        CFG = dataclasses.replace(CFG, weight=2.0)
    if step == 27:
        CFG.__dict__["margin"] = 0.0
    loss = train_step(X, Y)
    print(step, repr(float(loss)), CFG, CFG is FIRST, CFG == FIRST, hash(CFG) == hash(FIRST))

print("W", W.numpy().ravel().tolist(), FIRST)
