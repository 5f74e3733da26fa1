"""A co-executed REINFORCE episode (numpy sampling from `.numpy()` of the policy's
probabilities, a Python environment) whose logits are scaled per frame by a scalar
inverse temperature `TEMP`, a non-trainable tf.Variable: `POLICY(obs) * TEMP`.
The tape watches TEMP explicitly only while `LEARN_TEMP` is on; then the episode's
gradient is also taken with respect to TEMP, which the program updates by hand.
The loop switches LEARN_TEMP on at episode 10, off at 18 and on again at 24, and
replaces TEMP's value at 14.  While TEMP is not watched, TF hands the Mul's gradient
function `skip_input_indices` = {1}, and `_MulGrad` of a scalar takes its shortcut
(no gradient for the scalar); while it is watched, it computes both.
Probes: co-execution's deferred backward walk, whose compiled chunks are keyed by
the recorded calls' signatures: a chunk compiled while an input was skipped,
reused when the same signature must produce that input's gradient."""
import random

import numpy

random.seed(6016)
numpy.random.seed(6016)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6016)


class Chain:
    def __init__(self):
        self.s = 0

    def reset(self, seed):
        self.s = seed % 4
        return self.obs()

    def obs(self):
        o = np.zeros(5, dtype=np.float32)
        o[self.s] = 1.0
        o[4] = 0.5
        return o

    def step(self, action):
        self.s = (self.s + (1 if action == 0 else 3)) % 4
        return self.obs(), (1.0 if self.s == 3 else -0.1)


POLICY = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(2)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
TEMP = tf.Variable(1.0, trainable=False, name="inv_temp")
LEARN_TEMP = False
ENV = Chain()


def run_episode(seed):
    obs = ENV.reset(seed)
    actions = []
    with tf.GradientTape() as tape:
        if LEARN_TEMP:
            tape.watch(TEMP)
        loss = tf.constant(0.0)
        for _ in range(6):
            logits = POLICY(obs[None, :]) * TEMP
            probs = tf.nn.softmax(logits)
            p = probs.numpy()[0].astype(np.float64)
            action = int(np.random.choice(2, p=p / p.sum()))
            actions.append(action)
            obs, reward = ENV.step(action)
            loss = loss - tf.math.log(probs[0, action]) * reward
    sources = POLICY.trainable_variables + ([TEMP] if LEARN_TEMP else [])
    grads = tape.gradient(loss, sources)
    OPT.apply_gradients(zip(grads[:len(POLICY.trainable_variables)], POLICY.trainable_variables))
    temp_grad = None
    if LEARN_TEMP:
        temp_grad = grads[-1]
        if temp_grad is not None:
            TEMP.assign_sub(0.05 * temp_grad)
    return loss, actions, temp_grad


for episode in range(32):
    if episode == 10:
        LEARN_TEMP = True
    if episode == 14:
        TEMP.assign(2.0)
    if episode == 18:
        LEARN_TEMP = False
    if episode == 24:
        LEARN_TEMP = True
    loss, actions, temp_grad = run_episode(episode)
    shown = None if temp_grad is None else repr(float(temp_grad))
    print(episode, repr(float(loss)), "".join(map(str, actions)), shown, repr(float(TEMP.numpy())),
          repr(float(POLICY.layers[1].kernel.numpy()[0, 0])))

print(json.dumps({
    "k0": [repr(float(v)) for v in POLICY.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in POLICY.layers[1].kernel.numpy().ravel()],
    "temp": repr(float(TEMP.numpy())),
}))
