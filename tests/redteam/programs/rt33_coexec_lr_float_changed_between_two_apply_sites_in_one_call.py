"""An interpreted episode step (a Python environment with numpy sampling of actions from
the policy's probabilities) applies gradients twice per call through two different
apply_gradients call sites, and between them halves the optimizer's learning rate
(`opt.learning_rate = ...` with a float: a write into the optimizer's learning-rate
variable) when the episode return is low.  Probes: co-executed optimizer sites and a
library attribute the interpreted step changes between them."""
import random
import numpy
random.seed(28)
numpy.random.seed(28)
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3328)
rng = np.random.default_rng(3328)
np_rng = np.random.default_rng(28)
policy = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(2, activation="softmax")])
opt = keras.optimizers.Adam(learning_rate=0.02)


def env_step(s, a):
    s2 = s * 0.9 + (0.1 if a == 1 else -0.1)
    return s2, float(-abs(s2).sum())


def episode(s0):
    s = s0.copy()
    total = 0.0
    for half in range(2):
        with tf.GradientTape() as tape:
            logps = []
            for t in range(4):
                probs = policy(s[None, :].astype(np.float32))
                pr = probs.numpy()[0].astype(np.float64)
                a = int(np_rng.choice(2, p=pr / pr.sum()))
                logps.append(tf.math.log(probs[0, a]))
                s, r = env_step(s, a)
                total += r
            loss = -tf.add_n(logps) * total
        grads = tape.gradient(loss, policy.trainable_variables)
        if half == 0:
            opt.apply_gradients(zip(grads, policy.trainable_variables))
            if total < -6.0:
                opt.learning_rate = float(opt.learning_rate) * 0.5
        else:
            opt.apply_gradients(zip(grads, policy.trainable_variables))
    return total


for ep in range(30):
    tot = episode(rng.normal(size=4))
    print(ep, round(tot, 6), float(opt.learning_rate).hex(), int(opt.iterations))

print("w", [float(tf.reduce_sum(v)).hex() for v in policy.trainable_variables])
