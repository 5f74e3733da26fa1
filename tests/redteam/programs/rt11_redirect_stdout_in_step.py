"""The step temporarily redirects sys.stdout (contextlib.redirect_stdout, a stdlib context
manager that swaps a sys attribute) around some of its prints, and also prints to an
explicit file object and writes with sys.stdout.write. The loop reads the captured text.
Step 12: BUF is replaced by a fresh StringIO (the old one is kept and checked later).
Step 17: the step's SPLIT flag makes it write half its text with sys.stdout.write inside
the redirect. Step 22: REDIRECT = False (prints go to the real stdout).
Step 26: REDIRECT = True again and FILE (the explicit print target) becomes BUF itself."""
import contextlib
import io
import json
import sys
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1128)
rng = np.random.default_rng(1128)
X = rng.normal(size=(64, 4)).astype("float32")
Y = (X[:, :1] + X[:, 1:2] * X[:, 2:3]).astype("float32")

model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.Adam(learning_rate=0.01)
BUF = io.StringIO()
OLD_BUF = BUF
SIDE = io.StringIO()
FILE = SIDE
REDIRECT = True
SPLIT = False


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    print("before", step)
    if REDIRECT:
        with contextlib.redirect_stdout(BUF):
            print("captured", step, float(loss))
            if SPLIT:
                n = sys.stdout.write("written %d\n" % step)
                print("wrote", n)
    else:
        print("direct", step, float(loss))
    print("side", step, file=FILE)
    print("after", step)
    return loss


losses = []
for step in range(31):
    if step == 12:
        BUF = io.StringIO()
    elif step == 17:
        SPLIT = True
    elif step == 22:
        REDIRECT = False
    elif step == 26:
        REDIRECT = True
        FILE = BUF
    i = (step * 16) % 48
    loss = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]), step)
    losses.append(float(loss))
    lines = BUF.getvalue().splitlines()
    print(step, repr(float(loss)), len(lines), lines[-1] if lines else None)

print(json.dumps({
    "losses": losses,
    "buf": BUF.getvalue().splitlines(),
    "old_buf": OLD_BUF.getvalue().splitlines(),
    "side": SIDE.getvalue().splitlines(),
    "stdout_is_real": sys.stdout is sys.__stdout__,
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
