"""A co-executed two-head step (actions drawn by np.random.choice from the actor head's
numpy softmax drive a Python bandit, so the step stays in the interpreter) trains a
float32 trunk with an actor head and a critic head on one tape.  What changes mid-run:
at step 12 the critic head's dtype policy is set to "mixed_float16"
(`CRITIC.dtype_policy = ...`): its kernel stays float32, its inputs and kernel are cast
to float16 inside the call, so its part of the backward runs in float16 and its
gradients come back through Cast ops into the float32 trunk, where they are summed
with the actor's float32 terms.  Probes: a dtype policy switched on a layer between
calls, float16 gradient terms in the deferred walk and their casts and sums."""
import random

import numpy

random.seed(4621)
numpy.random.seed(4621)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4621)
rng = np.random.default_rng(4621)
OBS = rng.normal(size=(100, 6)).astype(np.float32)
PAYOFF = np.array([0.2, 1.0, -0.5], np.float32)
TRUNK = keras.layers.Dense(8, activation="tanh")
ACTOR = keras.layers.Dense(3)
CRITIC = keras.layers.Dense(1)
TRUNK(OBS[:1])
ACTOR(np.zeros((1, 8), np.float32))
CRITIC(np.zeros((1, 8), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(obs):
    p = tf.nn.softmax(ACTOR(TRUNK(obs))).numpy().astype(np.float64)
    acts = np.array([np.random.choice(3, p=row / row.sum()) for row in p])
    rewards = tf.constant((PAYOFF[acts] + 0.1 * obs.numpy()[:, 0])[:, None])
    onehot = tf.constant(np.eye(3, dtype=np.float32)[acts])
    with tf.GradientTape() as tape:
        h = TRUNK(obs)
        logp = tf.nn.log_softmax(ACTOR(h))
        v = tf.cast(CRITIC(h), tf.float32)
        adv = tf.stop_gradient(rewards - v)
        actor_loss = -tf.reduce_mean(tf.reduce_sum(logp * onehot, axis=1, keepdims=True) * adv)
        critic_loss = tf.reduce_mean(tf.square(rewards - v))
        loss = actor_loss + 0.5 * critic_loss
    variables = TRUNK.trainable_variables + ACTOR.trainable_variables + CRITIC.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, acts, grads, CRITIC(h).dtype


for step in range(26):
    if step == 12:
        CRITIC.dtype_policy = "mixed_float16"
    i = (step * 7) % 93
    loss, acts, grads, vdt = train_step(tf.constant(OBS[i:i + 7]))
    print(step, vdt.name if hasattr(vdt, "name") else str(vdt), acts.tolist(), repr(float(loss)),
          repr(float(grads[0][2, 5])), repr(float(grads[1][3])), repr(float(grads[4][6, 0])), grads[4].dtype.name)

print(json.dumps({"trunk": [repr(float(v)) for v in TRUNK.kernel.numpy().ravel()[::3]],
                  "critic": [repr(float(v)) for v in CRITIC.kernel.numpy().ravel()]}))
