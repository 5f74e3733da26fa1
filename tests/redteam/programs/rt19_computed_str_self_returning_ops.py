"""String operations that CPython answers with their operand itself when there is
nothing to do: for an exact str `tag`, `tag + ""`, `"" + tag`, `"" + tag + ""` (the
concatenation returns the non-empty side) and `f"{tag}"` (FORMAT_SIMPLE of a str) all
return `tag` itself, while `tag + "!"` is a new string.  The step makes `tag` from the
loss (an f-string of a graph value, a fresh object per call), stores it and each derived
string in a record dict appended to HIST, and the loop checks the identities after the
step returns.  From step 15 the tag gets a '#' prefix (a rebuild).  Probes: "a result
that is one of its operands stays that object" generalised beyond strip() to `+` with an
empty string, on text the graph makes (`+` between such strings and plain ones is
converted); a converter that makes each concatenation's text anew after the graph
breaks `rec["plus"] is rec["tag"]`."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1937)
rng = np.random.default_rng(1937)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
PREFIX = ""
HIST = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    tag = f"{PREFIX}{float(loss):.6f}"
    rec = {
        "tag": tag,
        "plus": tag + "",
        "rplus": "" + tag,
        "plus2": "" + tag + "",
        "fstr": f"{tag}",
        "longer": tag + "!",
    }
    HIST.append(rec)
    return loss, tag


def identities(rec):
    out = {}
    for k, v in rec.items():
        if k != "tag":
            out[k] = v is rec["tag"]
    return out


for step in range(30):
    if step == 15:
        PREFIX = "#"
    i = (step * 8) % 56
    loss, tag = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    rec = HIST[-1]
    ids = identities(rec)
    print(step, repr(float(loss)), tag, rec["longer"], tag is rec["tag"],
          "".join("1" if ids[k] else "0" for k in sorted(ids)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "identities_first": identities(HIST[0]),
    "identities_mid": identities(HIST[12]),
    "identities_last": identities(HIST[-1]),
    "iterations": int(OPT.iterations.numpy()),
}))
