"""A Keras loss made from a closure of the program's (keras.losses.Loss subclass calling
a function built by a factory): the closure's `margin` is rebound through `nonlocal`
at step 10, and its `weights` dict is changed in place at step 16."""
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(303)
rng = np.random.default_rng(303)
X = rng.normal(size=(40, 5)).astype("float32")
Y = rng.normal(size=(40, 1)).astype("float32")


def make_loss(margin):
    weights = {"sq": 1.0, "abs": 0.0}

    def loss(y_true, y_pred):
        err = y_pred - y_true
        return weights["sq"] * tf.square(err) + weights["abs"] * tf.abs(err) + margin

    def set_margin(value):
        nonlocal margin
        margin = value

    return loss, set_margin, weights


loss_fn, set_margin, weights = make_loss(0.0)
criterion = keras.losses.MeanSquaredError()
criterion.fn = loss_fn
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(3, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = criterion(y, model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(24):
    if step == 10:
        set_margin(0.25)
    if step == 16:
        weights["abs"] = 0.5
    i = (step * 8) % 32
    print(step, repr(float(train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8])))))
print([w.numpy().ravel().tolist() for w in model.weights])
