"""A REINFORCE-style step that cannot be one graph: it samples actions with NumPy from
the policy's probabilities (`probs.numpy()`, `np.random.choice(p=...)`) under the tape,
so the step stays in the interpreter and janus co-executes its Keras calls (the model,
the optimizer) as graphs.  Mid-run the loop reconfigures those library objects: step 7
the hidden Dense's activation relu -> elu, step 12 `OPT.clipnorm = 0.5`, step 16 the
Dropout rate 0.1 -> 0.4, step 21 the hidden layer frozen (`trainable = False`), step 25
`OPT.clipnorm = None` and `OPT.global_clipnorm = 0.2`, step 29 the hidden layer
unfrozen.  Probes: library state read by co-executed Keras call sites (a site keyed by
its call instruction), changed between calls."""
import random

import numpy

random.seed(5628)
numpy.random.seed(5628)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5628)
rng = np.random.default_rng(5628)
STATES = rng.normal(size=(160, 4)).astype(np.float32)
REWARD = np.array([[1.0, -0.5, 0.2], [-0.3, 0.8, 0.1], [0.0, 0.2, 0.9]], np.float64)

HID = keras.layers.Dense(16, activation="relu", name="hid")
DROP = keras.layers.Dropout(0.1, seed=9)
POLICY = keras.Sequential([keras.Input((4,)), HID, DROP, keras.layers.Dense(3, name="logits")])
OPT = keras.optimizers.Adam(learning_rate=0.02)


def train_step(states):
    with tf.GradientTape() as tape:
        logits = POLICY(states, training=True)
        probs = tf.nn.softmax(logits)
        p = probs.numpy().astype(np.float64)
        actions = np.array([np.random.choice(3, p=row / row.sum()) for row in p])
        ctx = np.argmax(states.numpy()[:, :3], axis=1)
        rewards = tf.constant(REWARD[ctx, actions], tf.float32)
        chosen = tf.gather(probs, tf.constant(actions, tf.int32), batch_dims=1)
        loss = -tf.reduce_mean(tf.math.log(chosen + 1e-6) * rewards)
    grads = tape.gradient(loss, POLICY.trainable_variables)
    OPT.apply_gradients(zip(grads, POLICY.trainable_variables))
    return loss, actions


for step in range(34):
    if step == 7:
        HID.activation = keras.activations.elu
    if step == 12:
        OPT.clipnorm = 0.5
    if step == 16:
        DROP.rate = 0.4
    if step == 21:
        HID.trainable = False
    if step == 25:
        OPT.clipnorm = None
        OPT.global_clipnorm = 0.2
    if step == 29:
        HID.trainable = True
    i = (step * 10) % 150
    loss, actions = train_step(tf.constant(STATES[i:i + 10]))
    print(step, repr(float(loss)), "".join(str(a) for a in actions),
          repr(float(HID.kernel.numpy()[0, 0])), repr(float(POLICY.layers[-1].kernel.numpy()[0, 0])))

print(json.dumps({"hid": [repr(float(v)) for v in HID.kernel.numpy().ravel()[:6]],
                  "out": [repr(float(v)) for v in POLICY.layers[-1].kernel.numpy().ravel()[:6]],
                  "np_state": int(np.random.get_state()[2])}))
