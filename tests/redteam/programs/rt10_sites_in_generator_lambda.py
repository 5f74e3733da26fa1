"""Keras calls made from frames other than the step itself: a rollout generator (made at
module level, resumed with next() in the step: refused) calls the policy model inside its
body and yields the action it drew with np.random.choice; the step calls the value model
through a module-level lambda and through a closure whose cell is rebound to another model
at step 13 (cell_contents) and whose lambda global is rebound at step 20. All of them are
co-execution sites keyed by their own code objects."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1717)
rng = np.random.default_rng(1717)
S = rng.normal(size=(200, 4)).astype("float32")

POLICY = keras.Sequential([keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(3)])
V1 = keras.Sequential([keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
V2 = keras.Sequential([keras.layers.Dense(8, activation="elu"), keras.layers.Dense(1)])
for m in (POLICY, V1, V2):
    m(S[:2])
VALUE = V1
value_of = lambda s: VALUE(s)  # noqa: E731


def make_caller(m):
    def call(s):
        return m(s) * 0.5
    return call


caller = make_caller(V1)
EVENTS = []


def rollout():
    t = 0
    while True:
        s = tf.constant(S[t % 190:t % 190 + 4])
        logits = POLICY(s)
        p = tf.nn.softmax(logits).numpy().astype(np.float64)[0]
        a = int(np.random.choice(3, p=p / p.sum()))
        EVENTS.append(a)
        yield s, a, float(a) - 1.0
        t += 3


ROLL = rollout()


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step():
    s, a, r = next(ROLL)
    vs = POLICY.trainable_variables + VALUE.trainable_variables
    with tf.GradientTape() as tape:
        logits = POLICY(s)
        logp = tf.nn.log_softmax(logits)[:, a]
        v1 = value_of(s)
        v2 = caller(s)
        adv = r - tf.squeeze(v1, -1)
        loss = -tf.reduce_mean(logp * tf.stop_gradient(adv)) + tf.reduce_mean(tf.square(adv)) \
            + tf.reduce_mean(tf.square(v2 - r))
    grads = tape.gradient(loss, vs, unconnected_gradients=tf.UnconnectedGradients.ZERO)
    for v, g in zip(vs, grads):
        v.assign_sub(0.05 * g)
    return loss, grads, a


for step in range(32):
    if step == 13:
        caller.__closure__[0].cell_contents = V2
    if step == 20:
        VALUE = V2
    loss, grads, a = train_step()
    print(step, a, repr(float(loss)), flat(grads[-1]), flat(grads[1])[:4])

print(json.dumps({"vars": [repr(float(tf.reduce_sum(v))) for m in (POLICY, V1, V2) for v in m.weights],
                  "events": EVENTS}))
