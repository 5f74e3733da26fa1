"""The step writes a structured report of itself: a dict with the step counter, the
loss and per-variable gradient norms as Python floats, the learning rate, a nested
list of the last three losses, and a NaN placeholder; it serialises it with
json.dumps(sort_keys=True) and pprint.pformat(width=50) (stdlib Python code iterating
and formatting those floats), prints both and appends the JSON line to JOURNAL.  It
also tries json.dumps of the raw loss TENSOR, catches the TypeError and records its
message ("Object of type EagerTensor is not JSON serializable").

Probes: stdlib serialisers run over values the graph computes.  json's encoder calls
float.__repr__ on each float and pprint wraps lines by the width of the text, so the
output depends on the values; a converter that formats at build time, routes the
TypeError raised on a symbolic tensor (a different class name) into the handler, or
orders/reprs the report otherwise prints different lines.
"""
import json
import pprint

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1427)
rng = np.random.default_rng(1427)

N_STEPS = 32
XS = rng.normal(size=(N_STEPS, 8, 4)).astype(np.float32)
YS = np.tanh(XS[:, :, :2].sum(axis=2, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 5)).astype(np.float32) * 0.5, name="W1")
W2 = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.5, name="W2")
OPT = keras.optimizers.SGD(learning_rate=0.05)
JOURNAL = []
STATE = {"step": 0, "recent": []}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    STATE["step"] += 1
    STATE["recent"] = (STATE["recent"] + [float(loss)])[-3:]
    report = {
        "step": STATE["step"],
        "loss": float(loss),
        "norms": {"W1": float(tf.norm(grads[0])), "W2": float(tf.norm(grads[1]))},
        "lr": 0.05,
        "recent": list(STATE["recent"]),
        "pending": float("nan"),
        "ok": float(loss) < 0.2,
    }
    line = json.dumps(report, sort_keys=True)
    pretty = pprint.pformat(report, width=50, sort_dicts=True)
    try:
        json.dumps({"raw": loss})
        note = "serialised"
    except TypeError as e:
        note = str(e)
    JOURNAL.append(line)
    print(line)
    print(pretty)
    return loss, note


for step in range(N_STEPS):
    loss, note = train_step(tf.constant(XS[step]), tf.constant(YS[step]))
    if step % 8 == 0:
        print("note:", note)

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "journal_len": len(JOURNAL),
    "last": json.loads(JOURNAL[-1].replace("NaN", "null")),
}))
