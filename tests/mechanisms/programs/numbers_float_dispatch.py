"""Carried Python numbers keep their types: a float EMA kept on a tracker is handed to a
helper that dispatches on isinstance(x, float); an int step count and a bool flag ride along;
the loop resets the EMA to the int 0 at step 10 and reads the types back each step."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(12)
rng = np.random.default_rng(12)
X = tf.constant(rng.normal(size=(16, 3)))
Y = tf.constant(rng.normal(size=(16, 1)))
W = tf.Variable(np.zeros((3, 1)))


def describe(value):
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, float):
        return "float %.6f" % value
    if isinstance(value, int):
        return "int %d" % value
    return "other " + type(value).__name__


class Tracker:
    def __init__(self):
        self.ema = 0
        self.steps = 0
        self.rising = False


T = Tracker()
LOG = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    value = float(loss)
    previous = T.ema
    T.ema = value if T.steps == 0 else 0.8 * T.ema + 0.2 * value
    T.rising = T.ema > previous
    T.steps += 1
    LOG.append(describe(T.ema))
    return describe(previous), describe(T.steps), describe(T.rising)


for step in range(26):
    if step == 10:
        T.ema = 0
    print(step, *train_step(X, Y), LOG[-1], type(T.ema).__name__, type(T.steps).__name__)
print("final", T.ema, T.steps, T.rising, type(T.ema).__name__)
