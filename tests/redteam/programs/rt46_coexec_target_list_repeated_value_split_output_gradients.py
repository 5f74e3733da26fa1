"""A co-executed actor-critic step (np.random.choice over the actor's numpy softmax
picks actions, rewards come from a Python table, so the step stays in the
interpreter) asks the tape for the gradient of a LIST of targets with a matching list
of output gradients: [actor logits, critic value] with [advantage-weighted one-hots,
value error].  What changes mid-run: from step 12 the critic's term is split in two
and its target repeated: targets [logits, value, value] with output gradients
[one-hots, 0.75 * error, 0.25 * error], so the tape sums the repeated target's two
initial gradients (an AddN of output gradients before the walk starts).  Probes: the
tape's handling of target lists and a repeated target when the walk is deferred;
eager's rounding of the split."""
import random

import numpy

random.seed(4640)
numpy.random.seed(4640)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4640)
rng = np.random.default_rng(4640)
OBS = rng.normal(size=(100, 5)).astype(np.float32)
PAY = rng.normal(size=(5, 3)).astype(np.float32)
TRUNK = keras.layers.Dense(6, activation="tanh")
ACTOR = keras.layers.Dense(3)
CRITIC = keras.layers.Dense(1)
TRUNK(OBS[:1])
ACTOR(np.zeros((1, 6), np.float32))
CRITIC(np.zeros((1, 6), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.02)
STATE = {"split": False}


def train_step(obs):
    with tf.GradientTape() as tape:
        h = TRUNK(obs)
        logits = ACTOR(h)
        value = CRITIC(h)
    p = tf.nn.softmax(logits).numpy().astype(np.float64)
    acts = np.array([np.random.choice(3, p=row / row.sum()) for row in p])
    rewards = np.array([PAY[i % 5, a] for i, a in enumerate(acts)], np.float32)
    adv = rewards - value.numpy()[:, 0]
    og_actor = ((p - np.eye(3)[acts]) * adv[:, None]).astype(np.float32)
    og_value = np.full((len(acts), 1), 0.5, np.float32) * (value.numpy() - rewards[:, None])
    if STATE["split"]:
        targets = [logits, value, value]
        ogs = [tf.constant(og_actor), tf.constant(og_value * 0.75), tf.constant(og_value * 0.25)]
    else:
        targets = [logits, value]
        ogs = [tf.constant(og_actor), tf.constant(og_value)]
    variables = TRUNK.trainable_variables + ACTOR.trainable_variables + CRITIC.trainable_variables
    grads = tape.gradient(targets, variables, output_gradients=ogs)
    OPT.apply_gradients(zip(grads, variables))
    return acts, rewards, grads


for step in range(26):
    if step == 12:
        STATE["split"] = True
    i = (step * 6) % 90
    acts, rewards, grads = train_step(tf.constant(OBS[i:i + 6]))
    print(step, acts.tolist(), repr(float(rewards.sum())), repr(float(grads[0][1, 4])), repr(float(grads[2][5, 2])),
          repr(float(grads[4][3, 0])), repr(float(grads[5][0])))

print(json.dumps({"critic": [repr(float(v)) for v in CRITIC.kernel.numpy().ravel()],
                  "trunk": [repr(float(v)) for v in TRUNK.kernel.numpy().ravel()[::2]]}))
