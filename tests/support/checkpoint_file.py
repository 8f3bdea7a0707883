# SPDX-License-Identifier: MIT
"""Checkpoint files (docs/formats.md, "checkpoint.rcp") read into records and written back with a good checksum, for
the tests that take checkpoints apart (checkpoint_mutants.py, checkpoint_tags.py).

A checkpoint is a 24-byte header (magic, format, byte-order mark), tagged records, and the FNV-1a hash of the records.
A record is (uint8 type, uint8 name length, name, uint64 length, value); a value of type RECORDS holds records itself.
Here a record is a list [name, type, value]: value a bytearray, or for RECORDS a list of records.
"""
import struct

HEADER = 16 + 8
U64, I64, F64, BOOL, TEXT, BYTES, RECORDS = range(1, 8)


def fnv(data, hash=0xCBF29CE484222325):
    for byte in data:
        hash = ((hash ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return hash


def parse(data):
    """The records of bytes (raises ValueError when they break off)."""
    records, at = [], 0
    while at < len(data):
        if at + 2 > len(data):
            raise ValueError("a record breaks off at %d" % at)
        kind, n = data[at], data[at + 1]
        name = bytes(data[at + 2:at + 2 + n]).decode()
        (length,) = struct.unpack_from("<Q", data, at + 2 + n)
        start = at + 2 + n + 8
        if start + length > len(data):
            raise ValueError("record %s breaks off" % name)
        value = bytearray(data[start:start + length])
        records.append([name, kind, parse(value) if kind == RECORDS else value])
        at = start + length
    return records


def encode(records):
    out = bytearray()
    for name, kind, value in records:
        raw = encode(value) if isinstance(value, list) else bytes(value)
        out += bytes([kind, len(name)]) + name.encode() + struct.pack("<Q", len(raw)) + raw
    return bytes(out)


def read(raw):
    """The header and the records of a checkpoint's bytes."""
    return bytes(raw[:HEADER]), parse(raw[HEADER:-8])


def write(header, records):
    """A checkpoint's bytes: header, records, their checksum made good."""
    body = encode(records)
    return bytes(header) + body + struct.pack("<Q", fnv(body))


def find(records, path):
    """The record at a dotted path ("position.last.collisions" is the field last.collisions of position)."""
    top, _, rest = path.partition(".")
    for record in records:
        if record[0] == top:
            if not rest:
                return record
            for inner in record[2]:
                if inner[0] == rest:
                    return inner
    return None


def leaves(records, prefix=""):
    """Every record that holds a value (not RECORDS), as (dotted path, record)."""
    out = []
    for record in records:
        if record[1] == RECORDS:
            out += leaves(record[2], prefix + record[0] + ".")
        else:
            out.append((prefix + record[0], record))
    return out
