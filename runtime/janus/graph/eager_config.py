"""The config janus's graphs run under: the program's context config with Grappler's
dependency optimizer off (the order of a variable's reads and its writes:
docs/soundness.md#reads-before-writes), and for eager's floats its arithmetic optimizer,
constant folding, remapper and model pruner off too
(docs/soundness.md#eagers-floats-bit-for-bit).  janus/run/call_options.py calls every
graph with it; the call nodes of recursive graphs (recursion.py) carry it, since TF
instantiates a function a node calls under the node's own config."""

from tensorflow.core.protobuf import config_pb2, rewriter_config_pb2
from tensorflow.python.eager import context

from .. import config


def eager_numerics() -> bool:
    cfg = config.active()
    return cfg is None or cfg.eager_numerics


def graph_config():
    """A copy of the context's ConfigProto with the rewrites janus's graphs run without."""
    proto = config_pb2.ConfigProto()
    proto.CopyFrom(context.context().config)
    rewrites = proto.graph_options.rewrite_options
    # The dependency optimizer drops a control edge from a variable's read to its
    # write when it finds a data path between them, one through an IdentityN node
    # (Keras' optimizer passes its gradients through one) counting as a path for
    # every output; then it removes the IdentityN, and the path with it.  The write
    # may then run before the read, and the read see the new value: measured on a
    # Keras SGD step, 2 of 14 tf.function runs and about half of janus's computed
    # another loss from the same state (TF 2.21, 2026-12-01).
    rewrites.dependency_optimization = rewriter_config_pb2.RewriterConfig.OFF
    if not eager_numerics():
        return proto
    rewrites.arithmetic_optimization = rewriter_config_pb2.RewriterConfig.OFF
    rewrites.constant_folding = rewriter_config_pb2.RewriterConfig.OFF
    rewrites.remapping = rewriter_config_pb2.RewriterConfig.OFF
    # The pruner too: with only the three above off, a step whose loss adds the same
    # term five times still got other last bits than eager in every gradient
    # (tf.function likewise; equal with the pruner off: 2026-11-30).
    rewrites.disable_model_pruning = True
    return proto


def call_node_config() -> bytes:
    """The config_proto a call node janus makes carries."""
    return graph_config().SerializeToString()
