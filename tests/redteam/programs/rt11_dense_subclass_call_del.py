"""Class-level method patches on a Keras layer class and on the program's own subclass of it,
and a `del` that uncovers the base class's method again.
The model has a plain Dense and a `Proj(keras.layers.Dense)` (the program's subclass, no
methods of its own at first).
Step 10: `Proj.call` is set to a function adding a scaled residual-free "gate" (only Proj).
Step 15: `keras.layers.Dense.call` (the library class) is wrapped to scale its output by 0.8
(affects the plain Dense; Proj still has its own). Step 20: `del Proj.call` -> Proj uses the
patched Dense.call again. Step 26: Dense.call is restored to the original function.
Step 30: Proj.call is set again, to a different function."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1104)
rng = np.random.default_rng(1104)
X = rng.normal(size=(64, 4)).astype("float32")
Y = (np.tanh(X[:, :2] @ np.array([[1.0, -0.5], [0.3, 0.8]])) + 0.1).astype("float32")


class Proj(keras.layers.Dense):
    pass


inp = keras.Input((4,))
h = keras.layers.Dense(8, activation="tanh", name="plain")(inp)
out = Proj(2, name="proj")(h)
model = keras.Model(inp, out)
opt = keras.optimizers.SGD(learning_rate=0.1)

ORIG_DENSE_CALL = keras.layers.Dense.call


def gated_call(self, inputs, training=None):
    x = ORIG_DENSE_CALL(self, inputs, training=training)
    return x * tf.sigmoid(x)


def scaled_call(self, inputs, training=None):
    return ORIG_DENSE_CALL(self, inputs, training=training) * 0.8


def shifted_call(self, inputs, training=None):
    return ORIG_DENSE_CALL(self, inputs, training=training) + 0.25


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


losses = []
for step in range(34):
    if step == 10:
        Proj.call = gated_call
    elif step == 15:
        keras.layers.Dense.call = scaled_call
    elif step == 20:
        del Proj.call
    elif step == 26:
        keras.layers.Dense.call = ORIG_DENSE_CALL
    elif step == 30:
        Proj.call = shifted_call
    i = (step * 16) % 48
    loss = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    losses.append(float(loss))
    print(step, repr(float(loss)), "call" in Proj.__dict__)

keras.layers.Dense.call = ORIG_DENSE_CALL
print(json.dumps({
    "losses": losses,
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
