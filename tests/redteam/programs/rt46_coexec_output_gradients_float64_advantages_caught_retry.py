"""A co-executed actor step (np.random.choice over the policy's numpy probabilities
picks the actions, so the step stays in the interpreter) builds its policy gradient
with `tape.gradient(logits, weights, output_gradients=og)`, where og is the advantage-
weighted one-hot matrix computed in numpy.  What changes mid-run: from step 12 a
"fast path" (taken when the sampled actions sum to an even number) forgets the
`.astype(np.float32)`, so og is float64: eagerly the walk gets as far as the first
MatMul gradient and raises InvalidArgumentError (double vs float); the loop catches it,
prints the text, and retries on the same persistent tape with the float32 og.
Probes: an output gradient of another dtype entering a deferred walk (placeholders,
chunk signatures), the exception text, and a retry on a persistent tape."""
import random

import numpy

random.seed(4611)
numpy.random.seed(4611)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4611)
rng = np.random.default_rng(4611)
OBS = rng.normal(size=(120, 5)).astype(np.float32)
TRUNK = keras.layers.Dense(6, activation="relu")
POLICY = keras.layers.Dense(3)
TRUNK(OBS[:1])
POLICY(np.zeros((1, 6), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
FLAGS = {"fast_path": False}
ERRS = []


def train_step(obs):
    with tf.GradientTape(persistent=True) as tape:
        logits = POLICY(TRUNK(obs))
    p = tf.nn.softmax(logits).numpy().astype(np.float64)
    acts = np.array([np.random.choice(3, p=row / row.sum()) for row in p])
    rewards = (acts == (np.arange(len(acts)) % 3)).astype(np.float64)
    adv = rewards - rewards.mean()
    og = (np.eye(3)[acts] - p) * adv[:, None] * -1.0
    if not (FLAGS["fast_path"] and acts.sum() % 2 == 0):
        og = og.astype(np.float32)
    variables = TRUNK.trainable_variables + POLICY.trainable_variables
    try:
        grads = tape.gradient(logits, variables, output_gradients=tf.constant(og))
        status = "ok:" + str(og.dtype)
    except tf.errors.InvalidArgumentError as e:
        ERRS.append(str(e))
        status = "retry:" + type(e).__name__
        grads = tape.gradient(logits, variables, output_gradients=tf.constant(og.astype(np.float32)))
    del tape
    OPT.apply_gradients(zip(grads, variables))
    return acts, status, grads


for step in range(28):
    if step == 12:
        FLAGS["fast_path"] = True
    i = (step * 6) % 114
    acts, status, grads = train_step(tf.constant(OBS[i:i + 6]))
    print(step, acts.tolist(), status, repr(float(grads[0][1, 4])), repr(float(grads[2][5, 2])),
          repr(float(grads[3][1])), ERRS[-1] if status.startswith("retry") else "")

print(json.dumps({"n_err": len(ERRS), "policy": [repr(float(v)) for v in POLICY.kernel.numpy().ravel()]}))
