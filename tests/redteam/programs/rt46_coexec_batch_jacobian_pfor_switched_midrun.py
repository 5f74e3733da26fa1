"""A co-executed step (np.random.choice over the policy's numpy softmax picks the
actions whose log-probabilities are trained, so the step stays in the interpreter)
also measures the encoder's input sensitivity with `tape.batch_jacobian(h, x)` on a
persistent tape (x watched), and uses the Jacobian's mean squared norm (a Python float)
to scale the next step's learning signal.  With experimental_use_pfor=False, eager
runs a while loop of per-column tape.gradient calls (each a walk of its own over the
same tape); with pfor (the default), TF vectorizes the gradient in a tf.function it
makes anew at each call.  What changes mid-run: experimental_use_pfor switches from
False to True at step 12 and back at step 16 (four pfor calls: TF's retracing warning,
whose text holds a function address, would come at the fifth).  Probes: many walks of one persistent tape per step (their
chunk keys differ by the column index), then TF's own traced Jacobian, in an
interpreted step; the Jacobian's exact values."""
import random

import numpy

random.seed(4634)
numpy.random.seed(4634)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4634)
rng = np.random.default_rng(4634)
XS = rng.normal(size=(80, 4)).astype(np.float32)
ENC = keras.layers.Dense(5, activation="tanh")
POL = keras.layers.Dense(3)
ENC(XS[:1])
POL(np.zeros((1, 5), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
STATE = {"pfor": False, "sens": 1.0}


def train_step(x):
    p = tf.nn.softmax(POL(ENC(x))).numpy().astype(np.float64)
    acts = np.array([np.random.choice(3, p=row / row.sum()) for row in p])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        h = ENC(x)
        logp = tf.nn.log_softmax(POL(h))
        loss = -tf.reduce_mean(tf.reduce_sum(logp * tf.one_hot(acts, 3), axis=1)) * STATE["sens"]
    jac = tape.batch_jacobian(h, x, experimental_use_pfor=STATE["pfor"])
    variables = ENC.trainable_variables + POL.trainable_variables
    grads = tape.gradient(loss, variables)
    del tape
    STATE["sens"] = 1.0 / (1.0 + float(tf.reduce_mean(tf.square(jac))))
    OPT.apply_gradients(zip(grads, variables))
    return loss, jac, grads, acts


for step in range(24):
    if step == 12:
        STATE["pfor"] = True
    if step == 16:
        STATE["pfor"] = False
    i = (step * 6) % 72
    loss, jac, grads, acts = train_step(tf.constant(XS[i:i + 6]))
    print(step, acts.tolist(), repr(float(loss)), tuple(jac.shape), repr(float(jac[2, 3, 1])),
          repr(STATE["sens"]), repr(float(grads[0][1, 4])), repr(float(grads[2][3, 2])))

print(json.dumps({"enc": [repr(float(v)) for v in ENC.kernel.numpy().ravel()]}))
