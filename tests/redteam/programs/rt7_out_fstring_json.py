"""Per-step records formatted with f-string format specs, str.format with a format string held
in a global, %-formatting, json.dumps of a record (JSON-lines logging), numpy scalars from
.numpy() (np.float32 str/repr), float.hex(), and format(int, "08b").

Step 15: FMT (a global format string) changes "{:.2f}" -> "{:>12.6g}".
Step 20: SEPS (json.dumps separators) changes to compact (",", ":").
Step 24: LR becomes np.float32(0.05): json.dumps raises TypeError (float32 is not JSON
         serializable); the step catches it and records the type name instead.
Step 30: LR becomes float(np.float32(0.05)) (a Python float again, 0.05000000074505806).
Step 34: the JSONL list is replaced by a new list (the old one is kept and its length printed).
A wrong converter formats from stale specs/separators, gives a Python float where eager has
np.float32 (str/repr/type differ), does not raise the TypeError, or appends to the old list."""
import json
import random

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(3018)
random.seed(3018)
rng = np.random.default_rng(3018)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

W = tf.Variable(rng.normal(size=(64, 10)).astype("float32") * 0.05)
FMT = "{:.2f}"
SEPS = (", ", ": ")
LR = 0.2
JSONL = []


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        logits = x @ W
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
    g = tape.gradient(loss, W)
    W.assign_sub(LR * g)
    lv = float(loss)
    np_loss = loss.numpy()
    correct = int(tf.reduce_sum(tf.cast(tf.equal(tf.argmax(logits, 1, output_type=tf.int32), y), tf.int32)))
    acc = correct / 24
    rec = {"step": step, "loss": lv, "acc": acc, "lr": LR}
    try:
        line = json.dumps(rec, sort_keys=True, separators=SEPS)
    except TypeError as e:
        line = f"unserializable:{type(rec['lr']).__name__}:{str(e)[:40]}"
    JSONL.append(line)
    print(f"{step:>3d}|{lv:+.3e}|{lv:10.4f}|{acc:.2%}|{correct * 1000:,}|{lv=:.5f}|{lv!r:>22}|"
          f"{np_loss}|{np_loss!r}|{type(np_loss).__name__}|{lv.hex()}|{format(correct, '08b')}")
    print("  " + FMT.format(lv) + " %.3f|%s|%r|%5d" % (lv, np_loss, round(lv, 4), correct))
    print("  " + line)
    return loss, np_loss


old = None
for step in range(38):
    if step == 15:
        FMT = "{:>12.6g}"
    elif step == 20:
        SEPS = (",", ":")
    elif step == 24:
        LR = np.float32(0.05)
    elif step == 30:
        LR = float(np.float32(0.05))
    elif step == 34:
        old = JSONL
        JSONL = []
    i = (step * 24) % (len(X) - 24)
    loss, np_loss = train_step(tf.constant(X[i:i + 24]), tf.constant(Y[i:i + 24]), step)
    print(step, repr(float(loss)), type(np_loss).__name__, np_loss == loss.numpy(), str(loss))

print("jsonl", len(JSONL), len(old), JSONL[-1], old[0])
print("ck", repr(float(np.sum(np.abs(W.numpy()), dtype=np.float64))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
