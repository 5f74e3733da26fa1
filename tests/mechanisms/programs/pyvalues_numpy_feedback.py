"""An ndarray read from a tensor on the tape's path (`h.numpy()`), scaled with numpy and
fed back into tensor ops: eager's tape sees a constant.  A Keras model, SGD; the
learning rate changes at step 12."""
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6)
rng = np.random.default_rng(6)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = model(x)
        target = h.numpy() * 0.5 + y
        loss = tf.reduce_mean(tf.square(h - target))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for i in range(24):
    if i == 12:
        opt.learning_rate = 0.02
    x = rng.normal(size=(8, 4)).astype(np.float32)
    y = rng.normal(size=(8, 1)).astype(np.float32)
    print(i, repr(float(train_step(tf.constant(x), tf.constant(y)))))
print([float(np.sum(v.numpy())) for v in model.weights])
