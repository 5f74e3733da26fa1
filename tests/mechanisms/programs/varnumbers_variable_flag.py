"""Variables used as Python numbers in the step: `if bool(warmup):` on a tf.Variable and
`float(scale) * loss` on a Keras variable.  The loop flips the flag at step 10 and
assigns the scale at step 16."""
import keras
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(42)
rng = np.random.default_rng(42)
w = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32))
warmup = tf.Variable(True)
scale = keras.Variable(1.0)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w - y))
        if bool(warmup):
            loss = loss * 0.1
        loss = float(scale) * loss
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss, float(scale)


for i in range(24):
    if i == 10:
        warmup.assign(False)
    if i == 16:
        scale.assign(2.5)
    loss, s = train_step(tf.constant(rng.normal(size=(6, 4)).astype(np.float32)),
                         tf.constant(rng.normal(size=(6, 1)).astype(np.float32)))
    print(i, repr(float(loss)), repr(s), type(s).__name__)
print(w.numpy().ravel().tolist())
