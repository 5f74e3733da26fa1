"""Late binding of closures made in the step.  A `for k in range(3)` loop appends
`lambda t: t * GAINS[k]` to a local list: all three lambdas share the step's cell `k`,
and after the loop the step rebinds `k = PICK` (a global the loop changes at steps 10
and 20), so every lambda reads GAINS[PICK] when called.  A comprehension
`[lambda t: t + b for b in BIASES]` makes lambdas over the comprehension's OWN cell `b`
(PEP 709 inlines the comprehension but keeps `b` isolated): they all see BIASES[-1], and
the step's own `b = 100.0` set afterwards does not reach them.  BIASES is appended to at
step 15.  Probes: cells of closures made in the step read at call time, not at creation
(a converter binding each lambda to the value it saw when made computes other gains), and
the comprehension's cell kept apart from the step's variable of the same name."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1901)
rng = np.random.default_rng(1901)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
GAINS = [0.5, 1.0, 1.5, 2.0, 0.25]
BIASES = [0.0, 0.1]
PICK = 2


def train_step(x, y):
    scalers = []
    for k in range(3):
        scalers.append(lambda t: t * GAINS[k])
    k = PICK
    shifters = [lambda t: t + b for b in BIASES]
    b = 100.0
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        out = h @ W2
        mixed = 0.0
        for f in scalers:
            mixed = mixed + f(out)
        for g in shifters:
            mixed = g(mixed)
        loss = tf.reduce_mean(tf.square(mixed / 3.0 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    probe = [f(1.0) for f in scalers] + [g(0.0) for g in shifters]
    return loss, probe, k, b


for step in range(30):
    if step == 10:
        PICK = 3
    if step == 15:
        BIASES.append(-0.2)
    if step == 20:
        PICK = 4
    i = (step * 8) % 56
    loss, probe, k, b = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [repr(v) for v in probe], k, repr(b))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "BIASES": BIASES,
    "iterations": int(OPT.iterations.numpy()),
}))
