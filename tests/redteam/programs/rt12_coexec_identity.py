"""A co-executed REINFORCE step (an action is drawn with numpy's Generator.choice from the
model's probabilities, a reward looked up in Python), whose Keras calls janus would run as
graph sites.  The step checks tensor identity around layers that return their input object
in eager: Dropout(training=True) returns a NEW tensor while rate > 0 and the INPUT ITSELF once
rate == 0 (set at step 10); an Identity layer always returns its input (replaced at step 20
by Activation("linear"), which also returns its input).  It records `out is inp` each step
and keeps the last dropout output in a global, compared by identity to the input next step.
Probes: identity of values a co-executed Keras site returns, when the layer's eager
answer is the caller's own object, and a Keras attribute change (rate) mid-run."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1223)
ACT_RNG = np.random.default_rng(1223)
REWARD = [0.2, 1.0, -0.5]

DROP = keras.layers.Dropout(0.3, seed=5)
IDENT = keras.layers.Identity()
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(3)])
OPT = keras.optimizers.Adam(learning_rate=0.02)
OBS = np.random.default_rng(1224).normal(size=(30, 1, 4)).astype(np.float32)
SAME = []
LAST = {"out": None, "inp": None}


def train_step(obs, baseline):
    with tf.GradientTape() as tape:
        h = DROP(obs, training=True)
        logits = MODEL(h)
        probs = tf.nn.softmax(logits)
        p = probs.numpy()[0].astype(np.float64)
        a = int(ACT_RNG.choice(3, p=p / p.sum()))
        r = REWARD[a]
        loss = -tf.math.log(probs[0, a]) * (r - baseline)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    out = IDENT(logits)
    SAME.append([h is obs, out is logits])
    LAST["out"], LAST["inp"] = h, obs
    return loss, a, r


baseline = 0.0
for step in range(30):
    if step == 10:
        DROP.rate = 0.0
    if step == 20:
        IDENT = keras.layers.Activation("linear")
    obs = tf.constant(OBS[step])
    loss, a, r = train_step(obs, baseline)
    baseline = 0.9 * baseline + 0.1 * r
    print(step, repr(float(loss)), a, SAME[-1], LAST["out"] is obs)

print(json.dumps({"same": SAME, "baseline": baseline,
                  "k": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()[:6]]}))
