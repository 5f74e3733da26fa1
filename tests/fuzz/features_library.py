"""Fuzzer features: TF and Keras state and calls: tapes, shapes and dtypes, models and
optimizers changed mid-run, the program's tf.functions, random draws, interpreted steps
(features.py lists them all)."""

from parts import Parts


def second_tape(r, u):
    return Parts(("several_tapes", "raw_variables"),
                 setup=f"AUX_{u} = tf.Variable(np.ones(3), name='aux{u}')\n",
                 post=f"with tf.GradientTape() as tape_{u}:\n"
                      f"    aux_loss_{u} = tf.reduce_sum(AUX_{u} * tf.reduce_mean(x)) ** 2\n"
                      f"g_{u} = tape_{u}.gradient(aux_loss_{u}, [AUX_{u}])\n"
                      f"AUX_{u}.assign_sub(0.01 * g_{u}[0])\n")


def py_random(r, u):
    return Parts(("python_random",),
                 tape=f"loss = loss * (1.0 + 0.001 * {r.choice(['random.random()', 'np.random.rand()'])})\n")


def tf_random(r, u):
    # Seeded draws (the skeleton sets the seed): a graph must draw eager's numbers.
    draw = r.choice([
        "tf.random.normal((2,), dtype=tf.float64)",
        "tf.random.uniform(tf.shape(pred), dtype=pred.dtype)",
        "tf.random.truncated_normal(tf.shape(pred)[:1], dtype=pred.dtype)",
        "tf.cast(tf.random.uniform((3,), 0, 5, dtype=tf.int32), pred.dtype)",
        "tf.nn.dropout(tf.ones_like(pred), rate=0.5)",
    ])
    return Parts(("tf_random",),
                 tape=f"loss = loss + 0.001 * tf.cast(tf.reduce_sum({draw}), loss.dtype)\n")


def iterator_next(r, u):
    return Parts(("iterator",),
                 setup=f"IT_{u} = itertools.count({r.choice(['0', '5'])})\n",
                 state={f"tick_{u}": "0"},
                 post=f"{{st}}tick_{u} = next(IT_{u})\n")


def dataset_pull(r, u):
    # The step takes a batch of a tf.data iterator from a global (semantics/
    # iterator_pulls.py): partial batches, a map or a filter; the loop pulls from it
    # itself and replaces it with a new iterator mid-run.
    pipeline = r.choice(["", ".map(lambda v: v * 0.5)", ".filter(lambda v: v[0] > -0.8)"])
    pull = r.choice([f"next(DIT_{u})", f"DIT_{u}.get_next()"])
    return Parts(("dataset_pull", "mutate_global"),
                 setup=f"DS_{u} = tf.data.Dataset.from_tensor_slices(np.linspace(-1.0, 1.0, "
                       f"22).reshape(11, 2)){pipeline}.batch({r.choice(['3', '4'])}).repeat()\n"
                       f"DIT_{u} = iter(DS_{u})\n",
                 state={f"rows_{u}": "0"},
                 tape=f"batch_{u} = {pull}\n"
                      f"loss = loss + 0.01 * tf.cast(tf.reduce_mean(batch_{u}), loss.dtype)\n",
                 post=f"{{st}}rows_{u} += int(batch_{u}.shape[0])\n",
                 mutations=(f"next(DIT_{u})", f"DIT_{u} = iter(DS_{u})"))


def shape_change(r, u):
    return Parts(("shape_change", "mutate_global"), needs=("batch_global",),
                 mutations=(f"BATCH = {r.choice([5, 9, 3])}",))


def dtype_change(r, u):
    return Parts(("dtype_change", "ndarray_input", "mutate_global"), needs=("ndarray", "cast"),
                 mutations=("XDTYPE = np.float32", "XDTYPE = np.float64"))


def model_swap(r, u):
    return Parts(("mutate_model",), needs=("keras",),
                 mutations=("{M} = make_model(); {O} = make_optimizer()",))


def model_attr(r, u):
    return Parts(("keras_subclass_attr", "mutate_object"), needs=("subclassed",),
                 mutations=(f"{{M}}.scale = {r.choice(['0.5', '2', '1'])}",))


def lr_change(r, u):
    return Parts(("mutate_lr",), needs=("lr_global",),
                 mutations=(f"LR = {r.choice(['0.0', '0.2', '0.01'])}",))


def act_change(r, u):
    return Parts(("keras_callback", "mutate_global"), needs=("user_activation",),
                 mutations=(f"ACT_SCALE = {r.choice(['0.0', '2.0', '0.5'])}",))


def own_tf_function(r, u):
    # The program's own tf.function records its traces and bakes a global in at trace time.
    return Parts(("own_tf_function", "mutate_global"),
                 setup=f"TRACES_{u} = []\nGAIN_{u} = {r.choice(['1.0', '0.5'])}\n\n\n"
                       f"@tf.function\ndef traced_{u}(t):\n"
                       f"    TRACES_{u}.append(tuple(t.shape))\n    return t * GAIN_{u}\n",
                 tape=f"loss = loss + 0.01 * tf.reduce_mean(traced_{u}(pred))\n",
                 mutations=(f"GAIN_{u} = {r.choice(['2.0', '0.0'])}",))


def optimizer_setting(r, u):
    # Fine-tuning code changes a Keras optimizer's setting between steps.
    return Parts(("mutate_library",),
                 mutations=(r.choice(["{O}.clipnorm = 0.5", "{O}.global_clipnorm = 0.1",
                                      "{O}.clipvalue = 0.01"]),))


def fixed_seed_stream(r, u):
    # A draw with the op's own seed continues one stream per kernel: the step's graph
    # and the loop's eager draws both move it; reseeding starts it again.
    seed = r.choice([3, 17, 1234])
    draw = r.choice([
        f"tf.random.normal(tf.shape(pred), dtype=pred.dtype, seed={seed})",
        f"tf.random.uniform((3,), seed={seed})",
        f"tf.nn.dropout(tf.ones_like(pred), rate=0.5, seed={seed})",
    ])
    return Parts(("tf_random", "fixed_seed"),
                 tape=f"loss = loss + 0.001 * tf.cast(tf.reduce_sum({draw}), loss.dtype)\n",
                 mutations=(f"print('fs{u}', tf.random.uniform((3,), seed={seed}).numpy())",
                            "tf.random.set_seed(11)"))


def library_body(r, u):
    # tf.map_fn runs the program's function per element in eager, once in a trace.
    return Parts(("library_body", "global_counter"),
                 setup=f"CALLS_{u} = [0]\n\n\ndef per_row_{u}(row):\n"
                       f"    CALLS_{u}[0] += 1\n    return tf.reduce_sum(row * row)\n",
                 tape=f"loss = loss + 1e-3 * tf.reduce_mean(tf.map_fn(per_row_{u}, x, "
                      f"fn_output_signature=x.dtype))\n")


def interpreted_step(r, u):
    # An unknown C call on the prediction's bytes decides a Python branch: the step
    # stays in the interpreter (co-execution: its Keras calls are graph sites, its
    # tape.gradient the deferred walk of janus/coexec/backward.py), whatever else it does.
    return Parts(("co_execution",),
                 setup="import zlib\n",
                 tape=f"crc_{u} = zlib.crc32(pred.numpy().tobytes())\n"
                      f"if crc_{u} % {r.choice(['2', '3'])} == 0:\n"
                      f"    loss = loss * {r.choice(['1.0', '0.75'])}\n")


def variable_attr(r, u):
    # A Python attribute the program hangs on one of its tf.Variables, a per-variable
    # learning-rate multiplier (state/attribute_reads.variable_attribute): the step reads
    # it with getattr() and a default, in the loss or in an update of its own; the loop
    # changes it, deletes it and sets it again.
    values = r.sample(["0.5", "2.0", "0", "0.25", "3"], 3)
    use = r.choice(["loss", "update", "both"])
    if r.random() < 0.5:
        # A raw variable of the feature's own, with the attribute from the start.
        setup = (f"V_{u} = tf.Variable(np.full(3, 0.5), name='v{u}')\n"
                 f"V_{u}.lr_mult = {values[0]}\n")
        read = f"getattr(V_{u}, 'lr_mult', 1.0)"
        tape = f"loss = loss + 0.01 * {read} * tf.reduce_sum(V_{u} * V_{u})\n"
        post = f"V_{u}.assign_sub(0.05 * {read} * V_{u})\n"
        mutations = (f"V_{u}.lr_mult = {values[1]}", f"del V_{u}.lr_mult",
                     f"V_{u}.lr_mult = {values[2]}")
    else:
        # One of the model's weights (W or B of raw variables, a Keras weight): set
        # first by the loop; a model_swap may have replaced the model before the delete.
        i = r.choice(["0", "-1"])
        var, var_d = f"params({{m}})[{i}]", f"params({{M}})[{i}]"
        setup = ""
        read = f"getattr({var}, 'lr_mult', 1.0)"
        tape = f"loss = loss + 0.001 * {read} * tf.reduce_sum({var} ** 2)\n"
        post = (f"for v_{u} in variables:\n"
                f"    v_{u}.assign_sub(0.001 * getattr(v_{u}, 'lr_mult', 1.0) * v_{u})\n")
        mutations = (f"{var_d}.lr_mult = {values[0]}",
                     f"if hasattr({var_d}, 'lr_mult'): del {var_d}.lr_mult",
                     f"{var_d}.lr_mult = {values[1]}")
    return Parts(("variable_attr", "mutate_object"),
                 setup=setup,
                 state={f"mult_{u}": "None"},
                 tape=tape if use != "update" else "",
                 post=(post if use != "loss" else "") + f"{{st}}mult_{u} = {read}\n",
                 mutations=mutations)


def layer_own_call(r, u):
    # A Keras layer class of the program's own, applied by the step; the loop hangs a
    # plain function on the instance as its `call` (Keras' __call__ finds it first),
    # replaces it and deletes it (janus_ext's own_write watch of the layer's dict).
    scale = r.choice(["0.5", "0.75"])
    first, second = r.sample([f"clipped_{u}", f"doubled_{u}", "lambda t: t * 0.25"], 2)
    applied = r.choice(["pred", "pred - y"])
    tape = r.choice([
        f"gated_{u} = GATE_{u}({applied})\n"
        f"loss = loss + 0.1 * tf.reduce_mean(gated_{u} ** 2)\n",
        f"loss = 0.5 * loss + 0.5 * tf.reduce_mean((GATE_{u}(pred) - y) ** 2)\n"])
    return Parts(("keras_own_layer", "mutate_method"),
                 setup=f"class Gate{u}(tf.keras.layers.Layer):\n    def call(self, t):\n"
                       f"        return t * {scale}\n\n\n"
                       f"def clipped_{u}(t):\n    return tf.clip_by_value(t, -0.1, 0.1)\n\n\n"
                       f"def doubled_{u}(t):\n    return t * 2.0\n\n\nGATE_{u} = Gate{u}()\n",
                 tape=tape,
                 mutations=(f"GATE_{u}.call = {first}", f"GATE_{u}.call = {second}",
                            f"del GATE_{u}.call"))


def library_config_edit(r, u):
    # The program's subclass of a Keras layer edits, in place, a list or dict its Keras
    # class reads natively in `call` (Rescaling's `scale`, Lambda's `arguments`); the
    # step never reads it itself (state/library_names.py).
    if r.random() < 0.5:
        setup = (f"class Gains{u}(tf.keras.layers.Rescaling):\n"
                 f"    def retune(self, i, v):\n        self.scale[i] = v\n\n\n"
                 f"GAINS_{u} = Gains{u}([1.0, 0.5, 2.0, 1.0, 1.0, 0.25])\n")
        mutations = (f"GAINS_{u}.retune({r.choice(['0', '2'])}, 0.0)",
                     f"GAINS_{u}.scale[:] = [0.5] * 6")
    else:
        setup = (f"def knob_{u}(t, s, b):\n    return t * s + b\n\n\n"
                 f"class Knob{u}(tf.keras.layers.Lambda):\n"
                 f"    def set(self, key, v):\n        self.arguments[key] = v\n\n\n"
                 f"GAINS_{u} = Knob{u}(knob_{u}, arguments={{'s': 1.0, 'b': 0.0}})\n")
        mutations = (f"GAINS_{u}.set('s', {r.choice(['0.5', '3.0'])})",
                     f"GAINS_{u}.set('b', 0.2)")
    return Parts(("library_config", "mutate_container"),
                 setup=setup,
                 tape=f"loss = loss + 0.05 * tf.reduce_mean(GAINS_{u}(x) ** 2)\n",
                 mutations=mutations)


def dict_swap(r, u):
    # The optimizer's __dict__ replaced by an edited copy while the original lives on,
    # then put back (guards.pinned_types compares each watched object's dict).
    setting = r.choice(["clipnorm=0.01", "clipvalue=0.001"])
    return Parts(("dict_swap", "mutate_object"),
                 mutations=(f"SAVED_{u} = {{O}}.__dict__; "
                            f"object.__setattr__({{O}}, '__dict__', dict(SAVED_{u}, {setting}))",
                            f"object.__setattr__({{O}}, '__dict__', SAVED_{u})"))
