"""Mechanism: two helpers compiled by exec() into ONE plain dict NS (not a module's
dict) that serves as both functions' globals: `tick()` does `global step_no, temp;
step_no += 1; temp = temp * 0.95`, and `temper(logits)` reads the globals `temp` and
`step_no`.  The step calls tick() and then temper(...) in the same call, and returns
what temper saw.  At step 16 the loop sets NS["temp"] back to 1.0.  In CPython both
functions' LOAD_GLOBAL/STORE_GLOBAL hit the same dict, so temper sees tick's writes; a
build that keyed deferred global writes by each function's module (there is none) or by
function would give temper the values from before the call.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(193)
np.random.seed(193)
keras.utils.set_random_seed(193)
rng = np.random.default_rng(193)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YI = ((XS[:, 0] + XS[:, 1]) > 0).astype(np.int64) + ((XS[:, 2] - XS[:, 3]) > 1.0).astype(np.int64)
W = tf.Variable(rng.normal(size=(4, 3)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.1)

NS = {"tf": tf, "step_no": 0, "temp": 1.0}
exec('''
def tick():
    global step_no, temp
    step_no = step_no + 1
    temp = temp * 0.95

def temper(logits):
    return logits / temp, step_no, temp
''', NS)
tick = NS["tick"]
temper = NS["temper"]


def train_step(x, y):
    tick()
    with tf.GradientTape() as tape:
        logits, n, t = temper(x @ W)
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, n, t


for step in range(30):
    if step == 16:
        NS["temp"] = 1.0
    i = (step * 8) % 56
    loss, n, t = train_step(tf.constant(XS[i:i + 8]), tf.constant(YI[i:i + 8]))
    print(step, repr(float(loss)), n, repr(t))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "step_no": NS["step_no"], "temp": repr(NS["temp"])}))
