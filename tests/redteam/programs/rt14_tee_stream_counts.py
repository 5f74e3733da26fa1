"""The program installs its own stream objects as sys.stdout and sys.stderr (a
common "tee to a log" pattern): each Tee.write appends (tag, text) to one shared
MERGED list and counts lines and characters on the Tee.  The training step prints a
progress line to stdout, a warning line to stderr (print(..., file=sys.stderr)) on
bad batches, and then READS `sys.stdout.lines` / `sys.stderr.lines` and returns them
(used to decide whether to print a header every 5 lines).  At the end the real
streams are restored and the merged, ordered transcript is printed to the real stdout.

Probes: output that runs the program's code and whose side effects the step reads back.
A converter that replays prints after the graph reads stale counters inside the step
(the header decision and returned counts change), interleaves the stdout/stderr writes
in a different order in MERGED, or calls Tee.write with differently split text
(print writes the text and the end separately).
"""
import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1424)
rng = np.random.default_rng(1424)

MERGED = []


class Tee:
    def __init__(self, tag):
        self.tag = tag
        self.lines = 0
        self.chars = 0

    def write(self, text):
        MERGED.append((self.tag, text))
        self.lines += text.count("\n")
        self.chars += len(text)
        return len(text)

    def flush(self):
        pass


REAL_OUT, REAL_ERR = sys.stdout, sys.stderr
N_STEPS = 30
XS = rng.normal(size=(N_STEPS, 8, 3)).astype(np.float32)
YS = (XS @ np.array([[1.0], [0.5], [-0.5]], np.float32)).astype(np.float32)
BAD = {4, 5, 13, 22}
for s in BAD:
    YS[s] += 3.0
W = tf.Variable(np.zeros((3, 1), np.float32), name="W")
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    OPT.apply_gradients([(tape.gradient(loss, W), W)])
    if sys.stdout.lines % 5 == 0:
        print("---- header at line", sys.stdout.lines, "----")
    print("step", step, "loss", round(float(loss), 5))
    if float(loss) > 2.0:
        print("warning: large loss at step", step, file=sys.stderr)
    return loss, sys.stdout.lines, sys.stderr.lines


sys.stdout, sys.stderr = Tee("out"), Tee("err")
results = []
try:
    for step in range(N_STEPS):
        loss, out_lines, err_lines = train_step(tf.constant(XS[step]), tf.constant(YS[step]), step)
        results.append((step, out_lines, err_lines))
finally:
    tee_out, tee_err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = REAL_OUT, REAL_ERR

pending = []
for tag, text in MERGED:
    pending.append((tag, text))
    if "\n" in text:
        tags = sorted(set(t for t, _ in pending))
        print("/".join(tags), [p for _, p in pending])
        pending = []
if pending:
    print("unterminated", pending)
print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "results": results,
    "out": [tee_out.lines, tee_out.chars],
    "err": [tee_err.lines, tee_err.chars],
    "writes": len(MERGED),
}))
