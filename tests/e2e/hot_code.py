"""Hot code that never enters a GradientTape, under janus and JANUS_MODE=off.

1. An acting loop: an episode loop (the loop driver) calls `act` once per frame; `act`
   runs the policy's forward pass (a class of the program's own) and a greedy choice in
   a helper.  janus must take over `act`, not the episode loop, the policy or the helper.
2. A sampling function drawing its action with tf.random.categorical under a global
   seed: the same draws in both modes, whatever janus does with it.
3. An evaluation loop: `eval_step` updates a metric held in variables, counts batches
   in a Python object and a global, and returns the batch's accuracy; `evaluate` loops
   over the batches and prints the result from the variables.
4. A function that runs TF ops in two calls only: it must stay in the interpreter.
5. A function janus picks and then gives up (it reads a value with .numpy().item()): the helper
   it called becomes a candidate of its own and is converted.
6. Closures: a factory's closure is converted; a lambda over its caller's argument,
   made anew at every call, is not.

Prints lines along the way and one JSON document last: every result, the Python state
and the variables.
"""

import json

import numpy as np
import tensorflow as tf

from typed import typed

tf.random.set_seed(11)
rng = np.random.default_rng(3)
results = {}
printed_every = 7


class Policy:
    def __init__(self, n_in, n_hidden, n_actions):
        self.w1 = tf.Variable(rng.normal(size=(n_in, n_hidden)) * 0.5)
        self.b1 = tf.Variable(np.zeros(n_hidden))
        self.w2 = tf.Variable(rng.normal(size=(n_hidden, n_actions)) * 0.5)
        self.b2 = tf.Variable(np.zeros(n_actions))

    def __call__(self, observations):
        hidden = tf.tanh(tf.matmul(observations, self.w1) + self.b1)
        return tf.matmul(hidden, self.w2) + self.b2


def greedy(logits):
    return tf.argmax(logits, axis=1)


def act(policy, observation):
    logits = policy(observation[None])
    return greedy(logits)[0], tf.reduce_max(logits)


class Walk:
    """A tiny environment in plain Python and NumPy."""

    def __init__(self, seed):
        self.random = np.random.default_rng(seed)
        self.position = np.zeros(3)
        self.frames = 0

    def step(self, action):
        self.position = self.position * 0.9 + self.random.normal(size=3) * 0.3
        self.position[int(action) % 3] += 0.5
        self.frames += 1
        return self.position.copy(), float(-abs(self.position).sum())


def run_episode(policy, env, frames):
    observation = env.position.copy()
    actions, values, total = [], [], 0.0
    for t in range(frames):
        action, value = act(policy, tf.constant(observation))
        actions.append(int(action))
        values.append(float(value))
        observation, reward = env.step(action)
        total += reward
        if t % printed_every == 0:
            print(f"frame {env.frames}: action {int(action)} value {float(value):.6f}")
    return actions, values, total


policy = Policy(3, 8, 3)
env = Walk(5)
episodes = [run_episode(policy, env, 12) for _ in range(3)]
results["acting"] = {"episodes": episodes, "frames": env.frames}


# 2. Sampling under a global seed.
def sample(policy, observations):
    return tf.random.categorical(policy(observations), 1)


draws = [sample(policy, tf.constant(rng.normal(size=(4, 3)))) for _ in range(8)]
results["sampling"] = draws
print("sampled", [d.numpy()[:, 0].tolist() for d in draws][-1])


# 3. An evaluation loop with a metric in variables and Python counters.
class Counter:
    def __init__(self):
        self.batches = 0
        self.seen = []


correct = tf.Variable(0.0, dtype=tf.float64)
total = tf.Variable(0.0, dtype=tf.float64)
counter = Counter()
EVALUATED = 0


def eval_step(policy, x, labels):
    global EVALUATED
    predicted = tf.argmax(policy(x), axis=1)
    hits = tf.cast(tf.equal(predicted, labels), tf.float64)
    correct.assign_add(tf.reduce_sum(hits))
    total.assign_add(tf.cast(tf.size(hits), tf.float64))
    counter.batches += 1
    EVALUATED += 1
    return tf.reduce_mean(hits)


def evaluate(policy, batches):
    accuracies = [eval_step(policy, x, y) for x, y in batches]
    print(f"accuracy {float(correct / total):.6f} over {counter.batches} batches")
    return accuracies


batches = [(tf.constant(rng.normal(size=(6, 3))), tf.constant(rng.integers(0, 3, 6)))
           for _ in range(10)]
results["evaluation"] = [evaluate(policy, batches) for _ in range(2)]


# 4. TF ops in two calls only.
def summarize(values):
    return tf.reduce_mean(values), tf.reduce_max(values)


results["summaries"] = [summarize(tf.constant(rng.normal(size=5))) for _ in range(2)]



# 5. The function picked cannot be built (it reads a tensor's value with .numpy().item()):
#    janus gives it up, and the helper it covered becomes a candidate of its own.
def scaled_norm(x):
    return tf.sqrt(tf.reduce_sum(x * x)) * 0.5


def report(x):
    norm = scaled_norm(x)
    return norm, norm.numpy().item() > 1.0


results["fallback"] = [report(tf.constant(rng.normal(size=4))) for _ in range(12)]



# 6. Closures: one made once by a factory is converted; one its caller makes anew at
#    every call (the caller is refused: it makes a closure) stays in the interpreter.
def make_scorer(weights):
    def score(x):
        return tf.reduce_sum(x * weights)
    return score


scorer = make_scorer(tf.constant([0.5, -1.0, 2.0], tf.float64))
results["closures"] = [scorer(tf.constant(rng.normal(size=3))) for _ in range(6)]


def smoothed(x):
    mean_of = lambda: tf.reduce_mean(x) * 0.5
    return mean_of()


results["closures"] += [smoothed(tf.constant(rng.normal(size=3))) for _ in range(6)]

results["state"] = {"counter": counter, "evaluated": EVALUATED, "frames": env.frames,
                    "position": env.position}
results["variables"] = [policy.w1, policy.b1, policy.w2, policy.b2, correct, total]
print(json.dumps(typed(results)))
