"""A step whose tensor branch goes one way while janus profiles it and the other way
later (the assertion fails, the call falls back, the branch is relaxed to a cond), and
that writes a global (committed after each graph call).  tests/e2e/test_trace.py traces it."""

import json

import tensorflow as tf

w = tf.Variable(1.0)
count = 0


def step(x):
    global count
    with tf.GradientTape() as tape:
        y = w * x
        if tf.reduce_sum(y) > 0:
            loss = y * y
        else:
            loss = -y
    w.assign_sub(0.01 * tape.gradient(loss, w))
    count += 1
    return loss


for _ in range(6):
    step(tf.constant(1.0))
for i in range(4):
    step(tf.constant(-1.0 if i % 2 == 0 else 1.0))
print(json.dumps({"count": count, "w": float(w.numpy())}))
