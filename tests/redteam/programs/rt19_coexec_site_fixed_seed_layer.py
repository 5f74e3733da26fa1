"""A co-executed step (it decides with NumPy on the model's output which examples to
keep, so it stays in the interpreter and its Keras calls run as graph sites) whose
model holds a custom layer that draws `tf.random.normal(tf.shape(x), seed=5)` in `call`
(input noise).  The step itself draws `tf.random.normal([4], seed=5)` too (the same
kernel: same op, dtypes and pair), in the interpreter, after the model call; the loop
draws with seed 5 at every seventh step.  From step 12 the model is called twice per
step (a second, "consistency" pass on the kept examples, whose batch size varies with
the data).  Eager's one kernel continues across all of them in program order.  Probes:
fixed-seed stream positions shared between a Keras site's graph, the interpreter's
eager draws in the same step and the loop's draws, with site graphs of varying batch
size."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2003)
rng = np.random.default_rng(2003)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)


class InputNoise(keras.layers.Layer):
    def call(self, x):
        return x + 0.05 * tf.random.normal(tf.shape(x), seed=5)


MODEL = keras.Sequential([
    keras.Input(shape=(5,)),
    InputNoise(),
    keras.layers.Dense(8, activation="tanh"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.05)
CONSISTENCY = False


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        err = np.abs(pred.numpy() - y.numpy()).ravel()
        keep = np.flatnonzero(err < np.median(err) * 1.5)
        shift = tf.random.normal([4], seed=5)
        loss = tf.reduce_mean(tf.square(tf.gather(pred, keep) - tf.gather(y, keep)))
        loss = loss + 1e-3 * tf.reduce_sum(shift)
        if CONSISTENCY:
            xk = tf.gather(x, keep)
            again = MODEL(xk)
            loss = loss + 0.1 * tf.reduce_mean(tf.square(again - tf.gather(pred, keep)))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, len(keep), shift[0]


outside = []
for step in range(30):
    if step == 12:
        CONSISTENCY = True
    i = (step * 8) % 56
    loss, kept, s0 = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), kept, repr(float(s0)))
    if step % 7 == 6:
        d = tf.random.normal([2], seed=5)
        outside.append([repr(float(v)) for v in d.numpy()])
        print("outside", outside[-1])

print(json.dumps({
    "kernel": [repr(float(v)) for v in MODEL.trainable_variables[0].numpy().ravel()[:10]],
    "head": [repr(float(v)) for v in MODEL.trainable_variables[-2].numpy().ravel()],
    "outside": outside,
    "iterations": int(OPT.iterations.numpy()),
}))
