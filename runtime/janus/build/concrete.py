"""One call's arguments and the plan → a Built record: the concrete function a build
traced, and everything that calling it later needs.

The builder (builder.py) runs the call symbolically inside a tf.function's graph: the
graph holds the call's TF ops, its in-graph assumptions and checks, and the outputs the
program gets back (outputs.py).  Then its updates are gated behind every op that can
fail (graph/atomic.py), so that a failed call changes nothing.  What the builder learned
on the way (the guards, the inputs, the deferred writes, the random draws) is gathered
into the record here; nothing else of the builder outlives the build.
"""


import contextlib
import gc

import tensorflow as tf
from tensorflow.python.framework import auto_control_deps
from tensorflow.python.ops import script_ops

from .. import config, errors, guards
from ..errors import NotYet, Unsupported
from ..frontend import profiler
from ..graph import atomic, eager_config, kept_calls, tape_records, xla
from ..semantics import arrays, random_ops
from ..state import kept_tensors, library_state
from . import builder, graph_sniffing, outputs, program_functions, purity, raising


class Built:
    """What one build produced: the concrete function, and how a call runs it."""
    __slots__ = ("function", "guards", "inputs", "template", "assumptions",
                 "raising_assumptions", "effects", "call_args", "heap_reads", "uses_arena",
                 "keep_alive", "gating", "draws", "python_draws", "iterator_pulls", "library_objects",
                 "library_arguments",
                 "changed_before_library", "names_of", "summary", "inlined",
                 "recursive_codes", "tape_records", "loggers", "xla_checks", "settings",
                 "stream_checks")

    def __init__(self, **fields):
        for name in self.__slots__:
            setattr(self, name, fields.pop(name))
        assert not fields, fields


def build(code, globals_dict, arg_names, args, plan):
    """Trace one call of `code` with `args` into a graph under `plan` (_build).

    A build that fails leaves its frames -- the builder's and TF's tracing, whose locals
    hold the program's values -- in its exception's traceback, and an exception a frame
    of its own traceback names is a reference cycle: only the cyclic collector would
    free them, later than eager frees the program's objects
    (docs/soundness.md#object-lifetime).  Their locals are cleared here."""
    try:
        return _build(code, globals_dict, arg_names, args, plan)
    except BaseException as exc:
        errors.clear_frames(exc)
        raise


def _build(code, globals_dict, arg_names, args, plan):
    """Trace one call of `code` with `args` into a graph under `plan`.  Raises
    errors.Unsupported (and its kinds) when the call cannot become a graph, and
    errors.Retry when the builder must start again."""
    call_args = outputs.CallArgs()
    run = builder.Builder(code, globals_dict, arg_names, args, plan, profiler.profile(code),
                          call_args, len(code.co_freevars))
    run.plan_inputs()
    # Read here, outside the graph being built, where the program's scopes are.
    library_state.note_setting(run.record.settings, library_state.CALL_CONTEXT)
    scope, strategies, callbacks, _, keras_scopes = \
        run.record.settings[library_state.CALL_CONTEXT]
    if strategies and tf.distribute.has_strategy():
        # Its variables are per-replica, updated through the strategy's own calls;
        # janus distributes with MPI instead (docs/distributed.md).
        raise Unsupported(f"the call is made inside `strategy.scope()` of a tf.distribute "
                          f"{type(tf.distribute.get_strategy()).__name__}: janus builds "
                          "no graph under a tf.distribute strategy", code)
    if callbacks:
        raise Unsupported("TF op callbacks are installed (add_op_callback, tfdbg): eager "
                          "calls them for each op it runs, a graph for each op it makes",
                          code)
    if any(keras_scopes):
        # Variable updates recorded in the scope, symbolic tensors: Keras' own ways of
        # running a call, which a graph's commit does not follow.
        raise Unsupported("the call is made inside a Keras StatelessScope, SymbolicScope "
                          "or AutocastScope: janus builds no graph there", code)
    traced, made_variables = {}, []
    turnstile = atomic.Turnstile() if _gating_on() else None
    use_xla = _xla_on() and plan.xla_declined is None and not plan.tape_records

    def graph_function(*flat_inputs):
        graph = run.target.root_graph = tf.compat.v1.get_default_graph()
        # The control dependencies tf.function would add (it is told not to: it would
        # add again the edges that gating removes), then the gating.
        with auto_control_deps.AutomaticControlDependencies() as deps, \
                random_ops.drawing(graph, Unsupported) as draws, \
                tf.variable_creator_scope(purity.variables_noted(made_variables)):
            names_taken = []
            with purity.keras_names_noted(graph, names_taken), \
                    kept_tensors.kept_tensors(run.record.library_objects, graph) as kept:
                # The caller's name scope ("finetune/"), as an absolute one.
                with graph.name_scope(scope) if scope else contextlib.nullcontext(), \
                        arrays.checked_casts(run.check), program_functions.graph_built(graph):
                    result = run.run(run.substitute(flat_inputs))
                run.heap.guard_instance_dicts()
            run.heap.effects.extend(kept.replays + names_taken)
            escaped = raising.escaping(run, result, run.heap.effects)
            if escaped is not None:
                raise Unsupported(escaped, code)
            tensors = []
            traced["template"] = outputs.flatten(
                (result, [e.values for e in run.heap.effects], draws.size_outputs()),
                run, tensors, {})
            returned = [deps.mark_as_return(t) for t in tensors]
        random_ops.check(graph, draws, run.guards)
        _refuse_program_callbacks(graph, code)
        # The program's shape checks run as eager runs them (gated as checks below), and
        # so does what can fail but nothing uses.
        deps.ops_which_must_run.update(atomic.keep_shape_checks(graph))
        deps.ops_which_must_run.update(atomic.unused_but_failing(graph))
        traced["draws"] = draws if draws.count else None
        if eager_config.eager_numerics():
            # The program's tf.functions compute as eager's calls of them do.
            kept_calls.keep(graph)
        if not use_xla:
            # (Under XLA no op raises: every check is an output, read in order.)
            atomic.assumptions_first(graph, [op for op, _ in run.record.assumptions])
        try:
            # Number checks (numbers.py) are Assert ops: gated as checks like janus's
            # assumptions.
            traced["gating"] = atomic.gate(graph, turnstile) if turnstile else \
                atomic.Gating(0, 0, [], ())
        except atomic.Unrestorable as exc:
            raise Unsupported(str(exc), code) from exc
        graph.control_outputs.extend(deps.ops_which_must_run)
        if use_xla:
            # Raises xla.Declined: the executor builds again without XLA.
            returned, traced["xla_checks"] = xla.prepare(graph, returned)
        if not plan.tape_records:
            return returned
        try:
            records = traced["tape_records"] = tape_records.plan(graph, returned,
                                                                len(flat_inputs))
        except tape_records.NotRecordable as exc:
            raise Unsupported(f"under a GradientTape: {exc}", code) from exc
        return returned + records.extra_outputs

    graph_sniffing.hook()
    try:
        with purity.watching(run) as watch, library_state.summary_reads() as summary, \
                program_functions.no_new_traces(), library_state.building():
            try:
                function = tf.function(graph_function, autograph=False,
                                       jit_compile=use_xla or None,
                                       experimental_attributes={"_disable_acd": True}
                                       ).get_concrete_function(*run.inputs.specs)
            except Exception:
                if watch.verdict() is None:
                    raise
    finally:
        names_of = run.provenance.release()
        run.release()
    verdict = watch.verdict()
    if verdict is not None:
        raise verdict
    _refuse_kept_numbers(run.record.handed_numbers, code)
    if made_variables:
        raise NotYet(purity.made_variables_reason(made_variables))
    frozen = run.guards.freeze()
    _forget_watched_variables(frozen)
    for effect in run.heap.effects:
        # The build's values of each write, which its template (traced["template"])
        # stands for now: kept, they would keep the objects the step stores alive for
        # as long as the graph is cached.
        effect.values = None
    return Built(
        function=function, guards=frozen, inputs=run.inputs,
        template=traced["template"], assumptions=[key for _, key in run.record.assumptions],
        raising_assumptions=frozenset(run.record.raising_assumptions),
        effects=tuple(run.heap.effects), call_args=call_args,
        heap_reads=run.heap.call_time_reads, uses_arena=run.recursion.root_call_id is not None,
        keep_alive=run.provenance.pinned, gating=traced["gating"], draws=traced["draws"],
        python_draws=run.record.python_draws if run.record.python_draws else None,
        iterator_pulls=run.record.iterator_pulls if run.record.iterator_pulls else None,
        library_objects=tuple(run.record.library_objects.values()),
        library_arguments=tuple(run.record.library_arguments.values()),
        changed_before_library={id(e.target): e.target for e in
                                run.heap.effects[:run.record.effects_before_library]
                                if e.kind == "method"},
        loggers=tuple(run.record.loggers.values()),
        names_of=names_of, summary=summary,
        inlined=tuple(run.inlining.inlined.values()), recursive_codes=tuple(run.recursion.codes),
        tape_records=traced.get("tape_records"), xla_checks=traced.get("xla_checks"),
        settings=run.record.settings, stream_checks=tuple(run.record.stream_checks))


_CALLBACK_OPS = frozenset({"PyFunc", "PyFuncStateless", "EagerPyFunc"})


def _refuse_program_callbacks(graph, code):
    """A tf.numpy_function / tf.py_function of the program's Python, in the step or in a
    tf.function it calls: the graph would run it while the graph runs, out of the
    step's order (before the step's deferred writes and updates land, after the Python
    draws janus takes before the call), and a call that then fails would run it twice.
    janus's own host functions (exact Python math) change nothing and are kept."""
    nodes = list(graph.get_operations())
    if not any(op.type in _CALLBACK_OPS for op in nodes) and not graph._functions:
        return
    graph_def = graph.as_graph_def()
    found = [node for node in graph_def.node if node.op in _CALLBACK_OPS]
    for function in graph_def.library.function:
        found += [node for node in function.node_def if node.op in _CALLBACK_OPS]
    for node in found:
        callback = script_ops._py_funcs.get(node.attr["token"].s.decode())
        callback = getattr(callback, "_func", callback)       # tf.py_function's EagerFunc
        module = getattr(callback, "__module__", None) or ""
        if not module.startswith("janus"):
            name = getattr(callback, "__qualname__", repr(callback))
            raise Unsupported(f"tf.numpy_function/py_function of {name}: its Python would "
                              "run while the graph runs, not where the step calls it "
                              "(before the step's earlier writes and updates land)", code)


def _refuse_kept_numbers(handed, code):
    """Library code that kept a carried number it was handed (`tf.summary.experimental.
    set_step(self.k)` stores it in TF's summary state) holds janus's stand-in for it,
    where eager's holds the number: the build is refused.  The build's own references
    are gone by now; a stand-in still alive is held elsewhere (a cycle, collected
    first, is not)."""
    if not any(ref() is not None for ref in handed):
        return
    gc.collect()
    if any(ref() is not None for ref in handed):
        raise Unsupported("library code kept a Python number the graph computes that the "
                          "step handed to it (eager's keeps the number itself)", code)


def _forget_watched_variables(frozen):
    """A GradientTape the build made is guarded from the object itself (attribute_reads:
    `tape.gradient` stays the method it was), so the graph keeps it; its record of the
    variables it watched would keep the program's variables alive with it
    (docs/soundness.md#object-lifetime).  The build is over: no one reads that record."""
    for guard in frozen:
        acc = guards.root(guard[1])
        tape = guards.named(acc[1]) if acc[0] == guards.A_CONST else None
        if isinstance(tape, tf.GradientTape):
            tape._watched_variables = ()


def _gating_on():
    cfg = config.active()
    return cfg is None or cfg.gating


def _xla_on():
    cfg = config.active()
    return cfg is not None and cfg.xla
