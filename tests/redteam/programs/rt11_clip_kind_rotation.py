"""Gradient clipping of a live SGD(momentum) rotated through every kind, with odd value types.
Step 10: clipnorm = 0.05. Step 14: clipnorm = None, global_clipnorm = 0.1.
Step 18: global_clipnorm = 0 (an int zero: falsy, no clipping). Step 21: clipvalue = 0.01.
Step 25: clipvalue = True (a bool: clip to [-1, 1]). Step 28: loss_scale_factor = 4.0
(gradients divided by 4). Step 31: clipvalue = None, clipnorm = np.float32(0.02) (a numpy
scalar). The step also returns the global gradient norm it saw before apply."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1110)
rng = np.random.default_rng(1110)
X = (rng.normal(size=(64, 5)) * 4.0).astype("float32")
Y = (X @ rng.normal(size=(5, 1)) * 3.0).astype("float32")

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.01, momentum=0.9)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    gnorm = tf.linalg.global_norm(grads)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, gnorm


rows = []
for step in range(35):
    if step == 10:
        opt.clipnorm = 0.05
    elif step == 14:
        opt.clipnorm = None
        opt.global_clipnorm = 0.1
    elif step == 18:
        opt.global_clipnorm = 0
    elif step == 21:
        opt.clipvalue = 0.01
    elif step == 25:
        opt.clipvalue = True
    elif step == 28:
        opt.loss_scale_factor = 4.0
    elif step == 31:
        opt.clipvalue = None
        opt.clipnorm = np.float32(0.02)
    i = (step * 16) % 48
    loss, gnorm = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    rows.append([float(loss), float(gnorm)])
    print(step, repr(float(loss)), repr(float(gnorm)))

print(json.dumps({
    "rows": rows,
    "clip": [repr(opt.clipnorm), repr(opt.global_clipnorm), repr(opt.clipvalue)],
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
    "momenta": [v.numpy().ravel().tolist() for v in opt.variables],
}))
