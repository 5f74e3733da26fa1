"""A Dense layer with kernel_regularizer=L2(0.01).  The step itself anneals the
regularizer object's factor (`reg.l2 = ...` from a Python counter) *before* it reads
`model.losses` to add the penalty, so the penalty of this very step uses the new factor.
Probes: a write to a library object's attribute inside the step, followed in the same
step by library code (Layer.losses -> regularizer.__call__) reading that attribute."""
import random
import numpy
random.seed(8)
numpy.random.seed(8)
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(338)
rng = np.random.default_rng(338)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] * 2.0).astype(np.float32)
reg = keras.regularizers.L2(0.01)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu", kernel_regularizer=reg),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.05)


class Trainer:
    def __init__(self):
        self.k = 0

    def step(self, x, y):
        self.k += 1
        reg.l2 = 0.01 * (1 + self.k % 4)
        with tf.GradientTape() as tape:
            data = tf.reduce_mean(tf.square(model(x) - y))
            pen = tf.add_n(model.losses)
            loss = data + pen
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return data, pen


tr = Trainer()
for step in range(36):
    i = (step * 8) % 56
    data, pen = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(data).hex(), float(pen).hex(), reg.l2)

print("w", [float(tf.reduce_sum(v)).hex() for v in model.trainable_variables])
