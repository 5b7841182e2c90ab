"""lerf.SquareSet against python-chess's chess.SquareSet: random masks and operands (ints,
square sets, lists of squares; negative squares, which python-chess counts back from h8;
huge and negative shifts), every query, operator and in-place method, the results or the
exception classes compared."""

from __future__ import annotations

import random

import chess
import pytest

import lerf

UNARY = ["__len__", "__int__", "__bool__", "tolist", "mirror", "__iter__", "__reversed__", "__repr__",
         "__str__", "__invert__", "__index__", "copy"]
BINARY = ["__and__", "__or__", "__xor__", "__sub__", "__lshift__", "__rshift__", "__eq__", "__ne__",
          "isdisjoint", "issubset", "issuperset", "__le__", "__ge__", "__lt__", "__gt__", "__contains__",
          "union", "intersection", "difference", "symmetric_difference"]
IN_PLACE = ["add", "discard", "remove", "pop", "clear", "update", "intersection_update", "difference_update",
            "symmetric_difference_update", "__iand__", "__ior__", "__ixor__", "__isub__", "__ilshift__",
            "__irshift__"]


def outcome(call):
    """A call's result, comparable between the libraries, or its exception's class."""
    try:
        value = call()
    except Exception as e:  # noqa: BLE001 - the class is compared
        return ("raised", type(e).__name__)
    if type(value).__name__ == "SquareSet":
        return ("SquareSet", int(value))
    if hasattr(value, "__next__"):
        return list(value)
    return value


def operand(module, value, form):
    """`value` as an int, a square set of `module` or a list of squares."""
    if form == "set" and isinstance(value, int) and 0 <= value < 1 << 64:
        return module.SquareSet(value)
    if form == "list" and isinstance(value, int) and value >= 0:
        return [sq for sq in range(64) if value >> sq & 1]
    return value


@pytest.mark.parametrize("seed", range(3))
def test_square_sets_answer_as_python_chess(seed):
    rng = random.Random(f"squareset {seed}")
    edges = [0, 1, -1, -64, -65, 63, 64, 1 << 63, (1 << 64) - 1, 1 << 64, 1 << 70]
    value = lambda: rng.choice(edges + [rng.getrandbits(64), rng.getrandbits(8), rng.randrange(64)] * 3)
    for _ in range(400):
        mask, other = value(), value()
        assert outcome(lambda: lerf.SquareSet(mask)) == outcome(lambda: chess.SquareSet(mask)), mask
        if not 0 <= mask < 1 << 64:
            continue
        for name in UNARY:
            ours = outcome(lambda: getattr(lerf.SquareSet(mask), name)())
            assert ours == outcome(lambda: getattr(chess.SquareSet(mask), name)()), (name, mask)
        for name in BINARY:
            if name == "__lshift__" and mask and other > 1 << 32:
                continue  # Python's own shift runs out of memory there; lerf gives nothing
            for form in ["int", "set", "list"]:
                ours = outcome(lambda: getattr(lerf.SquareSet(mask), name)(operand(lerf, other, form)))
                theirs = outcome(lambda: getattr(chess.SquareSet(mask), name)(operand(chess, other, form)))
                assert ours == theirs, (name, mask, other, form)
        for name in IN_PLACE:
            if name == "__ilshift__" and mask and other > 1 << 32:
                continue
            for form in ["int", "set"]:
                ours, theirs = lerf.SquareSet(mask), chess.SquareSet(mask)
                args = (lambda m: []) if name in ("pop", "clear") else (lambda m: [operand(m, other, form)])
                results = outcome(lambda: getattr(ours, name)(*args(lerf))), outcome(lambda: getattr(theirs, name)(*args(chess)))
                assert results[0] == results[1] and int(ours) == int(theirs), (name, mask, other, form)
        a, b = rng.randrange(64), rng.randrange(64)
        for name, args in [("ray", (a, b)), ("between", (a, b)), ("from_square", (a,))]:
            assert outcome(lambda: getattr(lerf.SquareSet, name)(*args)) == outcome(lambda: getattr(chess.SquareSet, name)(*args))


def test_negative_squares_and_odd_shifts_as_python_chess():
    """The cases the random test found: python-chess indexes its list of square masks, so
    -1 is h8 and 2**64 an IndexError; a negative shift is a ValueError and a square set is
    no shift count."""
    for module in (lerf, chess):
        squares = module.SquareSet([0])
        squares.add(-1)
        assert int(squares) == 1 | 1 << 63 and -64 in squares and 63 in squares
        squares.discard(-64)
        assert int(squares) == 1 << 63
        with pytest.raises(IndexError):
            squares.add(1 << 64)
        with pytest.raises(IndexError):
            squares.add(-65)
        with pytest.raises(ValueError):
            squares << -1  # noqa: B015
        with pytest.raises(TypeError):
            squares >> module.SquareSet(3)  # noqa: B015
        assert int(squares >> 1 << 70) == 0 and int(module.SquareSet(0) << 1 << 70) == 0
