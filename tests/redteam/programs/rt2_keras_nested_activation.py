"""Keras layer changed mid-run, deep inside nested models: the step calls an outer Sequential that
holds a Sequential that holds a Sequential with the Dense layer. At step 10 the loop swaps that
innermost Dense's activation from tanh to relu (`layer.activation = ...`), as fine-tuning code does.
Expects losses, predictions and weights after the swap to follow the new activation, as in eager."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(909)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(909)
X = rng.normal(size=(40, 6))
Y = (np.maximum(X[:, :3].sum(axis=1, keepdims=True), 0.0) - 0.3 * X[:, 3:4])

DEEP = tf.keras.layers.Dense(12, activation="tanh", name="deep")
BLOCK3 = tf.keras.Sequential([DEEP], name="block3")
BLOCK2 = tf.keras.Sequential([BLOCK3, tf.keras.layers.Dense(8, activation="tanh", name="mid")], name="block2")
MODEL = tf.keras.Sequential([tf.keras.Input((6,)), BLOCK2, tf.keras.layers.Dense(1, name="out")], name="outer")
OPT = tf.keras.optimizers.SGD(learning_rate=0.1)
LOSS_FN = tf.keras.losses.MeanSquaredError()
XT = tf.constant(X)
YT = tf.constant(Y)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = LOSS_FN(y, pred)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, pred


HISTORY = []
for step in range(30):
    if step == 10:
        DEEP.activation = tf.keras.activations.get("relu")
    loss, pred = train_step(XT, YT)
    HISTORY.append(float(loss))
    deep_out = DEEP(XT[:4])
    print(f"step {step:2d} act={DEEP.activation.__name__} loss={float(loss)!r} pred0={float(pred[0, 0])!r} "
          f"deep_min={float(tf.reduce_min(deep_out))!r}")

print(f"final loss={HISTORY[-1]!r} iterations={int(OPT.iterations)} "
      f"deep_kernel_sum={float(tf.reduce_sum(DEEP.kernel))!r} act={DEEP.activation.__name__}")
