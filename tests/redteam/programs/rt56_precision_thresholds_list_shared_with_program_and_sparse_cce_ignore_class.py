"""A 3-class classifier tracks Precision(thresholds=THR, class_id=1) and
Recall(class_id=0) inside the step and trains with SparseCategoricalCrossentropy on
logits.  The program takes the metric's own thresholds list (`THR = PREC.thresholds`)
and retunes the operating points in place: THR[1] = 0.8 at step 9 and THR[0] = 0.05 at
step 27 (non-uniform thresholds, so Keras reads the values at each update).  Also mid-run:
`PREC.class_id = 2` at step 13, the loss's `_fn_kwargs["ignore_class"] = 0` at step 17
(labels 0 no longer count), `REC.top_k = 2` at step 21, `LOSS.reduction = "sum"` at step
24, `REC.reset_state()` at step 30.  The step returns the metric results; the loop prints
them.  Probes: a list held by a metric (its thresholds) and read natively by
Keras' confusion-matrix code, metric and loss configuration edited between calls."""
import random

import numpy

random.seed(5630)
numpy.random.seed(5630)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5630)
rng = np.random.default_rng(5630)
XS = rng.normal(size=(160, 5)).astype(np.float32)
YS = np.argmax(XS[:, :3] * np.array([1.0, 0.8, 1.2], np.float32) + 0.3 * XS[:, 3:4], axis=1).astype(np.int32)

PREC = keras.metrics.Precision(thresholds=[0.3, 0.6], class_id=1)
THR = PREC.thresholds
REC = keras.metrics.Recall(class_id=0)
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(12, activation="relu"),
                          keras.layers.Dense(3)])
OPT = keras.optimizers.Adam(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = MODEL(x, training=True)
        loss = LOSS(y, logits)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    probs = tf.nn.softmax(logits)
    onehot = tf.one_hot(y, 3)
    PREC.update_state(onehot, probs)
    REC.update_state(onehot, probs)
    return loss, PREC.result(), REC.result()


for step in range(34):
    if step == 9:
        THR[1] = 0.8
    if step == 13:
        PREC.class_id = 2
    if step == 17:
        LOSS._fn_kwargs["ignore_class"] = 0
    if step == 21:
        REC.top_k = 2
    if step == 24:
        LOSS.reduction = "sum"
    if step == 27:
        THR[0] = 0.05
    if step == 30:
        REC.reset_state()
    i = (step * 10) % 150
    loss, prec, rec = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), [repr(float(v)) for v in prec.numpy()], repr(float(rec)),
          PREC.thresholds is THR)

print(json.dumps({"tp": PREC.true_positives.numpy().tolist(),
                  "fp": PREC.false_positives.numpy().tolist(),
                  "w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()[:6]]}))
