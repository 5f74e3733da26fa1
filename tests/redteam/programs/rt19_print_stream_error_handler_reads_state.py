"""A log stream that cannot encode everything the step prints:
`io.TextIOWrapper(io.BytesIO(), encoding="ascii", errors="rt19_mark")`, where
"rt19_mark" is an error handler the program registered with codecs.register_error: a
function of the program's that replaces the unencodable characters with a marker holding
the current value of the variable TEMP (read with .numpy()) and counts its calls.  From
step 10 the step's print to that stream includes a non-ASCII label ("τ=" for the
temperature; before that "t="), BEFORE it applies the update and `TEMP.assign(...)`.
In eager the handler runs inside print (TextIOWrapper encodes as it writes, with
write_through), before the assign.  The stream is open, writable, and its encoding
"takes" the text through the handler.  Probes: program code run by a codec error handler
while printing to an io stream; a converter that checks only that the stream can encode
the text (or encodes it with the handler at check time) replays the print after the
graph, and the marker shows the value after the assign."""
import codecs
import io
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1963)
rng = np.random.default_rng(1963)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
TEMP = tf.Variable(1.0)
OPT = keras.optimizers.SGD(learning_rate=0.05)
HANDLED = []


def mark(err):
    HANDLED.append(repr(float(TEMP.numpy())))
    return (f"<{float(TEMP.numpy()):.3f}>", err.end)


codecs.register_error("rt19_mark", mark)
RAW = io.BytesIO()
LOGF = io.TextIOWrapper(RAW, encoding="ascii", errors="rt19_mark", write_through=True)
LABEL = "t="


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1 / TEMP)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    print(LABEL, f"{float(loss):.6f}", file=LOGF)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    TEMP.assign(TEMP * 0.97)
    return loss


for step in range(30):
    if step == 10:
        LABEL = "\u03c4="
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(HANDLED))

LOGF.flush()
print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "temp": repr(float(TEMP.numpy())),
    "handled": HANDLED,
    "log": RAW.getvalue().decode("ascii").splitlines()[8:14],
    "iterations": int(OPT.iterations.numpy()),
}))
