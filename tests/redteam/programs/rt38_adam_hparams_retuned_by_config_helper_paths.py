"""A raw-variable MLP trained by keras Adam.  A module-level `Retuner` applies hyperparameter
edits between steps the way fine-tuning scripts do, each through a different path: step 7
`opt.__dict__.update(epsilon=1e-3, beta_2=0.9)`, step 13 a loop of setattr over a dict
(clipvalue=0.02, beta_1=0.5), step 19 clipvalue back to None and global_clipnorm=0.1 via
vars(), step 25 weight_decay=0.05 via a helper that walks opt.get_config() keys and only
sets keys it knows.  The step prints the optimizer's clip fields each call.
Probes: optimizer hyperparameters read as Python numbers inside apply_gradients."""
import random

import numpy

random.seed(385)
numpy.random.seed(385)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3805)
rng = np.random.default_rng(3805)
XS = rng.normal(size=(60, 5)).astype(np.float32)
YS = np.sin(XS[:, :2] * 1.3).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 7)).astype(np.float32) * 0.5, name="w1")
W2 = tf.Variable(rng.normal(size=(7, 2)).astype(np.float32) * 0.5, name="w2")
VARS = [W1, W2]
OPT = keras.optimizers.Adam(learning_rate=0.03)


class Retuner:
    def __init__(self):
        self.log = []

    def __call__(self, step, opt):
        if step == 7:
            opt.__dict__.update(epsilon=1e-3, beta_2=0.9)
        elif step == 13:
            for k, v in {"clipvalue": 0.02, "beta_1": 0.5}.items():
                setattr(opt, k, v)
        elif step == 19:
            vars(opt)["clipvalue"] = None
            vars(opt)["global_clipnorm"] = 0.1
        elif step == 25:
            wanted = {"weight_decay": 0.05, "not_a_key": 1}
            for k in opt.get_config():
                if k in wanted:
                    setattr(opt, k, wanted[k])
        else:
            return
        self.log.append((step, opt.epsilon, opt.beta_1, opt.beta_2, opt.clipvalue,
                         opt.global_clipnorm, opt.weight_decay))


RETUNE = Retuner()


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.nn.elu(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, VARS)
    OPT.apply_gradients(zip(grads, VARS))
    print("  clip", OPT.clipnorm, OPT.clipvalue, OPT.global_clipnorm)
    return loss


for step in range(30):
    RETUNE(step, OPT)
    i = (step * 10) % 60
    loss = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W1": W1.numpy().ravel().tolist(), "W2": W2.numpy().ravel().tolist(),
    "slots": [v.numpy().ravel()[:4].tolist() for v in OPT.variables[1:]],
    "log": RETUNE.log, "iterations": int(OPT.iterations),
}))
