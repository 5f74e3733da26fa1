"""The step calls a helper `clip_scale(g, factor=1.0, mode="keep")` relying on its default
arguments. At step 12 the loop assigns clip_scale.__defaults__ = (0.25, "clip"): same
function object, new defaults. The gradient scaling and the mode string the step prints
must follow from that call on, as under the interpreter."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(103)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(103)
X = tf.constant(rng.normal(size=(20, 3)))
Y = tf.constant(rng.normal(size=(20, 1)) * 3.0)
W = tf.Variable(rng.normal(size=(3, 1)), name="w")
OPT = tf.keras.optimizers.SGD(0.1)
MODES = []


def clip_scale(g, factor=1.0, mode="keep"):
    MODES.append(mode)
    if mode == "clip":
        g = tf.clip_by_value(g, -0.5, 0.5)
    return g * factor


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, W) - y))
    (g,) = tape.gradient(loss, [W])
    g = clip_scale(g)
    OPT.apply_gradients([(g, W)])
    return loss, g


for i in range(30):
    if i == 12:
        clip_scale.__defaults__ = (0.25, "clip")
    loss, g = train_step(X, Y)
    print(i, MODES[-1], repr(float(tf.reduce_max(tf.abs(g)))), repr(float(loss)))

print("summary", MODES.count("clip"), clip_scale.__defaults__, repr(float(tf.reduce_sum(W))))
