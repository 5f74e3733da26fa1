"""Exceptions after partial updates: the step applies Adam, appends float(loss) to a history,
bumps counters and then raises EarlyStopSignal when the loss is below LIMIT["v"]; a finally clause
counts exits. At step 10 the loop raises LIMIT["v"] so the raise fires from then on; the loop
catches it and trains on. Expects (as eager) every update before the raise to have landed."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1616)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(1616)
X = tf.constant(rng.normal(size=(32, 4)))
Y = tf.constant(np.tanh(X.numpy() @ np.array([[0.4], [0.4], [-0.8], [0.1]])))


class EarlyStopSignal(Exception):
    pass


LIMIT = {"v": 0.0}
HIST = []
COUNTS = {"calls": 0, "finally": 0, "updates": 0, "caught": 0}
CAUGHT = []
W = tf.Variable(tf.zeros((4, 1), tf.float64))
OPT = tf.keras.optimizers.Adam(learning_rate=0.05)


def train_step(x, y):
    COUNTS["calls"] += 1
    try:
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.tanh(tf.matmul(x, W)) - y))
        OPT.apply_gradients([(tape.gradient(loss, W), W)])
        COUNTS["updates"] += 1
        HIST.append(float(loss))
        if float(loss) < LIMIT["v"]:
            raise EarlyStopSignal(f"loss {float(loss):.6f} below {LIMIT['v']}")
        return loss
    finally:
        COUNTS["finally"] += 1


for step in range(30):
    if step == 10:
        LIMIT["v"] = 0.05
    try:
        loss = train_step(X, Y)
        status = "ok"
    except EarlyStopSignal as e:
        COUNTS["caught"] += 1
        CAUGHT.append(str(e))
        status = f"stop({e})"
    print(f"step {step:2d} {status} hist_len={len(HIST)} last={HIST[-1]!r} iters={int(OPT.iterations)} "
          f"counts={COUNTS} w0={float(W[0, 0])!r}")

print(f"final caught={COUNTS['caught']} first_caught={CAUGHT[0] if CAUGHT else None!r} "
      f"w={W.numpy().ravel().tolist()!r} iters={int(OPT.iterations)}")
