"""An actor with Dropout(0.3) and BatchNormalization is called with training=TRAIN
(a Python flag) once per frame of a co-executed episode (np.random.choice samples the
action from the softmax; a Python environment object).  Each frame's dropout mask
comes from Keras' seed generator state and BN's moving statistics change per frame.
TRAIN flips to False at step 11 and back at step 19; the dropout rate is set to 0.5 at
step 15.  Probes: per-frame library state (seed generator, moving stats) advanced by
co-executed sites, and the training= flag from Python state."""
import random

import numpy

random.seed(41)
numpy.random.seed(41)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4101)
actor = keras.Sequential([keras.Input((4,)), keras.layers.Dense(10),
                          keras.layers.BatchNormalization(), keras.layers.ReLU(),
                          keras.layers.Dropout(0.3), keras.layers.Dense(3)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
TRAIN = True


class Env:
    def __init__(self):
        self.s = np.array([0.1, -0.2, 0.3, 0.05], np.float32)

    def step(self, a):
        self.s = np.roll(self.s, a) * 0.95 + np.float32(0.1 * (a - 1))
        return float(-abs(self.s).sum())


env = Env()


def train_step(frames):
    logps, rews = [], []
    with tf.GradientTape() as tape:
        for _ in range(frames):
            obs = np.repeat(env.s[None, :], 4, axis=0)
            logits = actor(obs, training=TRAIN)
            p = tf.nn.softmax(logits[0]).numpy().astype(np.float64)
            a = int(np.random.choice(3, p=p / p.sum()))
            rews.append(env.step(a))
            logps.append(tf.nn.log_softmax(logits[0])[a])
        ret = np.cumsum(rews[::-1])[::-1].astype(np.float32)
        loss = -tf.add_n([lp * r for lp, r in zip(logps, ret)]) / frames
    grads = tape.gradient(loss, actor.trainable_variables)
    OPT.apply_gradients(zip(grads, actor.trainable_variables))
    return loss


for step in range(30):
    if step == 11:
        TRAIN = False
    if step == 15:
        actor.layers[3].rate = 0.5
    if step == 19:
        TRAIN = True
    loss = train_step(4)
    bn = actor.layers[1]
    print(step, repr(float(loss)), repr(float(bn.moving_mean.numpy()[0])),
          repr(float(env.s[0])))

print(json.dumps({
    "k0": [repr(float(v)) for v in actor.layers[0].kernel.numpy().ravel()[:8]],
    "mv": [repr(float(v)) for v in actor.layers[1].moving_variance.numpy()[:5]],
    "seed": [int(v) for v in np.asarray(actor.layers[3].seed_generator.state).ravel()],
    "np_state": int(np.random.get_state()[2]),
}))
