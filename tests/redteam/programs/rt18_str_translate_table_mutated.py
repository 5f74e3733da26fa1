"""Probes: str.translate with a translation table dict the program edits in place.

janus runs "C methods of str and other immutable values (name.upper(), "-".join(...))
at build time on guarded arguments".  str.translate's argument is a mapping the C code
reads item by item (only the items for the characters present), so what the guards
must cover is the table's contents, not just its identity.  The step normalises a
fixed label with LABEL.translate(TABLE) and uses the length of the result (a token
count) to scale its loss, storing the text.  The loop edits TABLE in place: at step 10
it maps '-' to ' - ', at step 20 it deletes the mapping for '_' (TABLE and LABEL are
the same objects throughout)."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1851)
rng = np.random.default_rng(1851)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.04)

LABEL = "enc_block-1_proj-out"
TABLE = {ord("_"): " ", ord("-"): "/"}


class Out:
    text = ""


def train_step(x, y):
    text = LABEL.translate(TABLE)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (20.0 / len(text))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    Out.text = text
    return loss


for step in range(30):
    if step == 10:
        TABLE[ord("-")] = " - "
    if step == 20:
        del TABLE[ord("_")]
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(Out.text))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "text": Out.text,
}))
