"""Fuzzer features: python numbers, strings and ndarrays the step computes with: division,
comparisons, big ints, formatting (features.py lists them all)."""

from parts import Parts


def int_float_division(r, u):
    s = r.choice(["3", "4", "7"])
    d = r.choice(["2", "4", "3"])
    return Parts(("int_float_mix", "division", "mutate_global"),
                 setup=f"S_{u} = {s}\n",
                 tape=f"loss = loss * (S_{u} / {d})\n",
                 mutations=(r.choice([f"S_{u} = {s}.0", f"S_{u} = True", f"S_{u} = -0.0"]),))


def floor_mod(r, u):
    return Parts(("division", "modulo", "int_counter"),
                 state={f"n_{u}": r.choice(["-7", "5", "0"])},
                 post=f"{{st}}n_{u} = ({{st}}n_{u} + 3) % {r.choice(['4', '-4'])}\n"
                      f"{{st}}q_{u} = {{st}}n_{u} // 2\n")


def comparison(r, u):
    t = r.choice(["3", "10", "2.5"])
    return Parts(("compare", "attr_write"),
                 state={f"c_{u}": "0", f"over_{u}": "False"},
                 post=f"{{st}}c_{u} += 1\nif {{st}}c_{u} > {t}:\n    {{st}}over_{u} = True\n")


def big_int(r, u):
    return Parts(("bigint", "int_counter"),
                 state={f"h_{u}": r.choice(["1", "12345"])},
                 post=f"{{st}}h_{u} = {{st}}h_{u} * 31 + 7\n")


def zero_division(r, u):
    return Parts(("zero_division", "exception_caught", "mutate_state"),
                 state={f"hits_{u}": "0", f"trials_{u}": "1", f"ratio_{u}": "0.0"},
                 post=f"{{st}}hits_{u} += 1\ntry:\n    {{st}}ratio_{u} = {{st}}hits_{u} / {{st}}trials_{u}\n"
                      f"except ZeroDivisionError:\n    {{st}}ratio_{u} = -1.0\n",
                 mutations=(f"{{ST}}trials_{u} = 0",))


def strings(r, u):
    return Parts(("string", "list_write"),
                 state={f"tags_{u}": "[]", f"n_{u}": "0"},
                 post=f"{{st}}n_{u} += 1\n{{st}}tags_{u}.append('s' + str({{st}}n_{u}))\n")


def fstring(r, u):
    return Parts(("fstring", "attr_write"),
                 state={f"msg_{u}": "''"},
                 post=f"{{st}}msg_{u} = f'loss {{float(loss):.5f}} at {{len({{st}}msg_{u})}}'\n")


def ndarray_probe(r, u):
    return Parts(("ndarray_input", "isinstance"), needs=("ndarray",),
                 tape="if isinstance(x, np.ndarray):\n    loss = loss * 1.5\n")


def number_type_dispatch(r, u):
    # A carried EMA that starts as the int 0: its type decides the update.
    return Parts(("number_types", "isinstance", "attr_write"),
                 state={f"ema_{u}": "0", f"kind_{u}": "''"},
                 post=f"v_{u} = float(loss)\n"
                      f"if isinstance({{st}}ema_{u}, int):\n    {{st}}ema_{u} = v_{u}\n"
                      f"else:\n    {{st}}ema_{u} = 0.9 * {{st}}ema_{u} + 0.1 * v_{u}\n"
                      f"{{st}}kind_{u} = type({{st}}ema_{u}).__name__\n",
                 mutations=(f"{{ST}}ema_{u} = {r.choice(['0', 'True', '2.5'])}",))


def percent_format(r, u):
    spec = r.choice(["%.4f", "%8.3e", "%-10.2f|", "%+g", "%s"])
    return Parts(("percent_format", "string"),
                 state={f"k_{u}": "0", f"line_{u}": "''"},
                 post=f"{{st}}k_{u} += 1\n"
                      f"{{st}}line_{u} = 'loss {spec} at %03d' % (float(loss), {{st}}k_{u})\n")


def fresh_text(r, u):
    # Text and big ints the step computes are new objects at every call.
    made = r.choice([f"f'run-{{{{st}}k_{u}}}'", f"str({{st}}k_{u} * 10 ** 20)",
                     f"'tag' + str({{st}}k_{u} % 3)"])
    return Parts(("string", "identity"),
                 state={f"k_{u}": "0", f"last_{u}": "None", f"same_{u}": "0"},
                 post=f"t_{u} = {made}\nif t_{u} is {{st}}last_{u}:\n    {{st}}same_{u} += 1\n"
                      f"{{st}}last_{u} = t_{u}\n{{st}}k_{u} += 1 if {{st}}k_{u} < 3 else 0\n")


def native_arrays(r, u):
    # Library code reading the program's arrays in an argument; the loop edits one
    # in place.
    return Parts(("native_arrays", "mutate_container"),
                 setup=f"ARRS_{u} = [np.ones(2, np.float32), np.full(2, 0.5, np.float32)]\n",
                 tape=f"loss = loss * tf.cast(tf.reduce_mean(tf.stack(ARRS_{u})), loss.dtype)\n",
                 mutations=(f"ARRS_{u}[1][0] = 2.0",))
