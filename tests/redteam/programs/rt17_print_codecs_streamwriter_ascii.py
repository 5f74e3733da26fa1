"""The run log is a codecs StreamWriter (codecs.getwriter("ascii")) over a BytesIO;
the step prints "<metric name>=<loss>" to it before the optimizer update.  At step
12 the metric is renamed to a non-ASCII name ("Δmse"), at step 17 back to "dmse".

A StreamWriter encodes in its write(); with the strict ascii codec the print raises
UnicodeEncodeError inside the step, before apply_gradients, so eager applies no
update on steps 12-16 and the loop catches the error.  The writer has no `encoding`
attribute of its own (it forwards unknown attributes to the BytesIO, which has
none), so a pre-call check that reads `stream.encoding` cannot know the text fails;
a graph that applied the update and replayed the print afterwards would raise after
the weights changed.  The weights, iteration count and logged bytes would differ.
Probes: a stream that cannot encode, reached through a library writer class."""
import codecs
import io
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1111)
rng = np.random.default_rng(1111)

XS = rng.normal(size=(90, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)) - 0.2).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
B = tf.Variable(tf.zeros((1,)))
OPT = keras.optimizers.SGD(learning_rate=0.05, momentum=0.3)
RAW = io.BytesIO()
LOG = codecs.getwriter("ascii")(RAW)
NAMES = {"metric": "mse"}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    grads = tape.gradient(loss, [W, B])
    print(f"{NAMES['metric']}={float(loss):.5f}", file=LOG)
    OPT.apply_gradients(zip(grads, [W, B]))
    return loss


failures = []
for step in range(30):
    if step == 12:
        NAMES["metric"] = "\u0394mse"
    if step == 17:
        NAMES["metric"] = "dmse"
    i = (step * 10) % 80
    try:
        loss = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    except UnicodeEncodeError as exc:
        failures.append(step)
        print(step, "log failed:", exc.encoding, exc.reason, repr(float(B[0])))
        continue
    print(step, repr(float(loss)), repr(float(B[0])))

logged = RAW.getvalue().decode("ascii").splitlines()
print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "B": repr(float(B[0])),
    "failures": failures,
    "logged": len(logged),
    "logged_tail": logged[-2:],
    "iterations": int(OPT.iterations.numpy()),
}))
