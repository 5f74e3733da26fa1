"""Multi-task curriculum sampler: TASK_W holds sampling weights for four tasks.  Each step
first zeroes the weight of the task it just trained (`TASK_W[LAST[0]] = 0.0`, no
immediate repeats), draws the next task with random.choices(range(4), weights=TASK_W),
then restores the weight (`TASK_W[LAST[0]] = 1.0 + 0.5 * LAST[0]`).  The draw must see
the zeroed list, as eager does; the list is back to its start value at every call's end,
so between calls it never changes.  A graph that replays Python draws before the call
with the arguments the caller's list holds (no zero yet) would draw from other weights,
and could repeat a task.  Probes: Python RNG draws whose arguments the step itself
writes just before the draw."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1624)
random.seed(1624)
rng = np.random.default_rng(1624)

XS = rng.normal(size=(4, 40, 5)).astype(np.float32)
TRUE = rng.normal(size=(4, 5, 1)).astype(np.float32)
YS = np.stack([XS[t] @ TRUE[t] for t in range(4)]).astype(np.float32)
SHARED = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.1)
HEADS = [tf.Variable(tf.ones([1])) for _ in range(4)]
OPT = keras.optimizers.SGD(learning_rate=0.05)
OPT.build([SHARED] + HEADS)

TASK_W = [1.0, 1.5, 2.0, 2.5]
LAST = [0]
ORDER = []


def train_step(x, y):
    task = LAST[0]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square((x @ SHARED) * HEADS[task] - y))
    grads = tape.gradient(loss, [SHARED, HEADS[task]])
    OPT.apply_gradients(zip(grads, [SHARED, HEADS[task]]))
    TASK_W[task] = 0.0
    nxt = random.choices(range(4), weights=TASK_W)[0]
    TASK_W[task] = 1.0 + 0.5 * task
    LAST[0] = nxt
    print(f"trained task {task} next {nxt}")
    return loss


for step in range(36):
    t = LAST[0]
    i = (step * 8) % 32
    loss = train_step(tf.constant(XS[t, i:i + 8]), tf.constant(YS[t, i:i + 8]))
    ORDER.append(t)
    print(step, repr(float(loss)))

print(json.dumps({
    "order": ORDER,
    "repeats": sum(1 for a, b in zip(ORDER, ORDER[1:]) if a == b),
    "heads": [repr(float(h.numpy()[0])) for h in HEADS],
    "shared": [repr(float(v)) for v in SHARED.numpy().ravel()],
    "py_random_next": repr(random.random()),
}))
