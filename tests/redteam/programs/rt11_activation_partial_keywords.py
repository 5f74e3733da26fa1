"""Activations given as functools.partial objects whose keyword dicts are mutated in place,
then a property installed on the library class that shadows the instance attribute.
Layer 1: activation=partial(keras.activations.leaky_relu, negative_slope=0.1) (library fn).
Layer 2: activation=partial(scaled_swish, beta=1.0) (a program function).
Step 10: act1.keywords["negative_slope"] = 0.4 (same partial object, same dict).
Step 14: act2.keywords["beta"] = 3.0. Step 18: act2.keywords.pop("beta") (the function's
default beta=1.5 applies). Step 22: act1.keywords.update(negative_slope=0.0).
Step 26: `keras.layers.Dense.activation = property(...)` on the library class: a data
descriptor that wins over every Dense instance's own `activation` (returns tanh).
Step 31: `del keras.layers.Dense.activation` (instances' own activations again)."""
import functools
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1107)
rng = np.random.default_rng(1107)
X = rng.normal(size=(64, 5)).astype("float32")
Y = (np.maximum(X[:, :1], 0.0) - X[:, 1:2] * 0.5).astype("float32")


def scaled_swish(x, beta=1.5):
    return x * tf.sigmoid(beta * x)


act1 = functools.partial(keras.activations.leaky_relu, negative_slope=0.1)
act2 = functools.partial(scaled_swish, beta=1.0)
model = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(8, activation=act1),
    keras.layers.Dense(8, activation=act2),
    keras.layers.Dense(1),
])
opt = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


losses = []
for step in range(35):
    if step == 10:
        act1.keywords["negative_slope"] = 0.4
    elif step == 14:
        act2.keywords["beta"] = 3.0
    elif step == 18:
        act2.keywords.pop("beta")
    elif step == 22:
        act1.keywords.update(negative_slope=0.0)
    elif step == 26:
        keras.layers.Dense.activation = property(lambda self: keras.activations.tanh)
    elif step == 31:
        del keras.layers.Dense.activation
    i = (step * 16) % 48
    loss = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    losses.append(float(loss))
    print(step, repr(float(loss)), dict(act1.keywords), dict(act2.keywords))

print(json.dumps({
    "losses": losses,
    "act1": dict(act1.keywords),
    "act2": dict(act2.keywords),
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
