"""The fuzzer's vocabulary: features real training programs combine → code fragments.

A feature is a function `(r, u) -> Parts`: `r` draws its parameters (a random.Random
seeded per feature instance, so a plan renders the same source every time), `u` is the
suffix that keeps its names apart from other features'.  Fragments use placeholders the
generator fills in (generate.py):
  {st}  where step state lives: `self.` in a method step, `ST.` in a function step
  {M}   the model as the driver sees it; {m} as the step sees it (likewise {O}/{o})
Each feature names the tags it covers; tests/fuzz/test_fuzz.py checks every tag in TAGS
appears over a fixed seed range, so a feature cannot silently drop out.

The features live by family: features_control.py (branches, loops, recursion),
features_state.py (the program's Python state), features_numbers.py (numbers, strings,
arrays), features_objects.py (the program's classes), features_library.py (TF and Keras
state, draws, interpreted steps), features_failures_output.py (failures and output).
FEATURES keeps one order, which the generator's draws follow (a seed renders the same
program as before the split).
"""

from parts import Parts  # noqa: F401 (the features' return type, for callers)

from features_control import (
    py_if_flag, tensor_if, tensor_if_write, tensor_while, tensor_loop, python_while,
    for_break_continue, early_return, recursion_tree, helper_call, nested_arm_rewrite,
    arm_tape, cond_identity, cond_closure, loop_identity, case_closure, nested_choice)
from features_state import (
    attr_counter, global_counter, closure_nonlocal, list_append, dict_rw, deque_rw,
    defaultdict_rw, counter_contains, aliasing, object_created, tuple_const,
    tensor_identity, item_write_finalizer, closure_made_in_step, set_in_step,
    getattr_default, nested_contents, equal_identity, list_counter, number_window,
    stdlib_iteration, pairs_update)
from features_numbers import (
    int_float_division, floor_mod, comparison, big_int, zero_division, strings, fstring,
    ndarray_probe, number_type_dispatch, percent_format, fresh_text, native_arrays)
from features_objects import (
    dataclass_cfg, property_read, descriptor_read, dunder_len_float, method_shadow,
    classmethod_read, class_swap, match_config, import_in_step, item_class_swap,
    descriptor_reinit)
from features_library import (
    second_tape, py_random, tf_random, iterator_next, shape_change, dtype_change,
    model_swap, model_attr, lr_change, act_change, own_tf_function, optimizer_setting,
    fixed_seed_stream, library_body, interpreted_step, dataset_pull, variable_attr,
    layer_own_call, library_config_edit, dict_swap)
from features_failures_output import (
    tf_assert, check_numerics, gather_oob, raise_caught, suppress_ctx, step_exception,
    print_in_step, print_container, print_order, step_warning)

FEATURES = {f.__name__: f for f in (
    py_if_flag, tensor_if, tensor_if_write, tensor_while, tensor_loop, python_while,
    for_break_continue,
    early_return, recursion_tree, attr_counter, global_counter, closure_nonlocal,
    list_append, dict_rw, deque_rw, defaultdict_rw, counter_contains, aliasing,
    object_created, int_float_division, floor_mod, comparison, big_int, zero_division,
    strings, fstring, print_in_step, print_container, dataclass_cfg, property_read,
    descriptor_read, dunder_len_float, method_shadow, classmethod_read, second_tape,
    tf_assert, check_numerics, gather_oob, raise_caught, suppress_ctx, step_exception,
    py_random, tf_random, iterator_next, helper_call, tuple_const, shape_change,
    dtype_change, ndarray_probe, model_swap, model_attr, lr_change, act_change,
    tensor_identity, own_tf_function, number_type_dispatch, percent_format, class_swap,
    print_order, optimizer_setting, item_write_finalizer, fresh_text, library_body,
    fixed_seed_stream, closure_made_in_step, match_config, import_in_step, set_in_step,
    getattr_default, nested_contents, native_arrays, nested_arm_rewrite, arm_tape,
    cond_identity, cond_closure, loop_identity, equal_identity, list_counter, case_closure,
    nested_choice, step_warning, number_window, interpreted_step, stdlib_iteration,
    dataset_pull, variable_attr, pairs_update, layer_own_call, item_class_swap,
    descriptor_reinit, library_config_edit, dict_swap)}

# Tags the skeleton itself covers (generate.py), beside the features' own.
SKELETON_TAGS = ("raw_variables", "keras_sequential", "keras_functional", "keras_subclassed",
                 "sgd", "adam", "callable_lr", "schedule_subclass", "schedule_builtin",
                 "step_function", "step_method", "ragged_batch", "print")
