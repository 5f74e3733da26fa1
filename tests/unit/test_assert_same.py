"""conftest.assert_same, the comparison every conversion test relies on, fails on each
difference the review found hidden (int/float, bool/int, -0.0/0.0, a missing item)."""

import math

import numpy as np
import pytest
from conftest import ROUND_OFF, assert_same


@pytest.mark.parametrize("got, want", [
    (1, 1.0), (True, 1), (0, False), ([1, 2], (1, 2)), ({"a": 1}, [["a", 1]]),
    (np.float64(1.5), 1.5), (np.float32(1.5), np.float64(1.5)), (None, 0),
], ids=repr)
def test_types_must_be_identical(got, want):
    with pytest.raises(AssertionError, match="type"):
        assert_same(got, want)
    with pytest.raises(AssertionError, match="type"):
        assert_same(got, want, **ROUND_OFF)


@pytest.mark.parametrize("got, want", [
    ([1.0, 2.0], [1.0]), ([1.0], [1.0, 2.0]), ({"a": 1, "b": 2}, {"b": 2, "a": 1}),
    ({"a": 1}, {"a": 1, "b": 2}), ([[1, 2]], [[1, 2, 3]]),
], ids=repr)
def test_lengths_keys_and_key_order_must_agree(got, want):
    with pytest.raises(AssertionError, match="length|keys"):
        assert_same(got, want)


def test_floats_are_exact_unless_a_tolerance_is_given():
    ulp = math.nextafter(1.0, 2.0)
    with pytest.raises(AssertionError, match="differ"):
        assert_same(ulp, 1.0)
    assert_same(ulp, 1.0, **ROUND_OFF)
    with pytest.raises(AssertionError, match="differ"):
        assert_same(1.001, 1.0, **ROUND_OFF)


@pytest.mark.parametrize("tolerance", [{}, ROUND_OFF], ids=["exact", "round-off"])
def test_signed_zeros_nan_and_infinities_stay_exact(tolerance):
    nan, inf = float("nan"), float("inf")
    assert_same([nan, -0.0, inf], [nan, -0.0, inf], **tolerance)
    for got, want in [(-0.0, 0.0), (0.0, -0.0), (nan, 1.0), (1.0, nan), (inf, -inf),
                      (1e300, inf), (nan, inf)]:
        with pytest.raises(AssertionError, match="differ"):
            assert_same(got, want, **tolerance)
    assert_same(np.array([-0.0, nan]), np.array([-0.0, nan]), **tolerance)
    with pytest.raises(AssertionError, match="differ"):
        assert_same(np.array([1.0, 0.0]), np.array([1.0, -0.0]), **tolerance)


def test_arrays_compare_dtype_shape_and_values():
    assert_same(np.arange(6).reshape(2, 3), np.arange(6).reshape(2, 3))
    for got, want in [(np.zeros(3, np.float32), np.zeros(3)),
                      (np.zeros((2, 3)), np.zeros((3, 2))),
                      (np.zeros(3, np.int32), np.zeros(3, np.int64))]:
        with pytest.raises(AssertionError, match="is not"):
            assert_same(got, want, **ROUND_OFF)
    with pytest.raises(AssertionError, match=r"\[1, 2\] != \[1, 3\]"):
        assert_same(np.array([1, 2]), np.array([1, 3]))


def test_the_message_names_the_path():
    with pytest.raises(AssertionError, match=r"state\['log'\]\[1\]: type float is not int"):
        assert_same({"log": [1, 2.0]}, {"log": [1, 2]}, "state")
