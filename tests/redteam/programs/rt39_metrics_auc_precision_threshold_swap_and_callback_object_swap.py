"""A binary classifier step updates three metrics (AUC, Precision at a threshold, a
Mean of the loss) and calls a callback-like object's `on_batch_end(step, logs)` with a
dict of floats, ints and tensors; the callback keeps a history list and a best value.
Between calls the loop changes things as fine-tuning code does: at call 9 the Precision
metric is replaced by a new one with `thresholds=0.7`, at call 15 all metrics are reset,
at call 20 the AUC's `curve` attribute is set to "PR" on the same object (eagerly it
changes how `result()` integrates), at call 24 the callback object is replaced by an
instance of another class whose `on_batch_end` also counts.  Probes: Keras metrics
replaced, reset and edited mid-run; a callback object called from the step swapped."""
import random

import numpy

random.seed(3918)
numpy.random.seed(3918)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3918)
rng = np.random.default_rng(3918)
XS = rng.normal(size=(128, 6)).astype(np.float32)
YS = (XS @ rng.normal(size=(6, 1)) + 0.3 * rng.normal(size=(128, 1)) > 0).astype(np.float32)
MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1, activation="sigmoid")])
OPT = keras.optimizers.Adam(learning_rate=0.02)
LOSS = keras.losses.BinaryCrossentropy()
AUC = keras.metrics.AUC(num_thresholds=20)
PREC = keras.metrics.Precision()
MEAN = keras.metrics.Mean()


class Recorder:
    def __init__(self):
        self.history = []
        self.best = 0.0

    def on_batch_end(self, step, logs):
        self.history.append(round(logs["auc"], 4))
        if logs["auc"] > self.best:
            self.best = logs["auc"]


class CountingRecorder(Recorder):
    def __init__(self):
        super().__init__()
        self.calls = 0

    def on_batch_end(self, step, logs):
        self.calls += 1
        self.history.append(logs["step"] * 1000 + logs["n"])


CB = Recorder()


def train_step(step, x, y):
    with tf.GradientTape() as tape:
        p = MODEL(x, training=True)
        loss = LOSS(y, p)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    AUC.update_state(y, p)
    PREC.update_state(y, p)
    MEAN.update_state(loss)
    logs = {"loss": float(loss), "auc": float(AUC.result()), "prec": PREC.result(),
            "mean": MEAN.result(), "step": step, "n": len(CB.history)}
    CB.on_batch_end(step, logs)
    return logs


for step in range(30):
    if step == 9:
        PREC = keras.metrics.Precision(thresholds=0.7)
    if step == 15:
        for m in (AUC, PREC, MEAN):
            m.reset_state()
    if step == 20:
        AUC.curve = keras.metrics.AUC(curve="PR").curve
    if step == 24:
        CB = CountingRecorder()
    i = (step * 16) % 112
    logs = train_step(step, tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, f"{logs['loss']:.7f} auc={logs['auc']:.7f} prec={float(logs['prec']):.7f} "
          f"mean={float(logs['mean']):.7f} n={logs['n']:d}", type(logs["prec"]).__name__,
          repr(CB.best), CB.history[-3:])

for v in MODEL.weights:
    print(v.path, v.numpy().ravel()[:6].tolist())
print("cb", type(CB).__name__, getattr(CB, "calls", None), len(CB.history))
print("metrics", [(m.name, [x.numpy().ravel()[:3].tolist() for x in m.variables]) for m in (AUC, PREC, MEAN)])
