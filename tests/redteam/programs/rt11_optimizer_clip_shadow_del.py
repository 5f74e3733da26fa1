"""Optimizer internals patched on library classes mid-run, with `del` uncovering the base's.
Two models: A trained by SGD, B by Adam (both keras.optimizers.Optimizer subclasses).
Step 10: `keras.optimizers.SGD._clip_gradients` is set (shadowing BaseOptimizer's) to a
program function scaling every gradient by a global GSCALE (only SGD is affected).
Step 14: GSCALE changes 0.5 -> 2.0. Step 18: `keras.optimizers.Optimizer._apply_weight_decay`
is set (shadowing BaseOptimizer's on the shared base; both optimizers have weight_decay=None,
the patch decays anyway). Step 23: `del keras.optimizers.SGD._clip_gradients`. Step 28:
`del keras.optimizers.Optimizer._apply_weight_decay`."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1105)
rng = np.random.default_rng(1105)
X = rng.normal(size=(64, 5)).astype("float32")
Y = (X[:, :1] * 2.0 - X[:, 3:4] + 0.5).astype("float32")

model_a = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"),
                            keras.layers.Dense(1)])
model_b = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"),
                            keras.layers.Dense(1)])
opt_a = keras.optimizers.SGD(learning_rate=0.05)
opt_b = keras.optimizers.Adam(learning_rate=0.01)
GSCALE = 0.5


def scaled_clip(self, grads):
    return [g * GSCALE if g is not None else g for g in grads]


def always_decay(self, variables):
    for v in variables:
        v.assign(v * 0.98)


def train_step(x, y):
    with tf.GradientTape(persistent=True) as tape:
        la = tf.reduce_mean(tf.square(model_a(x, training=True) - y))
        lb = tf.reduce_mean(tf.square(model_b(x, training=True) - y))
    ga = tape.gradient(la, model_a.trainable_variables)
    gb = tape.gradient(lb, model_b.trainable_variables)
    del tape
    opt_a.apply_gradients(zip(ga, model_a.trainable_variables))
    opt_b.apply_gradients(zip(gb, model_b.trainable_variables))
    return la, lb


hist = []
for step in range(33):
    if step == 10:
        keras.optimizers.SGD._clip_gradients = scaled_clip
    elif step == 14:
        GSCALE = 2.0
    elif step == 18:
        keras.optimizers.Optimizer._apply_weight_decay = always_decay
    elif step == 23:
        del keras.optimizers.SGD._clip_gradients
    elif step == 28:
        del keras.optimizers.Optimizer._apply_weight_decay
    i = (step * 16) % 48
    la, lb = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    hist.append([float(la), float(lb)])
    print(step, repr(float(la)), repr(float(lb)))

print(json.dumps({
    "hist": hist,
    "a": [w.numpy().ravel().tolist() for w in model_a.weights],
    "b": [w.numpy().ravel().tolist() for w in model_b.weights],
    "opt_b": [v.numpy().ravel().tolist() for v in opt_b.variables],
}))
