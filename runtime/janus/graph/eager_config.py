"""The config janus's graphs run under for eager's floats: the program's context config
with Grappler's arithmetic optimizer, constant folding, remapper and model pruner off
(docs/soundness.md#eagers-floats-bit-for-bit).  janus/run/call_options.py calls every
graph with it; the call nodes of recursive graphs (recursion.py) carry it, since TF
instantiates a function a node calls under the node's own config."""

from tensorflow.core.protobuf import config_pb2, rewriter_config_pb2
from tensorflow.python.eager import context

from .. import config


def eager_numerics() -> bool:
    cfg = config.active()
    return cfg is None or cfg.eager_numerics


def eager_numerics_config():
    """A copy of the context's ConfigProto with the float-changing rewrites off."""
    proto = config_pb2.ConfigProto()
    proto.CopyFrom(context.context().config)
    rewrites = proto.graph_options.rewrite_options
    rewrites.arithmetic_optimization = rewriter_config_pb2.RewriterConfig.OFF
    rewrites.constant_folding = rewriter_config_pb2.RewriterConfig.OFF
    rewrites.remapping = rewriter_config_pb2.RewriterConfig.OFF
    # The pruner too: with only the three above off, a step whose loss adds the same
    # term five times still got other last bits than eager in every gradient
    # (tf.function likewise; equal with the pruner off: 2026-11-30).
    rewrites.disable_model_pruning = True
    return proto


def call_node_config() -> bytes:
    """The config_proto a call node janus makes carries: eager's numerics, or (under
    JANUS_NUMERICS=graph) none of its own."""
    return eager_numerics_config().SerializeToString() if eager_numerics() else b""
