"""Two views of one state object, sharing one __dict__ from the start (a `View` made
with `view.__dict__ = state.__dict__`), and a third with a dict of its own.  The step
writes through the state in one arm of a branch on the loss (a graph cond) and reads
through the view after it; the loop gives the view a dict of its own at step 12 and
shares it again at step 20."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(63)
rng = np.random.default_rng(63)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32) * 2.0
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.03)


class State:
    def __init__(self):
        self.boost = 1.0


class View:
    pass


state = State()
view = View()
view.__dict__ = state.__dict__
other = State()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    if loss > 1.5:
        state.boost = state.boost * 0.5
    else:
        other.boost = other.boost + 0.25
    g = tape.gradient(loss, W) * view.boost
    opt.apply_gradients([(g, W)])
    return loss, view.boost, other.boost


for step in range(28):
    if step == 12:
        view.__dict__ = dict(state.__dict__)
    if step == 20:
        view.__dict__ = state.__dict__
    i = (step * 4) % 44
    loss, boost, other_boost = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), boost, other_boost)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "state": vars(state), "view": vars(view), "other": vars(other)}))
