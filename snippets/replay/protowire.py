"""Just enough of the protobuf wire format to take an HloSnapshot apart.

A protobuf message is a flat list of (field number, value) pairs. Each pair starts
with a varint key = field_number * 8 + wire_type. Wire type 0 is a varint, 2 is a
length-prefixed byte string (a nested message, a string, or packed numbers), 1
and 5 are fixed 8 and 4 bytes. No schema is needed to split a message; the field
numbers below come from XLA's hlo.proto and xla_data.proto.
"""

import numpy as np

# HloSnapshot: hlo = 1 (an HloProto), arguments = 2 (repeated), result = 3.
# HloProto: hlo_module = 1 (an HloModuleProto).
# LiteralProto: shape = 1 (a ShapeProto), f32s = 8, s32s = 4 (packed).
# ShapeProto: element_type = 2, dimensions = 3.
ELEMENT_TYPES = {4: ("s32", np.int32), 11: ("f32", np.float32)}
# Names of some other PrimitiveType numbers (xla_data.proto), for the error message.
OTHER_TYPES = {1: "pred", 2: "s8", 5: "s64", 6: "u8", 8: "u32", 10: "f16", 12: "f64", 16: "bf16"}


def _varint(buf, i):
    value = shift = 0
    while True:
        byte = buf[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def fields(buf):
    """Yield (field number, value) for every field of one message."""
    i = 0
    while i < len(buf):
        key, i = _varint(buf, i)
        number, wire_type = key >> 3, key & 7
        if wire_type == 0:
            value, i = _varint(buf, i)
        elif wire_type == 2:
            size, i = _varint(buf, i)
            value, i = bytes(buf[i : i + size]), i + size
        elif wire_type in (1, 5):
            size = 8 if wire_type == 1 else 4
            value, i = bytes(buf[i : i + size]), i + size
        else:
            raise ValueError(f"wire type {wire_type} is not used by these messages")
        yield number, value


def field(buf, number):
    """All values of one field, in order (a repeated field has several)."""
    return [value for n, value in fields(buf) if n == number]


def packed(raw):
    """The numbers of a packed repeated varint field."""
    values, i = [], 0
    while i < len(raw):
        value, i = _varint(raw, i)
        values.append(value)
    return values


def literal(buf):
    """A LiteralProto holding f32 or s32 values, as a NumPy array."""
    shape = field(buf, 1)[0]
    element_type = field(shape, 2)[0]
    if element_type not in ELEMENT_TYPES:
        name = OTHER_TYPES.get(element_type, "PrimitiveType")
        raise ValueError(f"element type {element_type} ({name}) is not decoded here; only s32 and f32 are")
    name, dtype = ELEMENT_TYPES[element_type]
    dims = [d for raw in field(shape, 3) for d in packed(raw)]
    if name == "f32":
        values = np.frombuffer(b"".join(field(buf, 8)), np.float32)
    else:  # s32 values are varints; negative ones wrap around 2**32
        values = np.array(packed(b"".join(field(buf, 4))), np.uint64).astype(np.uint32).view(np.int32)
    return values.reshape(dims)
