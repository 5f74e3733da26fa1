"""tf.print interleaved with print, to sys.stdout and to file:// paths, showing a raw
tf.Variable before and after the step updates it. Formatting arguments come from globals
the loop changes: step 10 SUMMARIZE 2 -> 1; step 14 SEP ", " -> " | "; step 18 the file
path PATH switches to a second file; step 22 STREAM (one of the tf.prints) -> sys.stderr
(so stdout loses that line); step 26 END -> " <<\n". The loop reads both files after every
step and prints their line counts and last lines."""
import json
import os
import sys
import tempfile
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1131)
rng = np.random.default_rng(1131)
X = rng.normal(size=(64, 3)).astype("float32")
Y = (X @ np.array([[1.0], [2.0], [-1.0]], dtype="float32")).astype("float32")

tmpdir = tempfile.mkdtemp(prefix="rt11_tfprint_")
FILE_A = os.path.join(tmpdir, "a.log")
FILE_B = os.path.join(tmpdir, "b.log")
PATH = FILE_A
W = tf.Variable(rng.normal(size=(3, 1)).astype("float32"))
B = tf.Variable(0.0)
opt = keras.optimizers.SGD(learning_rate=0.1)
SUMMARIZE = 2
SEP = ", "
STREAM = sys.stdout
END = "\n"


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        pred = x @ W + B
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [W, B])
    print("py-before", step)
    tf.print("W-before", W, summarize=SUMMARIZE, sep=SEP, output_stream=sys.stdout, end=END)
    opt.apply_gradients(zip(grads, [W, B]))
    tf.print("W-after", W, B, summarize=SUMMARIZE, sep=SEP, output_stream=STREAM)
    print("py-after", step)
    tf.print("loss", loss, step, output_stream="file://" + PATH)
    return loss


def tail(path):
    if not os.path.exists(path):
        return 0, None
    with open(path) as f:
        lines = f.read().splitlines()
    return len(lines), (lines[-1] if lines else None)


losses = []
for step in range(30):
    if step == 10:
        SUMMARIZE = 1
    elif step == 14:
        SEP = " | "
    elif step == 18:
        PATH = FILE_B
    elif step == 22:
        STREAM = sys.stderr
    elif step == 26:
        END = " <<\n"
    i = (step * 16) % 48
    loss = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]), step)
    losses.append(float(loss))
    print(step, repr(float(loss)), tail(FILE_A), tail(FILE_B))

print(json.dumps({
    "losses": losses,
    "a": tail(FILE_A)[0],
    "b": tail(FILE_B)[0],
    "W": W.numpy().ravel().tolist(),
    "B": float(B.numpy()),
}))

import shutil  # noqa: E402

shutil.rmtree(tmpdir, ignore_errors=True)
# The temporary directory has another random name in each run: not state to compare.
del tmpdir, FILE_A, FILE_B, PATH
