"""Keras fine-tuning freeze, deep inside nested models: the step takes the outer model's
`trainable_variables` and applies Adam to them. At step 12 the loop sets `trainable = False` on
the innermost feature layer (nested three Sequentials down), so eager stops updating its kernel.
Expects the trainable-variable count, frozen-kernel checksum, Adam iterations and losses as in eager."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1010)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(1010)
X = tf.constant(rng.normal(size=(48, 5)))
Y = tf.constant(np.cos(X.numpy()[:, :2].sum(axis=1, keepdims=True)) + 0.1 * rng.normal(size=(48, 1)))

FEATURES = tf.keras.layers.Dense(10, activation="tanh", name="features")
INNER = tf.keras.Sequential([FEATURES], name="inner")
MIDDLE = tf.keras.Sequential([INNER, tf.keras.layers.Dense(6, activation="tanh", name="mid")], name="middle")
MODEL = tf.keras.Sequential([tf.keras.Input((5,)), MIDDLE, tf.keras.layers.Dense(1, name="head")], name="outer")
OPT = tf.keras.optimizers.Adam(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    tvars = MODEL.trainable_variables
    grads = tape.gradient(loss, tvars)
    OPT.apply_gradients(zip(grads, tvars))
    return loss, len(tvars)


LOSSES = []
for step in range(32):
    if step == 12:
        FEATURES.trainable = False
    loss, n_vars = train_step(X, Y)
    LOSSES.append(float(loss))
    print(f"step {step:2d} n_trainable={n_vars} features_trainable={FEATURES.trainable} "
          f"features_kernel_sum={float(tf.reduce_sum(FEATURES.kernel))!r} loss={float(loss)!r}")

print(f"final loss={LOSSES[-1]!r} iterations={int(OPT.iterations)} "
      f"kernel={float(tf.reduce_sum(FEATURES.kernel))!r} head={MODEL.layers[-1].kernel.numpy().ravel()[:3].tolist()!r}")
