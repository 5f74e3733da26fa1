"""A binary classifier trained with a CategoricalCrossentropy loss object whose
configuration the loop edits mid-run the ways people try: `loss_fn.reduction` from
"sum_over_batch_size" to "sum" and to "mean", label smoothing via the wrapper's
`_fn_kwargs["label_smoothing"]` and via the plain `label_smoothing` attribute (which
Keras 3's wrapper does not read), and `from_logits` via `_fn_kwargs`.  The model
outputs logits; for the steps where from_logits is False the loss sees softmax
probabilities.  Probes: a Keras loss object's attributes and its kwargs dict changed
between steps."""
import random

import numpy

random.seed(39)
numpy.random.seed(39)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4132)
rng = np.random.default_rng(4132)
XS = rng.normal(size=(96, 5)).astype(np.float32)
LAB = (XS[:, 0] + 0.5 * XS[:, 1] > 0).astype(np.int64)
YS = np.eye(2, dtype=np.float32)[LAB]
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(2)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
LOSS = keras.losses.CategoricalCrossentropy(from_logits=True)


def train_step(x, y):
    with tf.GradientTape() as tape:
        out = model(x)
        if not LOSS._fn_kwargs["from_logits"]:
            out = tf.nn.softmax(out)
        loss = LOSS(y, out)
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(42):
    if step == 6:
        LOSS.reduction = "sum"
    elif step == 12:
        LOSS.reduction = "mean"
    elif step == 18:
        LOSS._fn_kwargs["label_smoothing"] = 0.2
    elif step == 24:
        LOSS.label_smoothing = 0.5
    elif step == 30:
        LOSS._fn_kwargs["from_logits"] = False
    elif step == 36:
        LOSS.reduction = "sum_over_batch_size"
        LOSS._fn_kwargs["label_smoothing"] = 0.0
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), LOSS.reduction, LOSS._fn_kwargs["label_smoothing"])

print("vars", [repr(float(tf.reduce_sum(v))) for v in model.trainable_variables])
