"""DQN-style acting without a tape: `act(obs)` draws `random.random()` for epsilon-greedy,
otherwise takes argmax of POLICY(obs), and appends the action to a replay deque. At step 15
the loop switches acting to the separately kept averaged network (`POLICY = AVG_NET`);
eager's act calls whatever POLICY names at each call, so the greedy actions come from the
other weights from then on while the online net keeps training."""
import collections
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(511)
random.seed(511)


def make_net():
    return tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(8, activation="relu"),
                                tf.keras.layers.Dense(3)])


ONLINE = make_net()
AVG_NET = make_net()
POLICY = ONLINE
opt = tf.keras.optimizers.SGD(0.05)
REPLAY = collections.deque(maxlen=16)
EPS = 0.25

rng = np.random.default_rng(15)
OBS = rng.normal(size=(40, 1, 4)).astype("float32")
TARGETS = rng.normal(size=(40, 1, 3)).astype("float32")


def act(obs):
    if random.random() < EPS:
        a = random.randrange(3)
    else:
        a = int(tf.argmax(POLICY(obs)[0]))
    REPLAY.append(a)
    return a


def train_step(obs, target):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(ONLINE(obs) - target))
    grads = tape.gradient(loss, ONLINE.trainable_variables)
    opt.apply_gradients(zip(grads, ONLINE.trainable_variables))
    return loss


for step in range(32):
    if step == 15:
        POLICY = AVG_NET
    obs = tf.constant(OBS[step])
    a = act(obs)
    loss = train_step(obs, tf.constant(TARGETS[step]))
    print(step, a, repr(float(loss)), len(REPLAY))

print("REPLAY", list(REPLAY))
print("POLICY is AVG_NET", POLICY is AVG_NET)
print("random pos", random.getstate()[1][-1], "next draw", repr(random.random()))
