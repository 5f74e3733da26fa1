"""Training steps janus cannot make one graph, whose Keras calls become graph sites while
the interpreter runs the rest (janus/coexec/sites.py); tests/e2e/test_coexec.py runs
this in both modes, oneDNN off, and compares everything bit for bit:

  * episode: an actor-critic episode inside one GradientTape: per frame a model call,
    np.squeeze and np.random.choice on its probabilities, a step of a Python
    environment, histories in Python lists; then discounted returns in NumPy, a Keras
    Huber loss per frame, tape.gradient and Adam (the keras-io actor-critic's shape);
  * checksum_step: an unknown C call (zlib.crc32 of the hidden layer's bytes) between
    two model calls in one tape decides a Python branch;
  * generator_step: a generator made in the step feeds it the batch's chunks, each
    through the model and a loss, and `next()` resumes a generator that lives across
    steps in the middle of it;
  * rollout: a value Python needs (`float(...)`) inside a Python for loop decides when
    to stop, with no tape; the loop's model calls are sites.

One JSON document last."""

import json
import zlib

import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(7)
rng = np.random.default_rng(7)


class Cart:
    """A small deterministic environment in plain Python (CartPole's shape)."""

    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)
        self.state = None

    def reset(self):
        self.state = self.rng.uniform(-0.05, 0.05, size=4)
        self.t = 0
        return self.state

    def step(self, action):
        x, v, a, w = self.state
        force = 1.0 if action == 1 else -1.0
        w = w + 0.02 * (9.8 * np.sin(a) - force * np.cos(a))
        a = a + 0.02 * w
        v = v + 0.02 * force
        x = x + 0.02 * v
        self.state = np.array([x, v, a, w])
        self.t += 1
        done = bool(abs(a) > 0.2 or abs(x) > 2.4 or self.t >= 40)
        return self.state, 1.0, done


inputs = keras.layers.Input(shape=(4,))
trunk = keras.layers.Dense(32, activation="relu")(inputs)
actor = keras.layers.Dense(2, activation="softmax")(trunk)
critic = keras.layers.Dense(1)(trunk)
model = keras.Model(inputs=inputs, outputs=[actor, critic])
optimizer = keras.optimizers.Adam(learning_rate=0.01)
huber = keras.losses.Huber()
env = Cart(3)
action_rng = np.random.default_rng(11)
gamma = 0.99
eps = float(np.finfo(np.float32).eps)


def episode():
    state = env.reset()
    probs_history, values, rewards = [], [], []
    with tf.GradientTape() as tape:
        while True:
            state = tf.expand_dims(tf.convert_to_tensor(state), 0)
            action_probs, value = model(state)
            values.append(value[0, 0])
            action = action_rng.choice(2, p=np.squeeze(action_probs))
            probs_history.append(tf.math.log(action_probs[0, action]))
            state, reward, done = env.step(action)
            rewards.append(reward)
            if done:
                break
        returns, discounted = [], 0.0
        for r in rewards[::-1]:
            discounted = r + gamma * discounted
            returns.insert(0, discounted)
        returns = np.array(returns)
        returns = ((returns - np.mean(returns)) / (np.std(returns) + eps)).tolist()
        actor_losses, critic_losses = [], []
        for log_prob, value, ret in zip(probs_history, values, returns):
            actor_losses.append(-log_prob * (ret - value))
            critic_losses.append(huber(tf.expand_dims(value, 0), tf.expand_dims(ret, 0)))
        loss = sum(actor_losses) + sum(critic_losses)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return float(loss), len(rewards)


encoder = keras.Sequential([keras.layers.Dense(16, activation="tanh")])
head_a = keras.layers.Dense(1)
head_b = keras.layers.Dense(1)
head_a.build((None, 16))
head_b.build((None, 16))
mse = keras.losses.MeanSquaredError()
sgd = keras.optimizers.SGD(learning_rate=0.05)
CHECKSUMS = []


def checksum_step(x, y):
    with tf.GradientTape() as tape:
        h = encoder(x)
        crc = zlib.crc32(h.numpy().tobytes())
        CHECKSUMS.append(crc)
        head = head_a if crc % 2 else head_b
        loss = mse(y, head(h))
    variables = encoder.trainable_variables + head_a.trainable_variables + \
        head_b.trainable_variables
    grads = tape.gradient(loss, variables)
    grads = [tf.zeros_like(v) if g is None else g for g, v in zip(grads, variables)]
    sgd.apply_gradients(zip(grads, variables))
    return loss


regressor = keras.Sequential([keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
mae = keras.losses.MeanAbsoluteError()
adam = keras.optimizers.Adam(learning_rate=0.01)


def chunks(x, y, size):
    for start in range(0, x.shape[0], size):
        yield x[start:start + size], y[start:start + size]


def noise_scales():
    scale = 0.5
    while True:
        yield scale
        scale *= 0.9


SCALES = noise_scales()


def generator_step(x, y):
    with tf.GradientTape() as tape:
        loss = 0.0
        for xc, yc in chunks(x, y, 4):
            # A generator that lives across steps, resumed in the middle of this one.
            noisy = xc + next(SCALES) * tf.sin(xc)
            loss += mae(yc, regressor(noisy))
    grads = tape.gradient(loss, regressor.trainable_variables)
    adam.apply_gradients(zip(grads, regressor.trainable_variables))
    return loss


policy = keras.Sequential([keras.layers.Dense(4, activation="sigmoid")])


def rollout(x):
    steps = 0
    for _ in range(20):
        out = policy(x)
        steps += 1
        if float(tf.reduce_max(out)) > 0.9:
            break
        x = x + 0.1 * out
    return steps, x


history = {"episode": [], "checksum": [], "generator": [], "rollout": []}
for i in range(12):
    history["episode"].append(episode())
    print("episode", i, history["episode"][-1])
for i in range(16):
    x = tf.constant(rng.normal(size=(8, 5)).astype("float32"))
    y = tf.constant(rng.normal(size=(8, 1)).astype("float32"))
    history["checksum"].append(float(checksum_step(x, y)))
    history["generator"].append(float(generator_step(x, y)))
    steps, end = rollout(tf.constant(rng.normal(size=(2, 4)).astype("float32")))
    history["rollout"].append([steps, end.numpy().tolist()])
    print(i, history["checksum"][-1], history["generator"][-1], steps)

weights = {name: [w.numpy().tolist() for w in m.weights]
           for name, m in (("model", model), ("encoder", encoder), ("head_a", head_a),
                           ("head_b", head_b), ("regressor", regressor))}
print(json.dumps({"history": history, "checksums": CHECKSUMS, "weights": weights,
                  "optimizers": [int(o.iterations.numpy()) for o in (optimizer, sgd, adam)]}))
