"""An input-gradient penalty by batch_jacobian inside the program's own tf.function,
which the step calls under its outer tape; eagerly the vectorized loop is traced into
that function's graph, so the step converts.  At step 10 the loop raises the penalty's
weight, a Python float the step reads."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(73)
rng = np.random.default_rng(73)
X = tf.constant(rng.normal(size=(8, 3)).astype("float32"))
Y = tf.constant(rng.normal(size=(8, 2)).astype("float32"))
W = tf.Variable(rng.normal(size=(3, 2)).astype("float32") * 0.5)
opt = tf.keras.optimizers.Adam(0.01)
WEIGHT = 0.1


@tf.function
def input_penalty(x):
    with tf.GradientTape() as inner:
        inner.watch(x)
        out = tf.tanh(x @ W)
    jac = inner.batch_jacobian(out, x)
    return tf.reduce_mean(tf.square(jac))


def train_step():
    with tf.GradientTape() as tape:
        fit = tf.reduce_mean(tf.square(tf.tanh(X @ W) - Y))
        loss = fit + WEIGHT * input_penalty(X)
    grads = tape.gradient(loss, [W])
    opt.apply_gradients(zip(grads, [W]))
    return loss


for i in range(24):
    if i == 10:
        WEIGHT = 0.5
    print(i, repr(float(train_step())), repr(float(W[2, 1])))
