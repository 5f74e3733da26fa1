"""Loops on tensors in training steps, run under janus and under JANUS_MODE=off:
`for` over a tensor and over tf.range, `break`, `continue`, `return` and `raise` inside
them, TensorArrays, and a carried state whose static shape generalises.

Prints one JSON document: every step's outputs (or the exception it raised) and the
final variables, with their types (typed.py), and, under janus, what janus did with
each function.
"""

import json
import sys

import numpy as np
import tensorflow as tf

from typed import typed

tf.keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(5)
rng = np.random.default_rng(5)
results = {}


def record(name, value):
    results.setdefault(name, []).append(typed(value))


def record_call(name, fn, *args):
    try:
        record(name, fn(*args))
    except Exception as exc:                  # the program sees it: so must the reference
        record(name, f"{type(exc).__name__}: {exc}")


opt = tf.keras.optimizers.SGD(0.05)

# 1. An actor-critic episode (the TF tutorial's shape): `for t in tf.range(n)`,
#    TensorArray writes, and a `break` the rewards decide.
critic = tf.keras.layers.Dense(1)
critic.build((None, 4))


def run_episode(initial_state, max_steps, threshold):
    values = tf.TensorArray(tf.float64, size=0, dynamic_size=True)
    rewards = tf.TensorArray(tf.float64, size=0, dynamic_size=True)
    state = initial_state
    for t in tf.range(max_steps):
        value = tf.reduce_sum(critic(state[None]))
        values = values.write(t, value)
        state = state * 0.8 + 0.1
        reward = tf.reduce_sum(state)
        rewards = rewards.write(t, reward)
        if reward < threshold:
            break
    return values.stack(), rewards.stack()


def episode_step(initial_state, max_steps, threshold):
    with tf.GradientTape() as tape:
        values, rewards = run_episode(initial_state, max_steps, threshold)
        loss = tf.reduce_mean((rewards - values) ** 2)
    grads = tape.gradient(loss, critic.trainable_variables)
    opt.apply_gradients(zip(grads, critic.trainable_variables))
    return loss, tf.shape(rewards)[0]


for i in range(12):
    record("episode", episode_step(tf.constant(rng.uniform(0.5, 2.0, 4)), 20,
                                   tf.constant(2.2 + 0.2 * (i % 4), tf.float64)))

# 2. `for x in t` over a first dimension that changes from call to call, with
#    `continue`, a Python counter and a tensor sum carried.
w = tf.Variable(rng.normal(size=(3,)))


def masked_step(xs):
    with tf.GradientTape() as tape:
        total = tf.constant(0.0, tf.float64)
        kept = 0
        for x in xs:
            score = tf.reduce_sum(x * w)
            if score < 0:
                continue
            total += score
            kept += 1
        loss = total * total
    w.assign_sub(0.01 * tape.gradient(loss, w))
    return loss, kept


for i in range(10):
    record("masked", masked_step(tf.constant(rng.normal(size=(4 + i % 3, 3)))))

# 3. A short first dimension known when building runs unrolled, element by element.
v = tf.Variable(rng.normal(size=(2,)))


def rows_step(mat):
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0, tf.float64)
        for row in mat:
            loss += tf.reduce_sum(row * v) ** 2
    v.assign_sub(0.01 * tape.gradient(loss, v))
    return loss


for i in range(6):
    record("rows", rows_step(tf.constant(rng.normal(size=(3, 2)))))

# 4. `return` from inside a loop over a tensor: the first element above a threshold.
u = tf.Variable(1.5, dtype=tf.float64)


def first_above(xs, threshold):
    for x in xs:
        if x * u > threshold:
            return x * u
    return tf.constant(-1.0, tf.float64)


def search_step(xs, threshold):
    with tf.GradientTape() as tape:
        found = first_above(xs, threshold)
        loss = found * found
    u.assign_sub(0.001 * tape.gradient(
        loss, u, unconnected_gradients=tf.UnconnectedGradients.ZERO))
    return found


for i in range(10):
    record("search", search_step(tf.constant(rng.uniform(0, 2, 5 + i % 2)),
                                 tf.constant(2.0 + 0.3 * (i % 3), tf.float64)))

# 5. `raise` inside a loop over a tensor: the program catches it on some calls.
z = tf.Variable(0.5, dtype=tf.float64)


def checked_step(xs):
    with tf.GradientTape() as tape:
        total = tf.constant(0.0, tf.float64)
        for x in xs:
            if x < 0:
                raise ValueError("a negative reading")
            total += x * z
    z.assign_sub(0.01 * tape.gradient(total, z))
    return total


for i in range(10):
    readings = rng.uniform(0, 1, 6)
    if i in (6, 8):
        readings[3] = -1.0
    record_call("checked", checked_step, tf.constant(readings))

# 6. A while loop whose carried state's static shape generalises after one iteration
#    (`seq[t:t+1]` has an unknown first dimension), with a `break`.
W = tf.Variable(rng.normal(size=(8, 16)) * 0.3)
U = tf.Variable(rng.normal(size=(16, 16)) * 0.3)
rnn_opt = tf.keras.optimizers.SGD(0.05)


def rnn_step(seq, length, limit):
    with tf.GradientTape() as tape:
        state = tf.zeros((1, 16), tf.float64)
        t = tf.constant(0)
        while t < length:
            x = seq[t:t + 1]
            state = tf.tanh(tf.matmul(x, W) + tf.matmul(state, U))
            t += 1
            if tf.reduce_max(tf.abs(state)) > limit:
                break
        loss = tf.reduce_sum(state * state)
    grads = tape.gradient(loss, [W, U],
                          unconnected_gradients=tf.UnconnectedGradients.ZERO)
    rnn_opt.apply_gradients(zip(grads, [W, U]))
    return loss, t


for i in range(12):
    record("rnn", rnn_step(tf.constant(rng.normal(size=(6, 8))), tf.constant(i % 5),
                           tf.constant(0.95 if i % 3 else 2.0, tf.float64)))

# 7. A list appended inside a loop on a tensor, stacked after it (a TensorArray).
G = tf.Variable(rng.normal(size=(3, 3)) * 0.5)


def unroll_step(x0, steps):
    with tf.GradientTape() as tape:
        states = []
        h = x0
        for _ in tf.range(steps):
            h = tf.tanh(tf.linalg.matvec(G, h))
            states.append(h)
        trajectory = tf.stack(states)
        loss = tf.reduce_sum(trajectory ** 2) / tf.cast(len(states), tf.float64)
    G.assign_sub(0.01 * tape.gradient(loss, G))
    return trajectory, len(states)


for i in range(8):
    record("unroll", unroll_step(tf.constant(rng.normal(size=3)), tf.constant(3 + i % 4)))

# 9. A loop whose trip count the profile saw fixed runs unrolled under an assertion;
#    a call with another count falls back, and from then on it is a while loop.
K = tf.Variable(rng.normal(size=(4,)))


def fixed_step(xs, n):
    with tf.GradientTape() as tape:
        total = tf.constant(0.0, tf.float64)
        for i in range(n):
            total += tf.reduce_sum(xs[i] * K) * (i + 1)
    K.assign_sub(0.001 * tape.gradient(total, K))
    return total


for i in range(10):
    record("fixed", fixed_step(tf.constant(rng.normal(size=(6, 4))),
                               tf.constant(4 if i < 7 else 5)))

# 10. Prints inside a loop on a tensor with a `break`: only what the iterations before
#     the break printed, and the breaking iteration up to the break, in order.
P = tf.Variable(0.5, dtype=tf.float64)


def noisy_step(xs, limit):
    with tf.GradientTape() as tape:
        total = tf.constant(0.0, tf.float64)
        for x in xs:
            print("seen", x)
            if x > limit:
                print("stop at", x)
                break
            total += x * P
            print("total", total)
    P.assign_sub(0.01 * tape.gradient(total, P,
                                      unconnected_gradients=tf.UnconnectedGradients.ZERO))
    return total


for i in range(8):
    record("noisy", noisy_step(tf.constant(np.round(rng.uniform(0, 2, 10 + i % 3), 3)),
                               tf.constant(1.6, tf.float64)))

# 8. Lists grown in a loop on a tensor that stay refused: held by a dict as well (it
#    would see the list stay empty), and read by index after the loop.
def aliased_step(x0, steps):
    with tf.GradientTape() as tape:
        states = []
        log = {"states": states}
        h = x0
        for _ in tf.range(steps):
            h = tf.tanh(tf.linalg.matvec(G, h))
            states.append(h)
        loss = tf.reduce_sum(tf.stack(log["states"]))
    return loss, tape.gradient(loss, G)


def last_step(x0, steps):
    with tf.GradientTape() as tape:
        states = []
        h = x0
        for _ in tf.range(steps):
            h = tf.tanh(tf.linalg.matvec(G, h))
            states.append(h)
        loss = tf.reduce_sum(states[-1])
    return loss, tape.gradient(loss, G)


for i in range(6):
    x0, steps = tf.constant(rng.normal(size=3)), tf.constant(2 + i % 3)
    record("aliased", aliased_step(x0, steps))
    record("last", last_step(x0, steps))

results["variables"] = typed({"critic": critic.trainable_variables, "w": w, "v": v,
                              "u": u, "z": z, "W": W, "U": U, "G": G, "K": K,
                              "P": P})
if "janus" in sys.modules:
    import janus
    results["janus"] = {name.split(" ")[0]: info for name, info in janus.stats().items()}
print(json.dumps(results))
