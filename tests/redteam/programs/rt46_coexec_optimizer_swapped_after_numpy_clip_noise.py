"""A co-executed step (a Python environment's reward, computed from actions drawn by
np.random.choice over the policy's numpy probabilities, keeps the step in the
interpreter) post-processes the tape's gradients in Python: `tf.clip_by_global_norm`
at 0.5, then per-variable scaling by Python floats (1/(1+index)), then Gaussian noise
from numpy (np.random.normal, float32) added to each gradient, then an optimizer held
in a global applies them.  What changes mid-run: at step 13 the global optimizer is
swapped from SGD(momentum=0.9) to a fresh Adam(learning_rate=0.01) (its first call
makes slots in the interpreter).  Probes: gradients from a deferred walk fed through
eager Python post-processing and a swapped optimizer site; the numpy RNG stream order
against the tape walk."""
import random

import numpy

random.seed(4629)
numpy.random.seed(4629)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4629)
rng = np.random.default_rng(4629)
OBS = rng.normal(size=(120, 5)).astype(np.float32)
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(7, activation="tanh"), keras.layers.Dense(3)])
G = {"opt": keras.optimizers.SGD(learning_rate=0.05, momentum=0.9)}


def reward(obs, a):
    return float(np.tanh(obs[a] - obs[(a + 1) % 5]))


def train_step(obs):
    p = tf.nn.softmax(MODEL(obs)).numpy().astype(np.float64)
    acts = [int(np.random.choice(3, p=row / row.sum())) for row in p]
    rs = np.array([reward(o, a) for o, a in zip(obs.numpy(), acts)], np.float32)
    with tf.GradientTape() as tape:
        logp = tf.nn.log_softmax(MODEL(obs))
        chosen = tf.reduce_sum(logp * tf.one_hot(acts, 3), axis=1)
        loss = -tf.reduce_mean(chosen * (rs - rs.mean()))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    clipped, norm = tf.clip_by_global_norm(grads, 0.5)
    scaled = [g * (1.0 / (1 + k)) for k, g in enumerate(clipped)]
    noisy = [g + np.random.normal(scale=0.01, size=g.shape).astype(np.float32) for g in scaled]
    G["opt"].apply_gradients(zip(noisy, MODEL.trainable_variables))
    return loss, norm, noisy, acts


for step in range(28):
    if step == 13:
        G["opt"] = keras.optimizers.Adam(learning_rate=0.01)
    i = (step * 6) % 114
    loss, norm, noisy, acts = train_step(tf.constant(OBS[i:i + 6]))
    print(step, type(G["opt"]).__name__, acts, repr(float(loss)), repr(float(norm)),
          repr(float(noisy[0][1, 3])), repr(float(noisy[3][2])), repr(float(MODEL.layers[0].kernel.numpy()[4, 6])))

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
                  "iters": int(G["opt"].iterations)}))
