"""A co-executed step (np.random.choice over the classifier's numpy softmax draws
which rows get label smoothing, so the step stays in the interpreter) trains a Keras
MLP with Adam and a Keras Mean metric of the gradient norm.  What changes mid-run:
from step 12 the loop calls train_step from a fresh worker thread per step
(threading.Thread(...).start(); join()), which runs the sites, the tape walk and the
optimizer on another thread (the worker's own Keras thread-local state), and from
step 22 back on the main thread.  Probes: sites, deferred tape walks and optimizer
sites used from threads other than the one they were built on; eager's results."""
import random

import numpy

random.seed(4626)
numpy.random.seed(4626)

import json
import threading

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4626)
rng = np.random.default_rng(4626)
XS = rng.normal(size=(96, 6)).astype(np.float32)
LABELS = (XS[:, :3].sum(axis=1) > 0).astype(np.int64)
MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(2)])
LOSS = keras.losses.CategoricalCrossentropy(from_logits=True)
OPT = keras.optimizers.Adam(learning_rate=0.01)
NORM = keras.metrics.Mean()
RESULTS = []


def train_step(x, labels):
    probs = tf.nn.softmax(MODEL(x)).numpy().astype(np.float64)
    smooth = np.array([np.random.choice(2, p=p / p.sum()) for p in probs])
    onehot = np.eye(2, dtype=np.float32)[labels]
    onehot = np.where(smooth[:, None] == 1, onehot * 0.8 + 0.1, onehot).astype(np.float32)
    with tf.GradientTape() as tape:
        logits = MODEL(x)
        loss = LOSS(tf.constant(onehot), logits)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    gnorm = tf.linalg.global_norm(grads)
    NORM.update_state(gnorm)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    RESULTS.append((float(loss), float(gnorm), threading.current_thread() is threading.main_thread()))


for step in range(30):
    i = (step * 8) % 88
    args = (tf.constant(XS[i:i + 8]), LABELS[i:i + 8])
    if 12 <= step < 22:
        th = threading.Thread(target=train_step, args=args)
        th.start()
        th.join()
    else:
        train_step(*args)
    loss, gnorm, main = RESULTS[-1]
    print(step, main, repr(loss), repr(gnorm), repr(float(NORM.result())),
          repr(float(MODEL.layers[0].kernel.numpy()[2, 5])), int(OPT.iterations))

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
                  "norm": repr(float(NORM.result()))}))
