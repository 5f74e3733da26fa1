"""Random draws in a graph being built → eager's exact numbers at every call, or a refusal.

With a global seed (tf.random.set_seed, keras.utils.set_random_seed), eager gives each
stateful random op the op seeds (s, s2) that its context's seed generator yields at that
moment, and a fresh kernel with those seeds draws what the Philox stateless V2 kernel
draws with key [s] and counter [0, s2] (docs/DESIGN.md#eager-random-numbers-in-a-graph).
So a graph draws eager's
numbers when, at each call, janus asks the generator for the seeds in program order, as
eager would, and feeds them to stateless kernels:

- tf.random.normal, uniform (float and int), truncated_normal and everything built on
  them (tf.nn.dropout) become StatelessRandom*V2 ops whose key and counter are an input;
- the log-uniform and uniform candidate samplers (tf.nn.nce_loss, sampled_softmax_loss)
  become JanusSeededCandidateSampler, TF's sampler code with the seeds as an input
  (janus_ext/random_ops.cc); ComputeAccidentalHits draws nothing but takes its seeds;
- tf.random.categorical's Multinomial becomes StatelessMultinomial (the same kernel
  code) fed the V1 seed that makes it start where a fresh stateful kernel with (s, s2)
  starts (v1_seed: TF mixes a V1 seed through one Philox block, which is inverted);
- a seed the generator gave before since it was seeded continues an eager kernel's
  stream: eager's kernel for it moves on by what the graphs drew with that seed, and the
  call runs in the interpreter (SeedRepeated).  `SeedRecorder`, the generator janus
  puts in the eager context, knows every seed it gave, whoever asked for it, and what
  the graphs drew with theirs;
- an op given its own seed (`seed=1`: the same pair at every call, one stream that
  each call continues) draws from the stream's position, which janus keeps for eager
  and graphs alike (seed_streams.py);
- a seeded draw inside a tf.cond, while loop or tf.function, any other op that TF's op
  registry marks as a random kernel (stateful, with seed attributes: the learned unigram
  sampler, shuffles, gamma, Poisson, ...) and any other read of the generator are refused.

Without a global seed eager's numbers cannot be reproduced and any correct draw is valid:
the graph keeps TF's stateful kernels, and is guarded on there being no global seed.
Building never moves the generator: its state is restored when the build ends.
"""

import functools
import os
import random
import threading
import typing

import numpy as np
import tensorflow as tf
from tensorflow.python.eager import context
from tensorflow.python.framework import config, constant_op, op_def_registry, ops, random_seed
from tensorflow.python.ops import (gen_candidate_sampling_ops, gen_random_ops,
                                   gen_stateless_random_ops, gen_stateless_random_ops_v2)

from .. import guards
from . import seed_streams

PHILOX = 1                     # the `alg` of the stateless V2 kernels
MAX_SEED = 2**31 - 1           # TF's _MAXINT32: op seeds are randint(0, MAX_SEED)
MAX_REPLAY = 100_000           # seeds replayed to find the generator's place, then lost


class SeedRepeated(Exception):
    """The seed generator gave a seed it gave before: eager continues a cached kernel's
    stream there.  Raised before the graph runs; the interpreter runs this call."""


_building = threading.local()          # .draws: the Draws of the graph being built


# -- build time ----------------------------------------------------------------------

class Draws:
    """The random draws of one graph being built, and how a call gets their seeds."""

    def __init__(self, graph, refuse):
        self.graph = graph
        self.refuse = refuse              # Exception class raised for a refusal
        self.global_seed = context.global_seed()
        self.kernels: list = []           # per exact draw: the eager kernel it stands for
        self.sizes: list = []             # per exact draw: its size, an int or a tensor
        self.unconsumed_reads = 0         # generator reads no exact draw took
        self.seeds_input = None
        self._taken = None                # (recorder, raw seeds, rows) of this call
        # Draws with the op's own seed (seed_streams.py): the pairs get_seed gave that
        # no op took yet, the streams drawn from, per draw (stream index, size), and
        # how far this call moved each stream so far (a counter, int or tensor).
        self.fixed_reads: list = []
        self.fixed_keys: list = []
        self.fixed_draws: list = []
        self.fixed_offsets: dict = {}
        self.positions_input = None

    @property
    def seeded(self):
        return self.global_seed is not None

    @property
    def count(self):
        return len(self.kernels) + len(self.fixed_draws)

    def read_seed(self, op_seed):
        """The builder's answer to random_seed.get_seed(op_seed)."""
        if op_seed is not None:
            if ops.get_default_graph() is not self.graph:
                raise self.refuse(f"a random op with its own seed ({op_seed}) inside a "
                                  "tf.cond, a while loop or a tf.function: eager draws "
                                  "only on the paths it takes")
            pair = seed_streams.fixed_pair(self.global_seed, op_seed)
            self.fixed_reads.append(pair)
            return pair
        if not self.seeded:
            if config.is_op_determinism_enabled():
                raise self.refuse("an unseeded random op with op determinism enabled "
                                  "(eager raises)")
            return None, None             # TF's kernels draw fresh numbers, as eagerly
        if ops.get_default_graph() is not self.graph:
            raise self.refuse("a seeded random draw inside a tf.cond, a while loop or a "
                              "tf.function: eager draws only on the paths it takes")
        self.unconsumed_reads += 1
        return None, None

    def _takes_seeds(self):
        """Whether the op being made got its seeds from the generator, in the graph
        being built: it then takes the next row of the call-time seeds input."""
        if not self.seeded or self.unconsumed_reads == 0 or \
                ops.get_default_graph() is not self.graph:
            return False
        self.unconsumed_reads -= 1
        if self.seeds_input is None:
            self.seeds_input = self.graph.capture_call_time_value(
                self.call_time_seeds, tf.TensorSpec([None, 5], tf.int64))
        return True

    def exact(self, kernel, shape, make_stateless):
        """A stateless op fed at call time with the seeds eager would use, or None
        when the op did not get its seeds from the generator (then TF's op is made).
        `kernel` (a Kernel) is what eager would have run."""
        if not self._takes_seeds():
            return None
        row = tf.cast(self.seeds_input[len(self.kernels)], tf.uint64)
        shape = tf.convert_to_tensor(shape)
        drawn = make_stateless(shape, row[:1], row[1:3], tf.constant(PHILOX, tf.int32))
        self.kernels.append(kernel._replace(shape_dtype=shape.dtype))
        size = drawn.shape.num_elements()
        self.sizes.append(size if size is not None else tf.size(drawn, out_type=tf.int64))
        return drawn

    def exact_seeded(self, kernel, make_seeded, size):
        """An op fed at call time with a seed pair, or None (as exact()): eager's op
        seeds [s, s2] (a candidate sampler), or for a stateless V1 kernel
        (kernel.v1) the seed it mixes into where a fresh stateful kernel with (s, s2)
        starts.  `kernel` is what eager would have run; `size` (an int or a tensor)
        what its advance() takes to move on as this draw did."""
        if not self._takes_seeds():
            return None
        row = self.seeds_input[len(self.kernels)]
        drawn = make_seeded(row[3:5] if kernel.v1 else tf.stack([row[0], row[2]]))
        self.kernels.append(kernel)
        self.sizes.append(size)
        return drawn

    def fixed(self, kernel, seed, seed2, shape, make_stateless):
        """A stateless op that draws from the stream of the op's own seed pair, where
        the call finds it (fed at call time) and after this call's earlier draws from
        it; None when get_seed did not give this pair to the op being made."""
        if (seed, seed2) not in self.fixed_reads:
            return None
        self.fixed_reads.remove((seed, seed2))
        shape = tf.convert_to_tensor(shape)
        # The device eager would cache the kernel for: the scope the op is made in.
        device = seed_streams.device_key(tf.constant(0).op.device)
        key = (kernel._replace(shape_dtype=shape.dtype), seed, seed2, device)
        if key not in self.fixed_keys:
            self.fixed_keys.append(key)
        if self.positions_input is None:
            self.positions_input = self.graph.capture_call_time_value(
                self.call_time_positions, tf.TensorSpec([None], tf.int64))
        index = self.fixed_keys.index(key)
        offset = self.fixed_offsets.get(key, 0)
        start = tf.cast(self.positions_input[index] + offset, tf.uint64)
        counter = tf.stack([start, tf.constant(seed2, tf.uint64)])
        drawn = make_stateless(shape, tf.constant([seed], tf.uint64), counter,
                               tf.constant(PHILOX, tf.int32))
        size = drawn.shape.num_elements()
        if size is None:
            size = tf.size(drawn, out_type=tf.int64)
        self.fixed_offsets[key] = offset + seed_streams.COUNTERS_PER_NUMBER * size
        self.fixed_draws.append((index, size))
        return drawn

    def seed_only(self):
        """An op that takes op seeds and draws nothing (ComputeAccidentalHits): eager
        still moves the generator for it, so its call takes a row, unused."""
        if self._takes_seeds():
            self.kernels.append(_DRAWS_NOTHING)
            self.sizes.append(0)

    def size_outputs(self):
        """The sizes only known at run time: the graph returns them (done() takes them)."""
        return [size for size in self.sizes + [size for _, size in self.fixed_draws]
                if not isinstance(size, int)]

    # -- call time -------------------------------------------------------------------

    def call_time_seeds(self):
        """[[s, 0, s2, v1, v1'], ...]: one row per draw, in program order, from eager's
        own get_seed (the generator moves as eager moves it), with the stateless V1 seed
        of (s, s2) for kernels that take one.  undo() gives the seeds back."""
        recorder = SeedRecorder.of(context.context(), self.global_seed)
        if recorder is None:
            raise SeedRepeated("TF's seed generator moved in a way janus cannot follow")
        rows, taken = [], []
        try:
            for kernel in self.kernels:
                seed, seed2 = _original_get_seed(None)
                taken.append(recorder.last)
                if recorder.last_repeated or seed_streams.has_streams(seed, seed2):
                    # Eager continues its kernel for this seed: give it what the graphs
                    # drew with it, and let the interpreter draw.
                    recorder.give_back(taken)
                    taken = []
                    recorder.hand_to_eager(seed, seed2)
                    raise SeedRepeated(f"op seed {seed2} was drawn before since the seed "
                                       "was set")
                rows.append((seed, 0, seed2) +
                            (v1_seed(seed, seed2) if kernel.v1 else (0, 0)))
        except BaseException:
            recorder.give_back(taken)       # the interpreter's re-run takes them again
            raise
        self._taken = (recorder, taken, rows)
        # int64 from a list: TF converts a uint64 array several times slower (measured);
        # the graph casts.
        return constant_op.convert_to_eager_tensor(rows, context.context(), tf.int64)

    def call_time_positions(self):
        """[position, ...]: where each fixed-seed stream this graph draws from stands."""
        streams = seed_streams.of()
        positions = []
        for key in self.fixed_keys:
            _, seed, seed2, _ = key
            position = streams.find(key, lambda: _generator_gave(seed, seed2))
            if position == seed_streams.SHARED:
                raise SeedRepeated(f"TF's seed generator also gave op seed {key[2]}: "
                                   "eager draws it from one kernel")
            positions.append(position)
        return constant_op.convert_to_eager_tensor(positions, context.context(), tf.int64)

    def undo(self):
        """The call did not happen: the generator gives its seeds again."""
        if self._taken is not None:
            recorder, taken, _ = self._taken
            recorder.give_back(taken)
        self._taken = None

    def done(self, run_time_sizes):
        """The graph drew: remember what, in case eager meets one of its seeds again,
        and move the fixed-seed streams on."""
        run_time_sizes = iter(run_time_sizes)
        if self._taken is not None:
            recorder, _, rows = self._taken
            for (seed, _, seed2, *_), kernel, size in zip(rows, self.kernels, self.sizes):
                recorder.drawn_by_graph(
                    seed, seed2, kernel, size if isinstance(size, int) else next(run_time_sizes))
            self._taken = None
        elif self.sizes:
            for size in self.sizes:        # a call with no implicit seeds taken: skipped
                if not isinstance(size, int):
                    next(run_time_sizes)
        if self.fixed_draws:
            streams = seed_streams.of()
            for index, size in self.fixed_draws:
                streams.move(self.fixed_keys[index],
                             size if isinstance(size, int) else int(next(run_time_sizes)))


# Philox-4x32-10 (TF's random::PhiloxRandom): multipliers, key increments.
_PHILOX_M = (0xD2511F53, 0xCD9E8D57)
_PHILOX_M_INVERSE = tuple(pow(m, -1, 2**32) for m in _PHILOX_M)
_PHILOX_W = (0x9E3779B9, 0xBB67AE85)
_V1_KEY = (0x3EC8F720, 0x02461E29)        # the fixed key of GenerateKey's mixing block
_U32 = 0xFFFFFFFF


def _round_keys(key):
    keys = []
    for _ in range(10):
        keys.append(key)
        key = ((key[0] + _PHILOX_W[0]) & _U32, (key[1] + _PHILOX_W[1]) & _U32)
    return keys


_V1_ROUND_KEYS = _round_keys(_V1_KEY)[::-1]


def v1_seed(seed, seed2):
    """The int64 seed pair a stateless V1 kernel (StatelessMultinomial, ...) takes to
    start where a fresh stateful kernel with op seeds (seed, seed2) starts.  A V1
    kernel mixes its seed (GenerateKey: one Philox block under a fixed key gives its
    key and counter); the stateful one starts at key (seed), counter (0, 0, seed2).
    Philox rounds are invertible (odd multipliers mod 2**32), so the block is run
    backwards from that key and counter."""
    block = [seed & _U32, seed >> 32 & _U32, seed2 & _U32, seed2 >> 32 & _U32]
    for k0, k1 in _V1_ROUND_KEYS:
        c0 = block[3] * _PHILOX_M_INVERSE[0] & _U32
        c2 = block[1] * _PHILOX_M_INVERSE[1] & _U32
        block = [c0, (block[0] ^ (_PHILOX_M[1] * c2 >> 32) ^ k0) & _U32,
                 c2, (block[2] ^ (_PHILOX_M[0] * c0 >> 32) ^ k1) & _U32]
    return (_signed64(block[0] | block[1] << 32), _signed64(block[2] | block[3] << 32))


def _signed64(value):
    return value - 2**64 if value >= 2**63 else value


class Kernel(typing.NamedTuple):
    """An eager random kernel as TF caches it (by its attributes), with a draw of its."""
    make: object                  # the gen_random_ops function (TF's own)
    dtype: object                 # of what it draws
    shape_dtype: object = None
    v1 = False                    # fed (s, s2) as key and counter (StatelessRandom*V2)

    def advance(self, seed, seed2, size):
        """Draw `size` numbers eagerly: the cached kernel moves on as if it drew them."""
        shape = tf.constant([int(size)], self.shape_dtype)
        if self.make is _uniform_int_kernel:
            self.make(shape, tf.constant(0, self.dtype), tf.constant(2, self.dtype),
                      seed=seed, seed2=seed2)
        else:
            self.make(shape, self.dtype, seed=seed, seed2=seed2)


class SamplerKernel(typing.NamedTuple):
    """An eager candidate-sampler kernel as TF caches it (by its attributes).  Each
    call reserves 2048 * num_sampled numbers of its stream, whatever it samples."""
    make: object                  # the gen_candidate_sampling_ops function (TF's own)
    num_true: int
    num_sampled: int
    unique: bool
    range_max: int
    v1 = False                    # fed (s, s2) themselves

    def advance(self, seed, seed2, calls):
        """Run the cached kernel `calls` times: it moves on as if the graphs' calls
        had been its own."""
        classes = tf.zeros([1, self.num_true], tf.int64)
        for _ in range(int(calls)):
            self.make(classes, self.num_true, self.num_sampled, self.unique,
                      self.range_max, seed=seed, seed2=seed2)


class MultinomialKernel(typing.NamedTuple):
    """An eager Multinomial kernel (tf.random.categorical) as TF caches it.  A call
    with a batch of b rows and n samples reserves b * ceil4(n) units of its stream
    (2 * 256 numbers each on CPU, 256 on GPU), none when it draws nothing: `size`
    counts those units."""
    make: object                  # gen_random_ops.multinomial (TF's own)
    dtype: object                 # of the logits
    output_dtype: object
    v1 = True                     # StatelessMultinomial: the same kernel, a V1 seed

    def advance(self, seed, seed2, size):
        """One call of b = size / 4 rows and 4 samples reserves `size` units."""
        size = int(size)
        if size:
            self.make(tf.zeros([size // 4, 1], self.dtype), 4, seed=seed, seed2=seed2,
                      output_dtype=self.output_dtype)


class _DrawsNothing(typing.NamedTuple):
    v1 = False

    def advance(self, seed, seed2, calls):
        pass


_DRAWS_NOTHING = _DrawsNothing()
_lost = [None]                 # the generator SeedRecorder.of could not replay


class SeedRecorder(random.Random):
    """TF's seed generator as janus leaves it in the eager context: the same stream of
    op seeds (it goes on from the generator's state), remembering every seed it gave
    since the global seed was set, whoever asked, and what janus's graphs drew with
    theirs.  Seeds of a call that did not happen are given again, in order."""

    def __init__(self, state, given_raw, global_seed):
        super().__init__()
        self.setstate(state)
        self.zero_seed = random_seed._truncate_seed(global_seed) == 0
        # op seeds given (s2, as kernels get them)
        self.given = {self.seed2_of(raw) for raw in given_raw}
        self.returned: list = []          # raw seeds to give again, the next one last
        self.graph_draws: dict = {}       # s2 -> [(s, kernel, size)]
        self.last = self.last_repeated = None

    @classmethod
    def of(cls, ctx, global_seed):
        """The context's recorder, installed on the first call after a seed was set
        (tf.random.set_seed makes a new generator and empties eager's kernel cache);
        None if the generator's history cannot be replayed."""
        rng = ctx._rng
        if type(rng) is cls:
            return rng
        if rng is _lost[0]:
            return None
        try:
            replay = random.Random(global_seed)
        except TypeError:             # as context._set_global_seed makes it
            replay = random.Random(int(np.array(global_seed)))
        target, given = rng.getstate(), []
        for _ in range(MAX_REPLAY):
            if replay.getstate() == target:
                recorder = ctx._rng = cls(target, given, global_seed)
                return recorder
            given.append(replay.randint(0, MAX_SEED))
        _lost[0] = rng                # reseeded by hand: seeded draws stay interpreted
        return None

    def seed2_of(self, raw):
        """The op seed a kernel gets for a raw seed (random_seed.get_seed)."""
        seed2 = random_seed._truncate_seed(raw)
        return MAX_SEED if self.zero_seed and seed2 == 0 else seed2

    def randint(self, a, b):
        raw = self.returned.pop() if self.returned else super().randint(a, b)
        seed2 = self.seed2_of(raw)
        self.last, self.last_repeated = raw, seed2 in self.given
        self.given.add(seed2)
        return raw

    def give_back(self, taken):
        """`taken` (raw seeds in the order given) are given again; those that were new
        are forgotten."""
        for i, raw in enumerate(reversed(taken)):
            repeated = self.last_repeated if i == 0 else False
            if not repeated:
                self.given.discard(self.seed2_of(raw))
            self.returned.append(raw)

    def drawn_by_graph(self, seed, seed2, kernel, size):
        self.graph_draws.setdefault(seed2, []).append((seed, kernel, size))

    def hand_to_eager(self, seed, seed2):
        """Eager's kernels for `seed2` move on by what the graphs drew with it (a
        stream's position is 256 counters per number drawn, whatever the order)."""
        totals: dict = {}
        for drawn_seed, kernel, size in self.graph_draws.pop(seed2, ()):
            if drawn_seed == seed:
                totals[kernel] = totals.get(kernel, 0) + int(size)
        for kernel, size in totals.items():
            kernel.advance(seed, seed2, size)


class drawing:
    """`with drawing(graph, refuse) as draws:` around a build: random ops made in
    `graph` while it is open go through `draws`; the generator is left untouched."""

    def __init__(self, graph, refuse):
        self.draws = Draws(graph, refuse)

    def __enter__(self):
        install()
        self.previous = getattr(_building, "draws", None)
        _building.draws = self.draws
        self.rng = getattr(context.context(), "_rng", None)
        self.state = None if self.rng is None else self.rng.getstate()
        self.graph_seed = self.draws.graph.seed
        return self.draws

    def __exit__(self, kind, *exc):
        _building.draws = self.previous
        ctx = context.context()
        if self.rng is not None:
            self.rng.setstate(self.state)
        if ctx._seed is not self.draws.global_seed or \
                getattr(ctx, "_rng", None) is not self.rng:
            # tf.random.set_seed ran while building: undone; the program sees it when
            # the interpreter runs the step.
            ctx._seed = self.draws.global_seed
            if self.rng is None:
                ctx.__dict__.pop("_rng", None)
            else:
                ctx._rng = self.rng
            if kind is None:
                raise self.draws.refuse("sets TF's global seed inside the step")
        if self.draws.graph.seed != self.graph_seed:
            # tf.random.set_seed while tracing sets the graph's seed; eager's would
            # restart the generator at every call.
            self.draws.graph.seed = self.graph_seed
            if kind is None:
                raise self.draws.refuse("sets TF's global seed inside the step")
        return False


def check(graph, draws, guard_set):
    """Refuse a graph that draws numbers other than eager's; guard the seed it needs.
    Its ops are searched with every function it calls (cond arms, loop bodies,
    tf.functions)."""
    random_nodes = [node for node in _all_nodes(graph) if is_random_kernel(node)]
    if draws.seeded:
        if random_nodes:
            node = random_nodes[0]
            raise draws.refuse(f"stateful random op {_type_of(node)} ({node.name}): with a "
                               "global seed janus draws eager's numbers only for "
                               "tf.random.normal/uniform/truncated_normal, "
                               "tf.random.categorical and the log-uniform and uniform "
                               "candidate samplers")
        if draws.unconsumed_reads:
            raise draws.refuse("reads TF's seed generator for something other than "
                               "tf.random.normal/uniform/truncated_normal or a candidate sampler")
    else:
        fixed = [node for node in random_nodes
                 if _attrs_of(node)["seed"].i or _attrs_of(node)["seed2"].i]
        if fixed:
            raise draws.refuse(f"random op {_type_of(fixed[0])} ({fixed[0].name}) has fixed "
                               "seeds: eager continues its stream across calls")
    if draws.count or random_nodes:
        # Seeded: the seeds are computed for this global seed; unseeded: TF's kernels
        # draw fresh numbers, which stops being right once a seed is set.
        guard_set.require_value(guards.attr(guards.const(context.context()), "_seed"),
                                draws.global_seed)


def is_random_kernel(node):
    """TF's op registry: a stateful op that takes seed and seed2 attributes draws from
    its own random stream (seeded from the seed generator when eager has a seed).
    `node` is a NodeDef or an Operation."""
    kind = _kernel_kind(_type_of(node))
    if kind == "dropout":                 # CudnnRNN*: it draws only for dropout
        return _attrs_of(node)["dropout"].f != 0.0
    return kind == "random"


def _type_of(node):
    return node.type if isinstance(node, ops.Operation) else node.op


def _attrs_of(node):
    return node.node_def.attr if isinstance(node, ops.Operation) else node.attr


@functools.cache
def _kernel_kind(op_type):
    op_def = op_def_registry.get(op_type)
    if op_def is None or not op_def.is_stateful:
        return None
    names = {attr.name for attr in op_def.attr}
    if not {"seed", "seed2"} <= names:
        return None
    return "dropout" if "dropout" in names else "random"


def _all_nodes(graph):
    """Operations of `graph`, then NodeDefs of the functions it calls (a graph holds
    those its functions call in turn)."""
    yield from graph.get_operations()
    for function in graph._functions.values():
        yield from function.cached_definition.node_def


# -- the hooks in TF ---------------------------------------------------------------

_original_get_seed = random_seed.get_seed
_installed = False


def _get_seed(op_seed):
    draws = getattr(_building, "draws", None)
    if draws is None or context.executing_eagerly():
        seeds = _original_get_seed(op_seed)
        # The pair of the op eager is about to make came from the generator: a fresh
        # kernel, not a fixed-seed stream (the wrappers below tell them apart by this).
        _building.generator_pair = seeds if op_seed is None else None
        return seeds
    return draws.read_seed(op_seed)


def _generator_gave(seed, seed2):
    """Whether TF's seed generator gave (seed, seed2) since the global seed was set (or
    whether janus cannot tell): eager then draws that pair from one kernel."""
    global_seed = context.global_seed()
    if global_seed is None or seed != random_seed._truncate_seed(global_seed):
        return False
    recorder = SeedRecorder.of(context.context(), global_seed)
    if recorder is None:
        return True
    if seed2 in recorder.graph_draws:
        recorder.hand_to_eager(seed, seed2)   # eager's kernel then goes on from there
    return seed2 in recorder.given


def _fixed_seeds(seed, seed2):
    """Whether an op made with these seeds draws from a fixed-seed stream: it did not
    get them from the generator just now, or a stream with that pair exists."""
    if not (seed or seed2):
        return False
    pair = getattr(_building, "generator_pair", None)
    if pair is not None and pair == (seed, seed2):
        _building.generator_pair = None
        return seed_streams.has_streams(seed, seed2)
    return True


_original_set_random_seed = random_seed.set_random_seed


def _set_random_seed(seed):
    draws = getattr(_building, "draws", None)
    if draws is None or context.executing_eagerly():
        return _original_set_random_seed(seed)
    # While tracing it would set the graph's seed; eagerly it restarts the generator
    # at every call, which a graph built once cannot do.
    raise draws.refuse("sets TF's global seed inside the step")


def _implicit_seeds(seed, seed2):
    """The Draws of the graph being built, when an op made now took its seeds from the
    generator (as get_seed gave them: none); else None (eagerly, or an explicit seed)."""
    draws = getattr(_building, "draws", None)
    if draws is None or seed or seed2 or context.executing_eagerly():
        return None
    return draws


def _exact_or(original, stateless):
    """A wrapper of gen_random_ops.<original> that makes `stateless` instead while a
    graph is built with implicit seeds."""

    def make(shape, *args, seed=0, seed2=0, name=None):
        draws = _implicit_seeds(seed, seed2)
        if draws is None and not _fixed_seeds(seed, seed2):
            return original(shape, *args, seed=seed, seed2=seed2, name=name)
        dtype = args[0] if original is not _uniform_int_kernel else \
            tf.convert_to_tensor(args[0]).dtype
        kernel = Kernel(original, tf.as_dtype(dtype))

        def make_stateless(shape, key, counter, alg):
            return stateless(shape, key, counter, alg, *args, name=name)

        if draws is not None:
            made = draws.exact(kernel, shape, make_stateless)
        elif context.executing_eagerly():
            shape = tf.convert_to_tensor(shape)
            made = seed_streams.eager_draw(kernel._replace(shape_dtype=shape.dtype), seed,
                                           seed2, shape, make_stateless,
                                           lambda: _generator_gave(seed, seed2))
        else:
            draws = getattr(_building, "draws", None)
            made = None if draws is None else \
                draws.fixed(kernel, seed, seed2, shape, make_stateless)
        if made is not None:
            return made
        return original(shape, *args, seed=seed, seed2=seed2, name=name)

    make.__name__ = original.__name__
    make.__wrapped__ = original
    return make


def _uniform_int_v2(shape, key, counter, alg, minval, maxval, name=None):
    return gen_stateless_random_ops_v2.stateless_random_uniform_int_v2(
        shape, key, counter, alg, minval, maxval, name=name)


def _seeded_sampler_or(original, kind, output):
    """A wrapper of gen_candidate_sampling_ops.<original> that makes janus's
    JanusSeededCandidateSampler, fed eager's op seeds, while a graph is built with
    implicit seeds (janus_ext/random_ops.cc runs TF's own sampler code)."""

    def make(true_classes, num_true, num_sampled, unique, range_max, seed=0, seed2=0,
             name=None):
        draws = _implicit_seeds(seed, seed2)
        if draws is not None:
            kernel = SamplerKernel(original, num_true, num_sampled, unique, range_max)
            made = draws.exact_seeded(kernel, lambda seeds: _seeded_ops().
                                       janus_seeded_candidate_sampler(
                                           true_classes, seeds, sampler=kind,
                                           num_true=num_true, num_sampled=num_sampled,
                                           unique=unique, range_max=range_max, name=name),
                                      1)
            if made is not None:
                return output._make(made)
        return original(true_classes, num_true, num_sampled, unique, range_max, seed=seed,
                        seed2=seed2, name=name)

    make.__name__ = original.__name__
    make.__wrapped__ = original
    return make


def _multinomial_or(original):
    """A wrapper of gen_random_ops.multinomial (tf.random.categorical) that makes
    StatelessMultinomial fed the V1 seed of eager's op seeds while a graph is built
    with implicit seeds: both run TF's one Multinomial kernel code."""

    def make(logits, num_samples, seed=0, seed2=0, output_dtype=tf.int64, name=None):
        draws = _implicit_seeds(seed, seed2)
        if draws is not None:
            logits = tf.convert_to_tensor(logits)
            output_dtype = tf.as_dtype(output_dtype)
            made = draws.exact_seeded(
                MultinomialKernel(original, logits.dtype, output_dtype),
                lambda v1: gen_stateless_random_ops.stateless_multinomial(
                    logits, num_samples, v1, output_dtype=output_dtype, name=name),
                _multinomial_units(logits, num_samples))
            if made is not None:
                return made
        return original(logits, num_samples, seed=seed, seed2=seed2,
                        output_dtype=output_dtype, name=name)

    make.__name__ = original.__name__
    make.__wrapped__ = original
    return make


def _multinomial_units(logits, num_samples):
    """batch * ceil4(num_samples), or 0 when the draw is empty (MultinomialKernel)."""
    batch = logits.shape[0]
    if batch is not None and isinstance(num_samples, int):
        return batch * ((num_samples + 3) // 4 * 4) if batch * num_samples else 0
    batch = tf.shape(logits, out_type=tf.int64)[0]
    samples = tf.cast(num_samples, tf.int64)
    units = batch * ((samples + 3) // 4 * 4)
    return tf.where(batch * samples > 0, units, tf.zeros_like(units))


def _accidental_hits(original):
    """gen_candidate_sampling_ops.compute_accidental_hits, which reads op seeds it does
    not use: while a graph is built, its call takes its seeds as eager does."""

    def make(true_classes, sampled_candidates, num_true, seed=0, seed2=0, name=None):
        draws = _implicit_seeds(seed, seed2)
        if draws is not None:
            draws.seed_only()
        return original(true_classes, sampled_candidates, num_true, seed=seed, seed2=seed2,
                        name=name)

    make.__name__ = original.__name__
    make.__wrapped__ = original
    return make


@functools.cache
def _seeded_ops():
    library = tf.load_op_library(os.path.join(os.path.dirname(__file__),
                                              "_janus_random_ops.so"))
    ops.NotDifferentiable("JanusSeededCandidateSampler")    # as TF's samplers
    return library


# gen_candidate_sampling_ops function -> (the sampler attribute, the namedtuple class its
# result has eagerly: the program gets that class, not the op library's own)
_SAMPLERS = {
    "log_uniform_candidate_sampler": (
        "log_uniform", gen_candidate_sampling_ops._LogUniformCandidateSamplerOutput),
    "uniform_candidate_sampler": (
        "uniform", gen_candidate_sampling_ops._UniformCandidateSamplerOutput),
}
_uniform_int_kernel = gen_random_ops.random_uniform_int
_EXACT = {
    "random_standard_normal": gen_stateless_random_ops_v2.stateless_random_normal_v2,
    "random_uniform": gen_stateless_random_ops_v2.stateless_random_uniform_v2,
    "truncated_normal": gen_stateless_random_ops_v2.stateless_truncated_normal_v2,
    "random_uniform_int": _uniform_int_v2,
}


def install():
    """Route TF's seed reads and sets, its four Philox kernels and its two stateless
    candidate samplers through the graph being built (one attribute each; outside a
    janus build they call TF's own, but for draws with the op's own seed).  Installed
    when TensorFlow is imported, before the program's first draw: a fixed-seed
    stream's position counts every draw since the kernel cache was last emptied."""
    global _installed
    if _installed:
        return
    seed_streams.install()
    random_seed.get_seed = _get_seed
    random_seed.set_random_seed = _set_random_seed      # what tf.random.set_seed calls
    for name, stateless in _EXACT.items():
        setattr(gen_random_ops, name, _exact_or(getattr(gen_random_ops, name), stateless))
    for name, (kind, output) in _SAMPLERS.items():
        setattr(gen_candidate_sampling_ops, name,
                _seeded_sampler_or(getattr(gen_candidate_sampling_ops, name), kind, output))
    gen_random_ops.multinomial = _multinomial_or(gen_random_ops.multinomial)
    gen_candidate_sampling_ops.compute_accidental_hits = _accidental_hits(
        gen_candidate_sampling_ops.compute_accidental_hits)
    _installed = True
