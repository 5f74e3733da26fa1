"""A PPO update loop on synthetic rollouts: per iteration the loop samples actions with
numpy from the current policy, makes rewards and normalised advantages, then runs up to
4 epochs of 4 shuffled minibatches through `ppo_update`, which computes the clipped
surrogate, the value loss and the entropy bonus with coefficients from a config dict,
clips the gradients by global norm and applies Adam, and returns a dict of Python floats
(loss, approximate KL, clip fraction, gradient norm).  The loop stops an iteration's
epochs early when the KL passes 1.5x the target, anneals `CFG["clip"]` and
`CFG["ent_coef"]` per iteration and halves `CFG["max_grad_norm"]` at iteration 3.
Probes: a dict of Python floats the graph computes driving the loop's `break`, config
dict values read by a converted update (changed between calls), `tf.gather` with
batch_dims, and numpy sampling from the policy's outputs between graph calls."""
import random

import numpy

random.seed(541)
numpy.random.seed(541)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(541)
rng = np.random.default_rng(541)

obs_in = keras.Input((4,))
h = keras.layers.Dense(16, activation="tanh")(obs_in)
logits_out = keras.layers.Dense(3)(h)
value_out = keras.layers.Dense(1)(h)
MODEL = keras.Model(obs_in, [logits_out, value_out])
OPT = keras.optimizers.Adam(3e-3)
CFG = {"clip": 0.2, "vf_coef": 0.5, "ent_coef": 0.01, "max_grad_norm": 0.5, "target_kl": 0.02}
STATS = []


def ppo_update(obs, act, adv, old_logp, ret):
    with tf.GradientTape() as tape:
        logits, value = MODEL(obs, training=True)
        logp_all = tf.nn.log_softmax(logits)
        logp = tf.gather(logp_all, act, batch_dims=1)
        ratio = tf.exp(logp - old_logp)
        clip = CFG["clip"]
        s1 = ratio * adv
        s2 = tf.clip_by_value(ratio, 1.0 - clip, 1.0 + clip) * adv
        pi_loss = -tf.reduce_mean(tf.minimum(s1, s2))
        v_loss = tf.reduce_mean(tf.square(ret - value[:, 0]))
        entropy = -tf.reduce_mean(tf.reduce_sum(tf.exp(logp_all) * logp_all, axis=1))
        loss = pi_loss + CFG["vf_coef"] * v_loss - CFG["ent_coef"] * entropy
    grads = tape.gradient(loss, MODEL.trainable_variables)
    grads, gnorm = tf.clip_by_global_norm(grads, CFG["max_grad_norm"])
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    out = {"loss": float(loss), "kl": float(tf.reduce_mean(old_logp - logp)),
           "clipfrac": float(tf.reduce_mean(tf.cast(tf.abs(ratio - 1.0) > clip, tf.float32))),
           "gnorm": float(gnorm)}
    STATS.append(out)
    return out


calls = 0
for it in range(5):
    obs = rng.normal(size=(64, 4)).astype(np.float32)
    logits, values = MODEL(obs)
    probs = tf.nn.softmax(logits).numpy().astype(np.float64)
    probs /= probs.sum(axis=1, keepdims=True)
    act = np.array([rng.choice(3, p=p) for p in probs], dtype=np.int32)
    rew = (obs[:, 0] * (act == 0) - obs[:, 1] * (act == 1) + 0.1 * (act == 2)).astype(np.float32)
    ret = rew + 0.9 * values.numpy()[:, 0]
    adv = ret - values.numpy()[:, 0]
    adv = ((adv - adv.mean()) / (adv.std() + 1e-8)).astype(np.float32)
    old_logp = np.log(probs[np.arange(64), act]).astype(np.float32)
    if it == 3:
        CFG["max_grad_norm"] = 0.25
    stop = False
    for epoch in range(4):
        perm = rng.permutation(64)
        for mb in range(4):
            idx = perm[mb * 16:(mb + 1) * 16]
            st = ppo_update(tf.constant(obs[idx]), tf.constant(act[idx]), tf.constant(adv[idx]),
                            tf.constant(old_logp[idx]), tf.constant(ret[idx]))
            calls += 1
            print(it, epoch, mb, repr(st["loss"]), repr(st["kl"]), repr(st["clipfrac"]), repr(st["gnorm"]))
            if st["kl"] > 1.5 * CFG["target_kl"]:
                stop = True
                break
        if stop:
            print("early stop at epoch", epoch)
            break
    CFG["clip"] = round(CFG["clip"] * 0.8, 6)
    CFG["ent_coef"] = CFG["ent_coef"] * 0.5

print(json.dumps({"calls": calls, "iters": int(OPT.iterations.numpy()), "cfg": CFG,
                  "k": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:6]],
                  "last": STATS[-1]}))
