"""Training steps that draw random numbers, under janus and JANUS_MODE=off.

Unseeded steps come first (no global seed can be unset again), then seeded ones:
- a DCGAN step drawing its noise with tf.random.normal, with an interpreter fallback
  (a branch the profile saw one way goes the other) and a guard miss mid-run;
- a VAE step: reparameterisation noise of a run-time shape, tf.nn.dropout (a uniform
  draw inside TF), an integer draw, and a check that fails at one step;
- a step with Keras 3's own seeded ops (SeedGenerator, a Dropout layer);
- tf.nn.sampled_softmax_loss and tf.nn.nce_loss (their LogUniformCandidateSampler),
  and the uniform and log-uniform samplers called directly between other draws;
- tf.random.categorical (a policy's actions), one sample per row and several;
- the learned unigram sampler (it keeps counts across calls) and an explicit op seed,
  which janus leaves to the interpreter;
- a long run whose seed generator gives one op seed twice (global seed 355: draws 337
  and 1037), where eager continues the first draw's stream: for a uniform draw, a
  categorical draw and a candidate sampler;
- a step that calls tf.random.set_seed itself, which janus leaves to the interpreter
  (building it must not reseed).

Prints one JSON document: per scenario what each step returned or raised (the drawn
numbers among it) and the variables at the end.  Floats are float64 (a float32 Keras
step can differ in its last bit between a graph and eager through Grappler's rewrites,
with or without random ops).
"""

import json

import keras
import numpy as np
import tensorflow as tf

from typed import typed

keras.config.set_floatx("float64")
results = {}


def run(name, step, make_args, steps, state):
    outcome = []
    for i in range(steps):
        try:
            outcome.append(typed(step(*make_args(i))))
        except Exception as exc:
            outcome.append({"raised": type(exc).__name__})
    results[name] = {"steps": outcome, "state": typed(state)}


def dense(n_in, n_out, seed):
    data = np.random.default_rng(seed)
    return [tf.Variable(data.normal(size=(n_in, n_out)) * 0.3), tf.Variable(np.zeros(n_out))]


def apply(layers, x):
    for i, (w, b) in enumerate(layers):
        x = tf.matmul(x, w) + b
        if i < len(layers) - 1:
            x = tf.nn.relu(x)
    return x


def flat(layers):
    return [v for layer in layers for v in layer]


def data(i, n=8, width=4):
    return np.random.default_rng(100 + i).normal(size=(n, width))


# -- unseeded: any draw is valid; the step converts -----------------------------------

unseeded_model = [dense(4, 1, 1)]
unseeded_opt = keras.optimizers.SGD(0.01)


def unseeded_step(x):
    with tf.GradientTape() as tape:
        noisy = x + 0.1 * tf.random.normal(tf.shape(x), dtype=tf.float64)
        loss = tf.reduce_mean(tf.square(apply(unseeded_model, noisy)))
    params = flat(unseeded_model)
    unseeded_opt.apply_gradients(zip(tape.gradient(loss, params), params))
    return loss


for i in range(8):
    loss = unseeded_step(data(i))
results["unseeded"] = {"finite": bool(np.isfinite(loss.numpy())), "dtype": loss.dtype.name}


def unseeded_sampled_step(x, labels):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.nn.sampled_softmax_loss(
            sampled_w, sampled_b, labels, x, num_sampled=5, num_classes=20))
    grads = tape.gradient(loss, [sampled_w, sampled_b])
    sampled_opt.apply_gradients(zip(grads, [sampled_w, sampled_b]))
    return loss


sampled_w = tf.Variable(np.random.default_rng(3).normal(size=(20, 4)).astype(np.float32))
sampled_b = tf.Variable(np.zeros(20, np.float32))   # the sampler's counts are float32
sampled_opt = keras.optimizers.SGD(0.05)
labels = np.arange(8, dtype=np.int64).reshape(8, 1)
for i in range(8):
    loss = unseeded_sampled_step(data(i).astype(np.float32), labels)
results["unseeded_sampled"] = {"finite": bool(np.isfinite(loss.numpy()))}

# -- seeded: eager's numbers, bit for bit ----------------------------------------------

keras.utils.set_random_seed(7)
generator, discriminator = [dense(3, 8, 11), dense(8, 4, 12)], [dense(4, 8, 13), dense(8, 1, 14)]
g_opt, d_opt = keras.optimizers.Adam(1e-3), keras.optimizers.Adam(1e-3)
smoothing = 0.0


def dcgan_step(real):
    noise = tf.random.normal([real.shape[0], 3], dtype=tf.float64)
    with tf.GradientTape() as g_tape, tf.GradientTape() as d_tape:
        fake = apply(generator, noise)
        real_logits, fake_logits = apply(discriminator, real), apply(discriminator, fake)
        g_loss = tf.reduce_mean(tf.nn.softplus(-fake_logits))
        d_loss = tf.reduce_mean(tf.nn.softplus(-real_logits) * (1.0 - smoothing)) + \
            tf.reduce_mean(tf.nn.softplus(fake_logits))
        if tf.reduce_max(real) > 4.0:      # seen false while profiling; true at step 9
            d_loss = d_loss * 0.5
    g_params, d_params = flat(generator), flat(discriminator)
    g_opt.apply_gradients(zip(g_tape.gradient(g_loss, g_params), g_params))
    d_opt.apply_gradients(zip(d_tape.gradient(d_loss, d_params), d_params))
    return noise, g_loss, d_loss


def dcgan_args(i):
    global smoothing
    if i == 14:
        smoothing = 0.1                     # a guard miss: the graph is built again
    real = data(i)
    return (real * 3.0 if i == 9 else real,)


run("dcgan", dcgan_step, dcgan_args, 20, {"g": flat(generator), "d": flat(discriminator)})

tf.random.set_seed(11)
encoder, decoder = [dense(4, 6, 21), dense(6, 4, 22)], [dense(2, 6, 23), dense(6, 4, 24)]
vae_opt = keras.optimizers.Adam(1e-3)


def vae_step(x, scale):
    with tf.GradientTape() as tape:
        h = apply(encoder, x)
        mean, log_var = h[:, :2], h[:, 2:]
        eps = tf.random.normal(shape=tf.shape(mean), dtype=mean.dtype)
        z = mean + tf.exp(0.5 * log_var) * eps
        z = tf.nn.dropout(z, rate=0.25)
        pick = tf.random.uniform([], 0, 4, dtype=tf.int32)
        reconstruction = apply(decoder, z)
        loss = tf.reduce_mean(tf.square(reconstruction - x)) - 0.5 * tf.reduce_mean(
            1 + log_var - tf.square(mean) - tf.exp(log_var))
        loss = tf.debugging.check_numerics(loss * scale, "vae loss")
    params = flat(encoder) + flat(decoder)
    vae_opt.apply_gradients(zip(tape.gradient(loss, params), params))
    return eps, z, pick, loss


def vae_args(i):
    # batches of 8 then 5 (a relaxed, run-time shape); step 11 fails its check
    return data(i, 8 if i < 6 else 5), tf.constant(np.inf if i == 11 else 1.0, tf.float64)


run("vae", vae_step, vae_args, 16, {"params": flat(encoder) + flat(decoder)})

keras.utils.set_random_seed(12)


class NoisyNet(keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = keras.layers.Dense(6, activation="relu")
        self.drop = keras.layers.Dropout(0.3)
        self.out = keras.layers.Dense(1)
        self.seeds = keras.random.SeedGenerator(3)

    def call(self, x, training=False):
        x = x + 0.05 * keras.random.normal(keras.ops.shape(x), seed=self.seeds)
        return self.out(self.drop(self.hidden(x), training=training))


net, net_opt = NoisyNet(), keras.optimizers.SGD(0.05)
net(data(0))


def keras_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(net(x, training=True) - y))
    net_opt.apply_gradients(zip(tape.gradient(loss, net.trainable_variables),
                                net.trainable_variables))
    return loss


run("keras_seeds", keras_step, lambda i: (data(i), data(i, width=1)), 10,
    {"weights": net.weights})

tf.random.set_seed(13)


seeded_w = tf.Variable(np.random.default_rng(4).normal(size=(20, 4)).astype(np.float32))
seeded_b = tf.Variable(np.zeros(20, np.float32))
seeded_opt = keras.optimizers.SGD(0.05)


def sampled_step(x, labels):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.nn.sampled_softmax_loss(
            seeded_w, seeded_b, labels, x, num_sampled=5, num_classes=20))
    grads = tape.gradient(loss, [seeded_w, seeded_b])
    seeded_opt.apply_gradients(zip(grads, [seeded_w, seeded_b]))
    return loss


run("sampled", sampled_step, lambda i: (data(i).astype(np.float32), labels), 8,
    {"w": seeded_w, "b": seeded_b})

# word2vec's step (TensorFlow-Examples): an embedding lookup, tf.nn.nce_loss
embedding = tf.Variable(np.random.default_rng(5).normal(size=(30, 4)).astype(np.float32))
nce_w = tf.Variable(np.random.default_rng(6).normal(size=(30, 4)).astype(np.float32))
nce_b = tf.Variable(np.zeros(30, np.float32))
nce_opt = keras.optimizers.SGD(0.1)


def nce_step(words, context):
    with tf.GradientTape() as tape:
        x = tf.nn.embedding_lookup(embedding, words)
        loss = tf.reduce_mean(tf.nn.nce_loss(nce_w, nce_b, labels=context, inputs=x,
                                             num_sampled=6, num_classes=30))
    params = [embedding, nce_w, nce_b]
    nce_opt.apply_gradients(zip(tape.gradient(loss, params), params))
    return loss


run("nce", nce_step, lambda i: (np.arange(i, i + 8) % 30,
                                (np.arange(i, i + 8).reshape(8, 1) * 7 + 3) % 30), 10,
    {"params": [embedding, nce_w, nce_b]})

# the samplers themselves, between other draws: their candidates and expected counts
cand_w = tf.Variable(np.zeros(3, np.float64))
cand_opt = keras.optimizers.SGD(0.1)


def candidates_step(true_classes, scale):
    noise = tf.random.normal([3], dtype=tf.float64)
    uniform = tf.random.uniform_candidate_sampler(true_classes, 2, 5, False, 12)
    log_uniform = tf.random.log_uniform_candidate_sampler(true_classes, 2, 4, True, 12)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(cand_w * noise) * scale + tf.cast(
            tf.reduce_sum(uniform.sampled_expected_count), tf.float64)
    cand_opt.apply_gradients([(tape.gradient(loss, cand_w), cand_w)])
    return noise, tuple(uniform), tuple(log_uniform), loss


run("candidates", candidates_step,
    lambda i: (np.array([[i % 12, (i + 5) % 12], [1, 2]], np.int64), 1.0 + i), 10,
    {"w": cand_w})

# PPO's sample_action and a policy-gradient step: tf.random.categorical on a model's
# logits, one sample per row and several, int32 and int64, a batch of run-time size
policy = [dense(4, 8, 61), dense(8, 3, 62)]
policy_opt = keras.optimizers.SGD(0.05)


def categorical_step(observations, returns):
    with tf.GradientTape() as tape:
        logits = apply(policy, observations)
        actions = tf.random.categorical(logits, 1)[:, 0]
        extra = tf.random.categorical(logits[:2], 5, dtype=tf.int32)
        log_probs = tf.reduce_sum(tf.nn.log_softmax(logits) * tf.one_hot(actions, 3,
                                                                         dtype=tf.float64), 1)
        loss = -tf.reduce_mean(log_probs * returns)
    params = flat(policy)
    policy_opt.apply_gradients(zip(tape.gradient(loss, params), params))
    return actions, extra, loss


run("categorical", categorical_step,
    lambda i: (data(i, n=3 + i % 4), np.linspace(-1, 1, 3 + i % 4)), 12,
    {"params": flat(policy)})

learned_w = tf.Variable(np.zeros(2, np.float64))


def learned_step(true_classes):
    drawn = tf.random.learned_unigram_candidate_sampler(true_classes, 1, 3, True, 10)
    learned_w.assign_add(tf.cast(drawn.sampled_expected_count[:2], tf.float64))
    return tuple(drawn)


run("learned", learned_step, lambda i: (np.array([[i % 10]], np.int64),), 8,
    {"w": learned_w})

explicit_model = [dense(4, 1, 31)]
explicit_opt = keras.optimizers.SGD(0.01)


def explicit_seed_step(x):
    with tf.GradientTape() as tape:
        noisy = x + tf.random.uniform(tf.shape(x), dtype=tf.float64, seed=3)
        loss = tf.reduce_mean(apply(explicit_model, noisy))
    params = flat(explicit_model)
    explicit_opt.apply_gradients(zip(tape.gradient(loss, params), params))
    return noisy, loss


run("explicit_seed", explicit_seed_step, lambda i: (data(i),), 8,
    {"params": flat(explicit_model)})

explicit_policy = [dense(4, 3, 32)]
explicit_policy_opt = keras.optimizers.SGD(0.01)


def explicit_categorical_step(x):
    with tf.GradientTape() as tape:
        logits = apply(explicit_policy, x)
        actions = tf.random.categorical(logits, 1, seed=5)[:, 0]
        loss = -tf.reduce_mean(tf.reduce_sum(tf.nn.log_softmax(logits) *
                                             tf.one_hot(actions, 3, dtype=tf.float64), 1))
    params = flat(explicit_policy)
    explicit_policy_opt.apply_gradients(zip(tape.gradient(loss, params), params))
    return actions, loss


run("explicit_categorical", explicit_categorical_step, lambda i: (data(i),), 8,
    {"params": flat(explicit_policy)})

tf.random.set_seed(355)        # its op seeds 337 and 1037 are equal
repeat_model = [dense(4, 1, 41)]
repeat_opt = keras.optimizers.SGD(0.01)


def repeat_step(x):
    with tf.GradientTape() as tape:
        noise = tf.random.uniform([2, 4], dtype=tf.float64)
        loss = tf.reduce_mean(apply(repeat_model, x[:2] + noise))
    params = flat(repeat_model)
    repeat_opt.apply_gradients(zip(tape.gradient(loss, params), params))
    return noise


run("repeat", repeat_step, lambda i: (data(i % 7),), 1040, {"params": flat(repeat_model)})
results["repeat"]["steps"] = results["repeat"]["steps"][330:]   # keep the output small


def repeat_sampler_step(true_classes):
    return tf.random.log_uniform_candidate_sampler(true_classes, 1, 3, True, 50)[0]


tf.random.set_seed(355)        # and for categorical draws of changing sizes
repeat_logits = tf.constant(np.random.default_rng(9).normal(size=(3, 5)))


def repeat_categorical_step(rows, samples):
    return tf.random.categorical(repeat_logits[:rows], samples)


run("repeat_categorical", repeat_categorical_step, lambda i: (1 + i % 3, 1 + i % 6), 1040,
    {})
results["repeat_categorical"]["steps"] = results["repeat_categorical"]["steps"][330:]

tf.random.set_seed(355)        # again: a sampler's eager kernel continues at draw 1037
run("repeat_sampler", repeat_sampler_step, lambda i: (np.array([[i % 50]], np.int64),), 1040,
    {})
results["repeat_sampler"]["steps"] = results["repeat_sampler"]["steps"][330:]

reseed_model, reseed_opt = [dense(4, 1, 51)], keras.optimizers.SGD(0.01)


def reseeding_step(x):
    tf.random.set_seed(21)                 # the same noise at every step, eagerly
    with tf.GradientTape() as tape:
        noise = tf.random.normal(tf.shape(x), dtype=tf.float64)
        loss = tf.reduce_mean(apply(reseed_model, x + noise))
    params = flat(reseed_model)
    reseed_opt.apply_gradients(zip(tape.gradient(loss, params), params))
    return noise, loss


run("reseeding", reseeding_step, lambda i: (data(i),), 6, {"params": flat(reseed_model)})
results["after_reseeding"] = typed(tf.random.uniform([3], dtype=tf.float64))

print(json.dumps(results))
