"""The step encodes its run tag (a non-ASCII model name) to ASCII bytes with a
custom codec error handler, "runtag", and uses the tag's byte length as a Python
number in the loss (a per-run regularisation weight) and stores the bytes.  At step
10 the program re-registers "runtag" with another handler (one that spells out
code points, making the tag longer), at step 20 with a third.

codecs.register_error writes to the interpreter's codec registry, a C-level table
that is no module's dict.  str.encode(..., "runtag") looks the handler up there and
calls it at every call in eager, so the bytes, their length and the handler's call
count (the handler also counts its calls in HANDLER_CALLS) follow each
re-registration.  A graph that ran the str method once while building, on the
guarded tag, would keep the first handler's bytes and length: the losses, stored
tags and counts in the JSON would differ.
Probes: interpreter-level registries (the codec error-handler table) read by C
methods of str."""
import codecs
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1919)
rng = np.random.default_rng(1919)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
RUN = {"name": "mod\u00e8le-\u03b1"}
HANDLER_CALLS = {"n": 0}
TAGS = []


def replace_q(err):
    HANDLER_CALLS["n"] += 1
    return ("?" * (err.end - err.start), err.end)


def spell_out(err):
    HANDLER_CALLS["n"] += 1
    return ("".join("<%x>" % ord(c) for c in err.object[err.start:err.end]), err.end)


def drop(err):
    HANDLER_CALLS["n"] += 1
    return ("", err.end)


codecs.register_error("runtag", replace_q)


def train_step(x, y):
    tag = RUN["name"].encode("ascii", "runtag")
    weight = 0.01 * len(tag)
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(x @ W - y))
        loss = mse + weight * tf.reduce_sum(tf.square(W))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    TAGS.append(tag)
    return loss, tag


for step in range(30):
    if step == 10:
        codecs.register_error("runtag", spell_out)
    if step == 20:
        codecs.register_error("runtag", drop)
    i = (step * 8) % 88
    loss, tag = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), tag.decode("ascii"), HANDLER_CALLS["n"])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "tags": sorted({t.decode("ascii") for t in TAGS}),
    "tag_lengths": [len(t) for t in TAGS[::5]],
    "handler_calls": HANDLER_CALLS["n"],
    "iterations": int(OPT.iterations.numpy()),
}))
