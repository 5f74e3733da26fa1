"""A co-executed step (a Python environment advances one frame per sample from the
policy's numpy probabilities, so the step stays in the interpreter) passes the actor
and critic features through one `tf.identity_n` and trains only on the actor's half.
The gradient asked for the critic features is then the tape's zero for the unused
output, which eager TF takes from its context's zeros cache: the very same tensor
object at every step with that shape.  What changes mid-run: the batch grows from 6
to 10 rows at step 12 (a new cached zero, then the same one again) and goes back to 6
at step 22 (the first zero object is handed back again).  Probes: Python identity of
gradient objects across steps (`g is previous`, a dict keyed by id) when the walk is
deferred and run in compiled chunks."""
import random

import numpy

random.seed(4603)
numpy.random.seed(4603)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4603)
rng = np.random.default_rng(4603)
OBS = rng.normal(size=(200, 5)).astype(np.float32)
ACTOR = keras.layers.Dense(4, activation="tanh")
CRITIC = keras.layers.Dense(4, activation="tanh")
POLICY = keras.layers.Dense(3)
ACTOR(OBS[:1])
CRITIC(OBS[:1])
POLICY(np.zeros((1, 4), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.1)


class Env:
    def __init__(self):
        self.pos = 0
        self.score = 0.0

    def step(self, action):
        self.pos = (self.pos * 7 + action * 3 + 1) % 200
        self.score += (action - 1) * 0.5
        return OBS[self.pos], float(action == self.pos % 3)


ENV = Env()
FIRST_BY_SHAPE = {}
PREV = [None]
HISTORY = []


def train_step(batch):
    obs = []
    rewards = []
    o = OBS[ENV.pos]
    for _ in range(batch):
        p = tf.nn.softmax(POLICY(ACTOR(o[None, :])))[0].numpy().astype(np.float64)
        a = int(np.random.choice(3, p=p / p.sum()))
        obs.append(o)
        o, r = ENV.step(a)
        rewards.append(r)
    x = tf.constant(np.stack(obs))
    r = tf.constant(np.array(rewards, np.float32)[:, None])
    with tf.GradientTape() as tape:
        fa = ACTOR(x)
        fc = CRITIC(x)
        ya, yc = tf.identity_n([fa, fc])
        loss = tf.reduce_mean(tf.square(tf.reduce_sum(POLICY(ya), axis=1, keepdims=True) - r))
    sources = [fa, fc] + ACTOR.trainable_variables + POLICY.trainable_variables
    grads = tape.gradient(loss, sources)
    g_fa, g_fc = grads[0], grads[1]
    OPT.apply_gradients(zip(grads[2:], sources[2:]))
    key = tuple(g_fc.shape)
    same_prev = g_fc is PREV[0]
    first = FIRST_BY_SHAPE.setdefault(key, g_fc)
    PREV[0] = g_fc
    HISTORY.append([same_prev, first is g_fc])
    return loss, g_fa, g_fc, same_prev, first is g_fc


for step in range(30):
    batch = 6 if step < 12 or step >= 22 else 10
    loss, g_fa, g_fc, same_prev, same_first = train_step(batch)
    print(step, batch, repr(float(loss)), same_prev, same_first, len(FIRST_BY_SHAPE),
          repr(float(tf.reduce_sum(tf.abs(g_fc)))), repr(float(g_fa[1, 2])), ENV.pos)

print(json.dumps({"hist": HISTORY, "score": ENV.score,
                  "actor": [repr(float(v)) for v in ACTOR.kernel.numpy().ravel()]}))
