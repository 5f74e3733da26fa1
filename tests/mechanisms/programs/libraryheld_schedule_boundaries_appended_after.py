"""The step appends to a list the optimizer's schedule holds (its boundaries grow with
a new phase) after applying; the schedule read the list before the append."""
import json, random
import keras, numpy as np, tensorflow as tf
random.seed(0); np.random.seed(0); keras.utils.set_random_seed(7)
rng = np.random.default_rng(7)
XS = rng.normal(size=(64, 4)).astype(np.float32); YS = rng.normal(size=(64, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
BOUNDS = [4]
VALUES = [0.1, 0.02]
SCHED = keras.optimizers.schedules.PiecewiseConstantDecay(BOUNDS, VALUES)
OPT = keras.optimizers.SGD(SCHED)


def train_step(x, y, grow):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    OPT.apply_gradients([(tape.gradient(loss, W), W)])
    if grow:
        BOUNDS.append(BOUNDS[-1] + 6)
        VALUES.append(VALUES[-1] * 0.5)
    return loss


for step in range(18):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step == 8)
    print(step, repr(float(loss)), BOUNDS, VALUES)
print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
