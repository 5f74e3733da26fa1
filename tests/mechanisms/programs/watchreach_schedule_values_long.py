"""A PiecewiseConstantDecay schedule with 300 boundaries: the loop edits one of its
values in place (a list of floats the schedule holds) at step 8."""
import json, random
import keras, numpy as np, tensorflow as tf
random.seed(0); np.random.seed(0); keras.utils.set_random_seed(4)
rng = np.random.default_rng(4)
XS = rng.normal(size=(48, 4)).astype(np.float32); YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
BOUNDS = list(range(1, 301))
VALUES = [0.05] * 301
SCHED = keras.optimizers.schedules.PiecewiseConstantDecay(BOUNDS, VALUES)
opt = keras.optimizers.SGD(SCHED)
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    opt.apply_gradients([(g, W)])
    return loss
for step in range(16):
    if step == 8:
        for k in range(9, 301):
            SCHED.values[k] = 0.5
    i = (step * 4) % 44
    loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)))
print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
