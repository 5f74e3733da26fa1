"""A Keras Rescaling layer built with a per-feature numpy scale; at step 9 the loop
writes one feature's scale in place (`RESCALE.scale[1] = 3.0`, the layer's own array).
Eager's layer multiplies by the array at every call."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(32)
rng = np.random.default_rng(32)
X = tf.constant(rng.normal(size=(16, 3)).astype("float32"))
Y = tf.constant(rng.normal(size=(16, 1)).astype("float32"))
RESCALE = tf.keras.layers.Rescaling(np.array([1.0, 0.5, 2.0], dtype=np.float32))
DENSE = tf.keras.layers.Dense(1)
opt = tf.keras.optimizers.SGD(0.05)


def train_step():
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(DENSE(RESCALE(X)) - Y))
    grads = tape.gradient(loss, DENSE.trainable_variables)
    opt.apply_gradients(zip(grads, DENSE.trainable_variables))
    return loss


for i in range(24):
    if i == 9:
        RESCALE.scale[1] = 3.0
    print(i, repr(float(train_step())))
