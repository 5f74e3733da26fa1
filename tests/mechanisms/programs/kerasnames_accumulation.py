"""An optimizer that accumulates gradients over 3 steps (Keras runs keras.ops.cond at
every apply, eagerly too, and the `Cond` operation takes a "cond" name); the loop
prints Keras' name counter after every step and makes a layer at step 14."""
import keras
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(34)
rng = np.random.default_rng(34)
w = keras.Variable(rng.normal(size=(3, 1)).astype(np.float32))
opt = keras.optimizers.SGD(0.05, gradient_accumulation_steps=3)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w - y))
    opt.apply([tape.gradient(loss, w)], [w])
    return loss


for i in range(24):
    x = tf.constant(rng.normal(size=(4, 3)).astype(np.float32))
    loss = train_step(x, tf.reduce_sum(x, axis=1, keepdims=True))
    extra = keras.layers.Dense(1).name if i == 14 else ""
    print(i, repr(float(loss)), keras.backend.get_uid("cond"), int(opt.iterations), extra)
print(keras.backend.get_uid("dense"), w.numpy().ravel().tolist())
