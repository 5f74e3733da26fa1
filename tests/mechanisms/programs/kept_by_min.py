"""A learning-rate floor with min(): `lr = min(cfg.cap, decayed)` keeps the config's own
float object while the cap wins, and the step stores it (`state.lr is cfg.cap`).  The
decay passes under the cap at some step, and at step 15 the loop swaps in a new cap."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(13)
rng = np.random.default_rng(13)
X = tf.constant(rng.normal(size=(16, 3)))
Y = tf.constant(rng.normal(size=(16, 1)))
W = tf.Variable(rng.normal(size=(3, 1)) * 0.5)


class Config:
    cap = 0.05


class State:
    step = 0
    lr = None


cfg, state = Config(), State()


def train_step():
    decayed = 0.2 / (1 + state.step)
    state.lr = min(cfg.cap, decayed)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(X, W) - Y))
    W.assign_sub(state.lr * tape.gradient(loss, W))
    state.step += 1
    return loss


for i in range(24):
    if i == 15:
        cfg.cap = 0.0125
    loss = train_step()
    print(i, repr(float(loss)), state.lr is cfg.cap, repr(state.lr))
