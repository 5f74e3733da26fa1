"""Several tapes around co-execution sites at once: an actor tape and a critic tape open
together (the critic tape opened inside the actor's), a site called under
`actor_tape.stop_recording()` (eager records it on the critic tape only), a site called
after the actor tape's `with` block closed but inside the critic's, a second site call on
the actor tape only after the critic tape closed, and a persistent tape reset() inside its
block between two site calls. Each tape's gradients (and which are None) are printed exactly.
np.random.choice on the actor's probabilities keeps the step interpreted."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(3737)
rng = np.random.default_rng(3737)
S = rng.normal(size=(96, 4)).astype("float32")
R = rng.normal(size=(96,)).astype("float32")

ACTOR = keras.Sequential([keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(3)])
CRITIC = keras.Sequential([keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
SHARED = keras.layers.Dense(4, activation="tanh")
ACTOR(S[:2, :4])
CRITIC(S[:2, :4])
SHARED.build((None, 4))


def flat(t):
    return None if t is None else np.asarray(t).ravel().tolist()


def train_step(s, r):
    with tf.GradientTape(persistent=True) as actor_tape:
        feats = SHARED(s)
        with tf.GradientTape() as critic_tape:
            logits = ACTOR(feats)
            with actor_tape.stop_recording():
                v_pred = CRITIC(feats)
            v_loss = tf.reduce_mean(tf.square(tf.squeeze(v_pred, -1) - r))
        logits = logits + 0.5 * ACTOR(feats * 0.5)
        probs = tf.nn.softmax(logits)
        p0 = probs.numpy().astype(np.float64)[0]
        a = int(np.random.choice(3, p=p0 / p0.sum()))
        adv = r - tf.stop_gradient(tf.squeeze(v_pred, -1))
        logp = tf.math.log(probs[:, a] + 1e-8)
        a_loss = -tf.reduce_mean(logp * adv)
    ga = actor_tape.gradient(a_loss, ACTOR.trainable_variables + SHARED.trainable_variables + CRITIC.trainable_variables)
    gv = actor_tape.gradient(v_loss, CRITIC.trainable_variables + SHARED.trainable_variables)
    gc = critic_tape.gradient(v_loss, CRITIC.trainable_variables + SHARED.trainable_variables + ACTOR.trainable_variables)
    del actor_tape
    with tf.GradientTape(persistent=True) as t3:
        junk = tf.reduce_sum(SHARED(s))
        t3.reset()
        extra = tf.reduce_mean(SHARED(s * 2.0)) + 0.0 * junk
    ge = t3.gradient(extra, SHARED.trainable_variables)
    del t3
    for v, g in zip(ACTOR.trainable_variables + SHARED.trainable_variables, ga[:6]):
        v.assign_sub(0.05 * g)
    for v, g in zip(CRITIC.trainable_variables, gc[:4]):
        v.assign_sub(0.05 * g)
    return a_loss, v_loss, a, ga, gv, gc, ge


for step in range(30):
    i = (step * 8) % 88
    a_loss, v_loss, a, ga, gv, gc, ge = train_step(tf.constant(S[i:i + 8]), tf.constant(R[i:i + 8]))
    print(step, repr(float(a_loss)), repr(float(v_loss)), a)
    print("  none", [g is None for g in ga], [g is None for g in gv], [g is None for g in gc])
    print("  ga", flat(ga[1]), flat(ga[5]), "gc", flat(gc[3]), flat(gc[5]), "ge", flat(ge[1]))

print(json.dumps({"vars": [flat(v) for v in ACTOR.weights + CRITIC.weights + SHARED.weights]}))
