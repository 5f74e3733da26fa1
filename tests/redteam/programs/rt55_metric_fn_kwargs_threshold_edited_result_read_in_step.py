"""The step updates a `keras.metrics.BinaryAccuracy` and a `keras.metrics.Mean` of the
loss and returns their results with the loss; the loop prints them.  BinaryAccuracy
keeps its threshold in the keyword dict `_fn_kwargs` its update_state passes to the
accuracy function.  Between calls the loop raises the threshold in that dict (step 7),
resets both metrics (step 12), replaces the Mean metric by a new one (step 17: a new
object the step reads from the global), sets the metric's `threshold` attribute alone
(step 22: eager ignores it) and lowers the threshold in the dict again (step 27).
Probes: a dict a Keras metric holds, edited in place between calls and read by
update_state while the step runs; metric state reset and the metric object swapped
between converted calls; results returned from the step."""
import random

import numpy

random.seed(5516)
numpy.random.seed(5516)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5516)
rng = np.random.default_rng(5516)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = ((XS[:, :1] - XS[:, 4:5]) > 0.3).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1, activation="sigmoid")])
LOSS = keras.losses.BinaryCrossentropy()
OPT = keras.optimizers.SGD(learning_rate=0.2)
ACC = keras.metrics.BinaryAccuracy(threshold=0.5)
MEAN = keras.metrics.Mean()


def train_step(x, y):
    with tf.GradientTape() as tape:
        prob = MODEL(x, training=True)
        loss = LOSS(y, prob)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    ACC.update_state(y, prob)
    MEAN.update_state(loss)
    return loss, ACC.result(), MEAN.result()


for step in range(32):
    if step == 7:
        ACC._fn_kwargs["threshold"] = 0.7
    if step == 12:
        ACC.reset_state()
        MEAN.reset_state()
    if step == 17:
        MEAN = keras.metrics.Mean(name="mean_b")
    if step == 22:
        ACC.threshold = 0.1
    if step == 27:
        ACC._fn_kwargs["threshold"] = 0.35
    i = (step * 16) % 112
    loss, acc, mean = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), repr(float(acc)), repr(float(mean)), MEAN.name)

print(json.dumps({"acc": repr(float(ACC.result())), "count": repr(float(ACC.count.numpy())),
                  "mean": repr(float(MEAN.result())),
                  "w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()]}))
