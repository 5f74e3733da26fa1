"""Two Keras training steps in which no data path orders a weight's forward read
before its update once Grappler removes the optimizer's IdentityN: a critic trained
with a linear loss, and layers that divide by their own scale under stop_gradient.
Run under janus, each step gets a graph; this program then optimizes each graph
offline with Grappler, under the config janus calls it with and under TF's default
config, and prints, as JSON, the reads that no longer come before a write of their
variable (tests/e2e/test_read_order.py)."""
import json
import sys

import keras
import numpy as np
import tensorflow as tf
from tensorflow.core.protobuf import config_pb2, meta_graph_pb2
from tensorflow.python.grappler import tf_optimizer

keras.utils.set_random_seed(3)
rng = np.random.default_rng(21)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 3:]).astype(np.float32)

CRITIC = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="tanh"),
                           keras.layers.Dense(4, activation="tanh"),
                           keras.layers.Dense(1)])
CRITIC_OPT = keras.optimizers.RMSprop(0.01)


def critic_step(real, fake):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(CRITIC(fake)) - tf.reduce_mean(CRITIC(real))
    grads = tape.gradient(loss, CRITIC.trainable_variables)
    CRITIC_OPT.apply_gradients(zip(grads, CRITIC.trainable_variables))
    return loss


class Scale(keras.layers.Layer):
    def build(self, input_shape):
        self.s = self.add_weight(shape=(), initializer=keras.initializers.Constant(2.0),
                                 name="s")

    def call(self, x):
        return x / tf.stop_gradient(self.s)


SCALE = Scale()
MODEL = keras.Sequential([keras.Input((4,)), SCALE, keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(0.05)


def scaled_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
        peak = tf.stop_gradient(tf.reduce_max(tf.abs(x)) * 0.01)
        loss += SCALE.s * peak - tf.stop_gradient(SCALE.s * peak)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(6):
    i = step * 16
    critic_step(tf.constant(XS[i:i + 16]), tf.constant(XS[i:i + 16] + 1.0))
    scaled_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))

from janus.run import call_options, executor  # noqa: E402

WRITES = ("AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp")


def _orders(graph_def):
    """{(read, write)}: each read of a variable that something orders before a write of
    it, by data or control edges."""
    inputs = {n.name: [i.lstrip("^").split(":")[0] for i in n.input] for n in graph_def.node}

    def ancestors(name):
        seen, todo = set(), [name]
        while todo:
            for parent in inputs[todo.pop()]:
                if parent not in seen:
                    seen.add(parent)
                    todo.append(parent)
        return seen

    reads = [n.name for n in graph_def.node if n.op == "ReadVariableOp"]
    ordered = set()
    for write in graph_def.node:
        if write.op in WRITES or write.op.startswith("ResourceApply"):
            before = ancestors(write.name)
            ordered.update((read, write.name) for read in reads
                           if inputs[read][0] == inputs[write.name][0] and read in before)
    return ordered


def reads_after_writes(graph, config):
    """The reads the traced graph orders before a write of their variable that the
    graph Grappler makes under `config` no longer orders so."""
    return sorted(_orders(graph.as_graph_def()) - _orders(optimized(graph, config)))


def optimized(graph, config):
    if isinstance(config, bytes):
        config = config_pb2.ConfigProto.FromString(config)
    meta = meta_graph_pb2.MetaGraphDef()
    meta.graph_def.CopyFrom(graph.as_graph_def())
    fetches = meta.collection_def["train_op"].node_list.value
    fetches.extend(t.op.name for t in graph.outputs)
    return tf_optimizer.OptimizeGraph(config, meta)


report = {}
for fn in (critic_step, scaled_step):
    entries = executor._states[fn.__code__].cache.entries
    graph = entries[0].function.graph
    report[fn.__name__] = {
        "graphs": len(entries),
        "janus": reads_after_writes(graph, call_options.options().config_proto_serialized),
        "tf_default": reads_after_writes(graph, config_pb2.ConfigProto()),
    }
print(json.dumps(report))
sys.stdout.flush()
