"""A Keras Lambda layer wraps a closure that reads a float and a list from its cells:
the float is rebound through `nonlocal` at step 8, the list grows in place at step 13
(the closure sums it), and the float is rebound again at step 17."""
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(302)
rng = np.random.default_rng(302)
X = rng.normal(size=(30, 3)).astype("float32")
Y = rng.normal(size=(30, 2)).astype("float32")


def make_shift():
    offset = 0.1
    gains = [1.0]

    def shift(x):
        return x * sum(gains) + offset

    def set_offset(value):
        nonlocal offset
        offset = value

    return shift, set_offset, gains


shift, set_offset, gains = make_shift()
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="relu"),
                          keras.layers.Lambda(shift), keras.layers.Dense(2)])
opt = keras.optimizers.Adam(0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(24):
    if step == 8:
        set_offset(-0.3)
    if step == 13:
        gains.append(0.5)
    if step == 17:
        set_offset(1.0)
    i = (step * 6) % 24
    print(step, repr(float(train_step(tf.constant(X[i:i + 6]), tf.constant(Y[i:i + 6])))))
print([w.numpy().ravel().tolist() for w in model.weights], gains)
