"""Training steps that read and write Python state, under janus and JANUS_MODE=off.

Prints one JSON document: per-step outputs, the whole Python state the steps touched
(deep), the final TF variables, all with their types (typed.py), and, under janus, what
janus did with each function.
"""

import json
import sys

import numpy as np
import tensorflow as tf

from typed import typed

tf.keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(7)
rng = np.random.default_rng(7)
results = {}


def record(name, value):
    results.setdefault(name, []).append(typed(value))


# 1. A language model that carries its recurrent state across sequences.
class StatefulLM:
    def __init__(self):
        self.cell = tf.keras.layers.SimpleRNNCell(5)
        self.readout = tf.keras.layers.Dense(3)
        self.state = tf.zeros((2, 5), tf.float64)
        self.sequences_seen = 0
        self.optimizer = tf.keras.optimizers.SGD(0.1)


lm = StatefulLM()


def lm_step(model, inputs, targets):
    with tf.GradientTape() as tape:
        h = model.state
        loss = 0.0
        for t in range(inputs.shape[1]):
            out, states = model.cell(inputs[:, t], [h])
            h = states[0]
            loss = loss + tf.reduce_mean(tf.square(model.readout(out) - targets[:, t]))
    variables = model.cell.trainable_variables + model.readout.trainable_variables
    model.optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
    model.state = tf.stop_gradient(h)
    model.sequences_seen += 1
    return loss


def run_lm(step, model):
    losses = []
    data = np.random.default_rng(11)
    for _ in range(10):
        losses.append(float(step(model, data.normal(size=(2, 4, 3)),
                                 data.normal(size=(2, 4, 3)))))
    return losses


results["lm"] = run_lm(lm_step, lm)
results["lm_state"] = typed(lm)
tf.keras.utils.set_random_seed(7)
frozen = StatefulLM()
try:
    run_lm(tf.function(lm_step, autograph=False), frozen)
    results["lm_tf_function_wrong"] = frozen.sequences_seen != 10 or \
        bool(np.any(frozen.state.numpy() != lm.state.numpy()))
except TypeError as exc:
    # The trace stores a symbolic tensor in model.state; the next call cannot use it.
    results["lm_tf_function_wrong"] = "out of scope" in str(exc)


# 2. An RL-style loop: rewards in a list, a global step counter, running means in a dict.
policy = tf.Variable(tf.constant([[0.1, -0.2], [0.3, 0.05]], tf.float64))


class Agent:
    def __init__(self):
        self.rewards = []
        self.stats = {"mean_reward": 0.0, "episodes": 0}


agent = Agent()
global_step = 0


def rl_step(agent, observation):
    global global_step
    with tf.GradientTape() as tape:
        logits = tf.linalg.matvec(policy, observation)
        reward = tf.reduce_sum(tf.nn.softmax(logits) * observation)
        loss = -reward
    policy.assign_sub(0.05 * tape.gradient(loss, policy))
    agent.rewards.append(reward)
    agent.stats["mean_reward"] = 0.9 * agent.stats["mean_reward"] + 0.1 * float(reward)
    agent.stats["episodes"] += 1
    global_step += 1
    print("rl step", global_step, "reward", reward, agent.stats)
    return reward, global_step


for i in range(12):
    record("rl", rl_step(agent, tf.constant(rng.normal(size=2))))


# 3. A failing in-graph assertion: nothing the call would have written is written.
counter = tf.Variable(tf.constant(0.0, tf.float64))
log = {"calls": 0, "values": []}


def guarded_step(x):
    with tf.GradientTape():
        y = tf.reduce_sum(x)
        counter.assign_add(y)
        log["calls"] += 1
        log["values"].append(y)
        if y > 100.0:                      # never true while profiling: asserted
            y = y * 0.0
    return y


for i in range(10):
    value = 1000.0 if i == 6 else float(i)
    record("guarded", guarded_step(tf.constant([value, 1.0], tf.float64)))


# 4. Hard cases: new objects, aliases, the caller's object, reads after writes.
class Holder:
    def __init__(self):
        self.items = []
        self.alias = self.items             # one list, two names
        self.latest = None
        self.made = None


holder = Holder()
shared = []                                  # the caller keeps this one too
holder.extra = shared


def hard_step(holder, x):
    with tf.GradientTape():
        y = x * 2.0
    holder.items.append(y)                   # seen through holder.alias as well
    seen = holder.alias[-1] * 1.0            # the other name sees the write above
    holder.latest = holder.items[-1] + 1.0   # read after write
    made = {"sum": tf.reduce_sum(y), "parts": [y, y]}
    holder.made = made                       # created in the call, stored on the heap
    holder.extra.append(made)                # the caller's list, same new object
    return seen, holder.latest


for i in range(6):
    record("hard", hard_step(holder, tf.constant(rng.normal(size=2))))
results["hard_alias_is_same"] = holder.items is holder.alias
results["hard_made_is_shared"] = all(holder.extra[-1] is holder.made for _ in [0])


# 5. An object with a custom __setattr__ is not written from a graph.
class Audited:
    def __init__(self):
        object.__setattr__(self, "changes", [])
        object.__setattr__(self, "value", 0.0)

    def __setattr__(self, name, value):
        self.changes.append(name)
        object.__setattr__(self, name, value)


audited = Audited()


def audited_step(x):
    with tf.GradientTape():
        y = tf.reduce_sum(x)
    audited.value = y
    return y


for i in range(5):
    record("audited", audited_step(tf.constant([float(i), 2.0], tf.float64)))


# 6. List and dict methods on the caller's containers, through a helper.
queue = ["start"]
table = {"a": 1, "b": 2}


def drain(items, mapping, value):
    items.insert(0, "front")
    items.extend(["back", "end"])
    items.append(value)
    seen = mapping.setdefault("seen", 0)
    mapping.update(last=value)
    del mapping["a"]
    mapping["a"] = seen + 1
    mapping.pop("b")
    mapping["b"] = mapping.get("a") * 2
    return seen


def methods_step(x):
    with tf.GradientTape():
        y = tf.reduce_sum(x)
    return y, drain(queue, table, y)


for i in range(6):
    record("methods", methods_step(tf.constant([float(i), 1.0], tf.float64)))


results["python_state"] = typed({
    "lm": lm, "agent": agent, "global_step": global_step, "log": log, "holder": holder,
    "shared": shared, "audited": audited, "queue": queue, "table": table,
})
results["variables"] = typed({"policy": policy, "counter": counter,
                              "lm": lm.cell.trainable_variables +
                              lm.readout.trainable_variables})
if "janus" in sys.modules:
    import janus
    results["janus"] = {name.split(" ")[0]: info for name, info in janus.stats().items()}
print(json.dumps(results))
