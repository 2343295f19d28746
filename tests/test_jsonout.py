"""core.jsonout writes what json.dumps(sort_keys=True) writes, for any JSON-able value."""
import json

from hypothesis import given, settings, strategies as st
from core.jsonout import dumps

values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=60) | st.dictionaries(st.text(max_size=8), inner, max_size=12),
    max_leaves=400,
)


@settings(max_examples=300, deadline=None)
@given(values)
def test_same_text_as_the_standard_library(value):
    assert dumps(value) == json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def test_long_lists_are_written_whole():
    big = {"sheet": list(range(5000)), "names": ["Ann"] * 300}
    assert json.loads(dumps(big)) == big


def test_bytes_and_bytearrays_are_lists_of_ints():
    # a rules core may keep a board as a bytearray: its save is written without a copy
    import json
    from core.jsonout import dumps
    data = {"board": bytearray(b"\x00\x05\xff"), "empty": b"", "nested": [bytearray(b"\x07")]}
    text = dumps(data)
    assert text == '{"board":[0,5,255],"empty":[],"nested":[[7]]}'
    assert json.loads(text) == {"board": [0, 5, 255], "empty": [], "nested": [[7]]}
