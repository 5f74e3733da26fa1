"""Exceptions from check_numerics after an update: the step applies SGD-with-momentum, bumps a
counter, then checks the updated weights with tf.debugging.check_numerics. At step 10 the loop
raises CFG["lr"] to 40, the exp-link model overflows and the check fails; the loop catches the
error, rolls weights and optimizer slots back to a snapshot and quarters the rate. Expects eager's state."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1717)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(1717)
X = tf.constant(rng.normal(size=(32, 3)))
Y = tf.constant(np.exp(X.numpy() @ np.array([[0.5], [-0.3], [0.2]])))

CFG = {"lr": 0.05}
COUNTS = {"steps": 0, "updates": 0, "failures": 0, "rollbacks": 0}
W = tf.Variable(tf.zeros((3, 1), tf.float64))
OPT = tf.keras.optimizers.SGD(learning_rate=0.05, momentum=0.9)
OPT.build([W])
FAIL_MSGS = []


def train_step(x, y):
    COUNTS["steps"] += 1
    OPT.learning_rate = CFG["lr"]
    with tf.GradientTape() as tape:
        pred = tf.exp(tf.matmul(x, W))
        loss = tf.reduce_mean(tf.square(pred - y))
    OPT.apply_gradients([(tape.gradient(loss, W), W)])
    COUNTS["updates"] += 1
    tf.debugging.check_numerics(W, "weights after update")
    return loss


SNAP = None
for step in range(32):
    if step == 10:
        CFG["lr"] = 40.0
    pending = ([v.numpy() for v in OPT.variables], W.numpy())
    try:
        loss = train_step(X, Y)
        if float(loss) < 1.5:
            SNAP = pending  # the state this loss was measured at is healthy
        status = f"loss={float(loss)!r}"
    except tf.errors.InvalidArgumentError as e:
        COUNTS["failures"] += 1
        FAIL_MSGS.append(e.message.splitlines()[0][:40])
        status = f"FAILED w0={float(W[0, 0])!r} iters={int(OPT.iterations)}"
        opt_vals, w_val = SNAP
        for v, val in zip(OPT.variables, opt_vals):
            v.assign(val)
        W.assign(w_val)
        CFG["lr"] = CFG["lr"] / 4
        COUNTS["rollbacks"] += 1
    print(f"step {step:2d} lr={CFG['lr']!r} {status} counts={COUNTS}")

print(f"final counts={COUNTS} msgs={sorted(set(FAIL_MSGS))} w={W.numpy().ravel().tolist()!r} "
      f"iters={int(OPT.iterations)}")
