"""Random ops given their own seed → one stream per kernel, that eager and graphs both go on.

An op given a seed of its own (`tf.random.normal(shape, seed=3)`, `tf.nn.dropout(x, 0.5,
seed=1)`) gets the same seed pair (s, s2) at every call: random_seed.get_seed pairs the
op seed with the global seed, or with TF's default graph seed when none is set.  Eager
caches one kernel per op type, attributes (dtypes, seeds) and device, so each call goes
on where the last one stopped.  A stateful Philox kernel that draws n numbers moves its
counter by 256 n (GuardedPhiloxRandom.ReserveRandomOutputs(n, 256)), and the stateless
V2 kernel with key [s] and counter [position, s2] draws what it draws from `position`:
the same bits, for normal, uniform, truncated normal and uniform int
(tests/mechanisms/programs/fixedseed_*: janus draws these, TF's cached kernels draw
JANUS_MODE=off's).

So janus keeps each stream's position.  Once TensorFlow is imported, an eager draw with
a fixed seed is made by the stateless kernel at the position janus keeps, which moves
on; a graph reads the positions at each call and moves them on by what it drew.
tf.random.set_seed (and Context.clear_kernel_cache) empties TF's kernel cache, and the
positions start again at 0 with it.

A seed pair TF's seed generator also gave (one op seed in 2**31) would share eager's
kernel with the generator's draw: such a stream stays TF's own (SHARED), and a graph
that draws from it runs the call in the interpreter.
"""

import functools
import weakref

import tensorflow as tf
from tensorflow.python.eager import context
from tensorflow.python.framework import constant_op, random_seed

COUNTERS_PER_NUMBER = 256       # GuardedPhiloxRandom.ReserveRandomOutputs(n, 256)
PHILOX = 1                      # the `alg` of the stateless V2 kernels
SHARED = -1                     # a stream TF's cached kernel draws (see the docstring)


class Streams:
    """The positions of one eager context's fixed-seed streams."""

    __slots__ = ("positions", "pairs", "__weakref__")

    def __init__(self):
        self.positions: dict = {}      # (Kernel, s, s2, device) -> counter, or SHARED
        self.pairs: set = set()        # the (s, s2) of those streams

    def find(self, key, shared):
        """Where the stream of `key` stands (0 when it has not drawn), or SHARED.
        `shared()` says whether TF's seed generator gave its pair too; it is asked once
        per stream."""
        position = self.positions.get(key)
        if position is None:
            if shared():
                self.share(key)
                return SHARED
            return 0
        return position

    def move(self, key, numbers):
        """The stream of `key` drew `numbers` more numbers."""
        self.positions[key] = self.positions.get(key, 0) + COUNTERS_PER_NUMBER * numbers
        self.pairs.add(key[1:3])

    def share(self, key):
        self.positions[key] = SHARED
        self.pairs.add(key[1:3])


_of_context = weakref.WeakKeyDictionary()      # eager Context -> Streams


def of(ctx=None):
    """The Streams of `ctx` (the current eager context by default)."""
    ctx = context.context() if ctx is None else ctx
    streams = _of_context.get(ctx)
    if streams is None:
        streams = _of_context[ctx] = Streams()
    return streams


def has_streams(seed, seed2):
    """Whether a fixed-seed stream of this context has the pair (s, s2)."""
    streams = _of_context.get(context.context())
    return streams is not None and (seed, seed2) in streams.pairs


def fixed_pair(global_seed, op_seed):
    """random_seed.get_seed(op_seed) for an op seed, as eager computes it."""
    if global_seed is None:
        pair = random_seed.DEFAULT_GRAPH_SEED, random_seed._truncate_seed(op_seed)
    else:
        pair = random_seed._truncate_seed(global_seed), random_seed._truncate_seed(op_seed)
    return (0, random_seed._MAXINT32) if pair == (0, 0) else pair


def device_key(name):
    """The device a kernel is cached for, from a device name or scope: '' (no scope) is
    where eager places a random op by default, the first GPU if there is one; a scope
    spelled `/cpu:0` or `/device:CPU:0` is one device."""
    if not name:
        return _default_device()
    spec = tf.DeviceSpec.from_string(name)
    return (spec.device_type or "CPU").upper(), spec.device_index or 0


@functools.cache
def _default_device():
    return ("GPU", 0) if tf.config.list_logical_devices("GPU") else ("CPU", 0)


def eager_draw(kernel, seed, seed2, shape, make_stateless, shared):
    """An eager draw with fixed seeds: the stateless kernel at the stream's position
    (None when the stream is SHARED: TF's kernel draws).  `shared()` says whether TF's
    seed generator gave this pair too; it is asked once per stream."""
    ctx = context.context()
    streams = of(ctx)
    key = (kernel, seed, seed2, device_key(ctx.device_name))
    position = streams.find(key, shared)
    if position == SHARED:
        return None
    drawn = make_stateless(shape, _key(seed, ctx), _counter(position, seed2, ctx),
                           constant_op.convert_to_eager_tensor(PHILOX, ctx, tf.int32))
    streams.move(key, drawn.shape.num_elements())
    return drawn


def _key(seed, ctx):
    return constant_op.convert_to_eager_tensor([seed], ctx, tf.uint64)


def _counter(position, seed2, ctx):
    return constant_op.convert_to_eager_tensor([position, seed2], ctx, tf.uint64)


def install():
    """Empty a context's streams whenever TF empties its kernel cache."""
    cls = context.Context
    if getattr(cls._set_global_seed, "__wrapped__", None) is not None:
        return
    for name in ("_set_global_seed", "clear_kernel_cache"):
        original = getattr(cls, name)

        def emptied(self, *args, _original=original, **kwargs):
            result = _original(self, *args, **kwargs)
            _of_context.pop(self, None)
            return result

        emptied.__name__ = name
        emptied.__wrapped__ = original
        setattr(cls, name, emptied)
