"""The program monkeypatches module functions mid-run: at step 10 tf.nn.relu (which the step
calls as tf.nn.relu) is replaced by a leaky variant defined in the program, and at step 20
numpy's np.clip (used on a Python-side learning-rate factor) by a function that also counts
calls. A converter that resolved the module attributes once at build time keeps the originals."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(94)
tf.keras.backend.set_floatx("float64")

ORIG_RELU = tf.nn.relu
ORIG_CLIP = np.clip
CLIP_CALLS = [0]


def leaky(x, name=None):
    return tf.maximum(x, 0.2 * x)


def counting_clip(a, lo, hi):
    CLIP_CALLS[0] += 1
    return ORIG_CLIP(a, lo, hi) * 0.5


rng = np.random.default_rng(30)
X = tf.constant(rng.normal(size=(24, 4)))
Y = tf.constant(rng.normal(size=(24, 1)))
W1 = tf.Variable(rng.normal(size=(4, 8)) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)) * 0.4)


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    factor = np.clip(1.0 + 0.05 * step, 0.0, 1.5)
    W1.assign_sub(0.05 * factor * g1)
    W2.assign_sub(0.05 * factor * g2)
    return loss, factor


for step in range(30):
    if step == 10:
        tf.nn.relu = leaky
    if step == 20:
        np.clip = counting_clip
    loss, factor = train_step(X, Y, step)
    print(step, repr(float(loss)), repr(factor), tf.nn.relu.__name__, CLIP_CALLS[0])

tf.nn.relu = ORIG_RELU
np.clip = ORIG_CLIP
print("W2", W2.numpy().ravel().tolist())
