"""Dynamic control flow in training steps, run under janus and under JANUS_MODE=off.

Prints one JSON document: every step's outputs and the final variables, with their
types (typed.py), and, under janus, what janus did with each function.  float64 keeps graph and eager round-off apart from
real differences.
"""

import json
import sys

import numpy as np
import tensorflow as tf

from typed import typed

tf.keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(3)
rng = np.random.default_rng(3)
results = {}


def record(name, value):
    results.setdefault(name, []).append(typed(value))


# 1. Batch norm switched by an attribute that the loop flips for an evaluation.
class ResidualNet:
    def __init__(self):
        self.training = True
        self.stem = tf.keras.layers.Dense(8)
        self.bn = tf.keras.layers.BatchNormalization()
        self.inner = tf.keras.layers.Dense(8)
        self.head = tf.keras.layers.Dense(2)

    def __call__(self, x):
        h = self.stem(x)
        h = h + self.inner(tf.nn.relu(self.bn(h, training=self.training)))
        return self.head(h)


def bn_step(net, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(net(x) - y))
    variables = net.stem.trainable_variables + net.bn.trainable_variables + \
        net.inner.trainable_variables + net.head.trainable_variables
    if net.training:
        grads = tape.gradient(loss, variables)
        optimizer.apply_gradients(zip(grads, variables))
    return loss


def run_bn(step):
    tf.keras.utils.set_random_seed(5)
    net, optimizer = ResidualNet(), tf.keras.optimizers.SGD(0.05)
    data = np.random.default_rng(5)
    losses = []
    for i in range(24):
        net.training = i % 6 != 5               # every 6th step evaluates
        x, y = data.normal(size=(16, 4)), data.normal(size=(16, 2))
        losses.append(step(net, optimizer, x, y))
    return losses, list(net.bn.variables)


losses, bn_variables = run_bn(bn_step)
results["bn"], results["bn_variables"] = typed(losses), typed(bn_variables)
# The symbolic baseline freezes `net.training` at its first trace.
fixed, _ = run_bn(tf.function(bn_step, autograph=False))
results["bn_tf_function_differs"] = bool(np.max(np.abs(np.subtract(fixed, losses))) > 1e-6)


# 2. LSTM loops: a Python loop over the time dimension of the batch.
cell = tf.keras.layers.LSTMCell(6)
readout = tf.keras.layers.Dense(1)
lstm_optimizer = tf.keras.optimizers.Adam(0.01)


def lstm_step(sequences, targets):
    with tf.GradientTape() as tape:
        state = [tf.zeros((sequences.shape[0], 6), tf.float64)] * 2
        for t in range(sequences.shape[1]):
            output, state = cell(sequences[:, t], state)
        loss = tf.reduce_mean(tf.square(readout(output) - targets))
    variables = cell.trainable_variables + readout.trainable_variables
    lstm_optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
    return loss


for i in range(8):                               # one length: unrolled
    record("lstm_fixed", lstm_step(rng.normal(size=(4, 5, 3)), rng.normal(size=(4, 1))))
for length in (3, 7, 4, 6, 2, 5, 8, 3):          # lengths vary: a while loop
    record("lstm_varying", lstm_step(rng.normal(size=(4, length, 3)),
                                     rng.normal(size=(4, 1))))


# 3. A data-dependent branch: one way for 50 steps, then the other.
w = tf.Variable(tf.constant([0.5, -0.25], tf.float64))
branch_optimizer = tf.keras.optimizers.SGD(0.01)


def branch_step(x):
    with tf.GradientTape() as tape:
        if tf.reduce_sum(x) > 0:
            loss = tf.reduce_sum(tf.square(w * x))
        else:
            loss = tf.reduce_sum(tf.abs(w - x)) * 3.0
    branch_optimizer.apply_gradients(zip(tape.gradient(loss, [w]), [w]))
    return loss


for i in range(70):
    sign = 1.0 if i < 50 or i % 2 else -1.0
    record("branch", branch_step(tf.constant(sign * (1.0 + rng.random(2)))))


# 4. Loop control: break, continue and return in loops; nested loops; a raise.
v = tf.Variable(tf.constant([1.0, 2.0, 3.0], tf.float64))


def loops_step(x, limit):
    with tf.GradientTape() as tape:
        total = tf.zeros((), tf.float64)
        for i in range(4):
            if i == limit:
                break
            if i % 2:
                continue
            for j in range(2):
                total = total + tf.reduce_sum(v * x) * (i + j)
        if limit < 0:
            raise ValueError("limit must not be negative")
    v.assign_sub(0.01 * tape.gradient(total, v))
    return total


def first_big(x, threshold):
    for i, value in enumerate([x, x * 2.0, x * 4.0]):
        if i >= threshold:
            return value
    return x * 0.0


def returns_step(x, threshold):
    with tf.GradientTape():
        return tf.reduce_sum(first_big(x, threshold))


def run_loops():
    for i in range(12):
        limit = 3 if i < 6 else 4
        if i == 9:
            limit = -1
        x = tf.constant(rng.normal(size=3))
        try:
            record("loops", loops_step(x, limit))
        except ValueError as exc:
            record("loops", str(exc))
        record("returns", returns_step(x, i % 3))


run_loops()


# 5. A while loop on a tensor condition, with a Python counter carried through it.
u = tf.Variable(tf.constant(1.5, tf.float64))


def halving_step(x):
    with tf.GradientTape() as tape:
        y = x * u
        steps = 0
        while tf.abs(y) > 1.0:
            y = y / 2.0
            steps += 1
    u.assign_sub(0.01 * tape.gradient(y, u))
    return y, steps


for i in range(10):
    record("halving", halving_step(tf.constant(float(3 + 5 * i), tf.float64)))


# 6. `with` on a Python context manager and try/finally keep their meaning.
class Section:
    def __init__(self):
        self.entered = 0
        self.exited = 0

    def __enter__(self):
        self.entered += 1
        return self

    def __exit__(self, *exc_info):
        self.exited += 1
        return False


section = Section()
z = tf.Variable(tf.constant([0.5, 1.5], tf.float64))
cleanups = []


def with_step(x):
    with tf.GradientTape() as tape:
        with section:
            y = tf.reduce_sum(z * x)
        try:
            y = y * 2.0
        finally:
            cleanups.append(section.entered)
    z.assign_sub(0.1 * tape.gradient(y, z))
    return y


for i in range(6):
    record("with", with_step(tf.constant([1.0, float(i)], tf.float64)))
results["with_state"] = typed([section.entered, section.exited, cleanups])


# 7. Python numbers that a cond merges or a while loop carries: Python has the float 0.1
#    and an int past 2**31 (tests/KNOWN_WRONG.md).
def rate_step(x):
    with tf.GradientTape():
        y = tf.reduce_sum(x)
        if y > 0:                                # both ways while profiling: a cond
            rate = 0.1
        else:
            rate = 0.3
    return y, rate


def carry_step(x, count):
    with tf.GradientTape():
        y = x
        scale = 1.0
        while tf.abs(y) > 1.0:
            y = y / 2.0
            scale = scale * 1.1
            count += 1
    return y, scale, count


for i in range(10):
    sign = 1.0 if i % 2 else -1.0
    record("merged", rate_step(tf.constant([sign, 2.0 * sign], tf.float64)))
    record("carried", carry_step(tf.constant(float(3 + 5 * i), tf.float64), 2 ** 31 - 3))


results["variables"] = typed({"w": w, "v": v, "u": u, "z": z,
                               "cell": cell.trainable_variables})
if "janus" in sys.modules:
    import janus
    results["janus"] = {name.split(" ")[0]: info for name, info in janus.stats().items()}
print(json.dumps(results))
