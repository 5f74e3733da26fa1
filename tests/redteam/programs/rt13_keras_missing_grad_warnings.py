"""Keras warns at every apply_gradients once an auxiliary head stops receiving gradients
mid-run; the loop counts warnings per step.

The step optimises all trainable variables of a two-head model.  Until step 10 the loss
uses both heads; at step 10 the loop sets USE_AUX = False (the auxiliary loss is
switched off, a common schedule), so the auxiliary head's kernel and bias get None
gradients.  Keras' optimizer then filters them out and calls `warnings.warn("Gradients
do not exist for variables [...]")` -- library Python, at every call.  The loop runs each
step under `warnings.catch_warnings(record=True)` with `simplefilter("always")` (a
warnings counter) and prints how many warnings the step raised and the start of the
first message.  Eager records one warning per step from step 10 on.  A graph call runs
Keras' Python only while building, so a converted step would record the warning once
and then none.  Probes: warnings issued by library code inside the step (output made by
library code at build time vs. every call).
"""
import json
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1332)
rng = np.random.default_rng(1332)

XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS[:, :1] + XS[:, 1:2]).astype(np.float32)
YAUX = (XS[:, 2:3] > 0).astype(np.float32)

trunk = keras.layers.Dense(10, activation="tanh")
main_head = keras.layers.Dense(1)
aux_head = keras.layers.Dense(1)
for layer, dim in ((trunk, 6), (main_head, 10), (aux_head, 10)):
    layer.build((None, dim))
VARS = trunk.trainable_variables + main_head.trainable_variables + aux_head.trainable_variables
opt = keras.optimizers.SGD(learning_rate=0.05)
USE_AUX = True


def train_step(x, y, yaux):
    with tf.GradientTape() as tape:
        h = trunk(x)
        loss = tf.reduce_mean(tf.square(main_head(h) - y))
        if USE_AUX:
            logits = aux_head(h)
            loss = loss + 0.3 * tf.reduce_mean(
                tf.nn.sigmoid_cross_entropy_with_logits(yaux, logits))
    grads = tape.gradient(loss, VARS)
    opt.apply_gradients(zip(grads, VARS))
    return loss


counts = []
for step in range(30):
    if step == 10:
        USE_AUX = False
    i = (step * 8) % 88
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                          tf.constant(YAUX[i:i + 8]))
    counts.append(len(caught))
    first = str(caught[0].message)[:40] if caught else ""
    print(step, repr(float(loss)), len(caught), first)

print(json.dumps({
    "warning_counts": counts,
    "aux_kernel": [repr(float(v)) for v in aux_head.kernel.numpy().ravel()[:5]],
    "main_kernel": [repr(float(v)) for v in main_head.kernel.numpy().ravel()[:5]],
}))
