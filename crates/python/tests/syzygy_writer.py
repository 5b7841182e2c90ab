"""Writes Syzygy table files with chosen values, for tests: no real variant tables can be
had here, so the variant readers are checked against python-chess's reader over files of
the same format. The values are arbitrary (random), not an endgame's: what is compared is
how a position is found in a file (its family's magic number, its leading group's index,
the piece order and group order of the header), which these files exercise in full.

The layout, from the format's public descriptions: a header naming the piece order of each
side to move (and, with pawns, of each leading-pawn file); per part a decoder header;
then every part's sparse index, every part's block lengths, and every part's blocks (each
aligned to 64 bytes). The decoder is the simplest the format allows: one symbol per value,
every code of one length, so values are packed as fixed-width big-endian bit fields.
"""

from __future__ import annotations

import math
import random
import struct
from typing import Dict, List, Optional, Sequence, Tuple

import chess.syzygy
import numpy as np

LETTERS = "PNBRQK"  # piece type codes 1..6
ORDER = "KQRBNP"  # the order of letters in a table name


def binomial(n: int, k: int) -> int:
    return math.comb(n, k) if 0 <= k <= n else 0


def pawn_order() -> List[int]:
    """Pawn squares numbered in the order the leading pawn is chosen: files a and h first,
    rank 2 first, the queen's side before the king's (47 down to 0)."""
    t = [0] * 64
    n = 47
    for file in range(4):
        for rank in range(1, 7):
            t[rank * 8 + file] = n
            t[rank * 8 + 7 - file] = n - 1
            n -= 2
    return t


PAWN_ORDER = pawn_order()


def lead_pawn_size(pawns: int, file: int) -> int:
    return sum(binomial(PAWN_ORDER[rank * 8 + file], pawns - 1) for rank in range(1, 7))


def counts(material: str) -> Tuple[Dict[str, int], Dict[str, int]]:
    white, black = material.split("v")
    return ({c: white.count(c) for c in set(white)}, {c: black.count(c) for c in set(black)})


def lead_of(material: str, connected: bool) -> Tuple[str, int, int]:
    """(kind, pieces that lead, placements): as the format's families index the leading
    group of a pawnless table."""
    w, b = counts(material)
    all_counts = list(w.values()) + list(b.values())
    unique = sum(1 for n in all_counts if n == 1)
    if unique >= 3:
        return "unique3", 3, 31332
    if not connected:
        return "kings", 2, 462
    if unique == 2:
        return "unique2", 2, 518
    k = min(n for n in all_counts if n > 1)
    if k == 2:
        return "pair", 2, 278
    # Three to five like pieces: python-chess's count of their placements (the reference's
    # own constant: the writer needs the size, not how positions map into it).
    return "like", k, chess.syzygy.MFACTOR[k - 1]


def piece_codes(material: str) -> List[int]:
    """Every piece as the header codes it (colour << 3 | type)."""
    w, b = material.split("v")
    return [LETTERS.index(c) + 1 for c in w] + [8 | (LETTERS.index(c) + 1) for c in b]


def arrange(material: str, connected: bool, rng: random.Random, pawns_lead: Optional[int]) -> Tuple[List[int], List[int]]:
    """A header piece order and its group lengths: the leading group first (with pawns:
    the leading colour's pawns, then the other colour's), the other groups shuffled."""
    codes = piece_codes(material)
    groups: Dict[int, int] = {}
    for c in codes:
        groups[c] = groups.get(c, 0) + 1
    order: List[int] = []
    lengths: List[int] = []
    if pawns_lead is not None:
        lead_code, other_code = (1, 9) if pawns_lead == 0 else (9, 1)
        order += [lead_code] * groups.pop(lead_code)
        lengths.append(len(order))
        if other_code in groups:
            n = groups.pop(other_code)
            order += [other_code] * n
            lengths.append(n)
    else:
        kind, size, _ = lead_of(material, connected)
        if kind in ("unique3", "unique2", "kings"):
            firsts = [c for c, n in groups.items() if n == 1]
            if kind == "kings":
                firsts = [6, 14]
            rng.shuffle(firsts)
            firsts = firsts[:size]
        else:
            like = min(n for n in groups.values() if n > 1)
            code = rng.choice([c for c, n in groups.items() if n == like])
            firsts = [code] * like
        for c in firsts:
            groups[c] -= 1
            if groups[c] == 0:
                del groups[c]
        order += firsts
        lengths.append(len(firsts))
    rest = list(groups.items())
    rng.shuffle(rest)
    for c, n in rest:
        order += [c] * n
        lengths.append(n)
    return order, lengths


def part_size(lengths: Sequence[int], lead_size: int, group_order: Sequence[int], both_pawns: bool) -> int:
    """The positions of one part: each group's placements multiplied in the header's group
    order (`group_order[0]` is the leading group's turn, `group_order[1]` the other pawns')."""
    size = 1
    free = 64 - lengths[0] - (lengths[1] if both_pawns else 0)
    nxt = 2 if both_pawns else 1
    k = 0
    while nxt < len(lengths) or k in group_order:
        if k == group_order[0]:
            size *= lead_size
        elif both_pawns and k == group_order[1]:
            size *= binomial(48 - lengths[0], lengths[1])
        else:
            size *= binomial(free, lengths[nxt])
            free -= lengths[nxt]
            nxt += 1
        k += 1
    return size


class Part:
    def __init__(self, order: List[int], lengths: List[int], group_order: List[int], size: int, flags: int):
        self.order, self.lengths, self.group_order, self.size, self.flags = order, lengths, group_order, size, flags
        self.values: List[int] = []


def coded(values: bytes, symbols: int, flags: int) -> Tuple[bytes, bytes, bytes, List[bytes]]:
    """A decoder header, sparse index, block lengths and blocks for `values` (one byte a
    value, each below `symbols`). The bit fields are packed by numpy: a table of a few
    million values is written in a fraction of a second."""
    bits = max(1, (symbols - 1).bit_length())
    block_log = 6
    block_bits = 8 << block_log
    per_block = block_bits // bits
    count = len(values)
    nblocks = (count + per_block - 1) // per_block
    padded = np.zeros(nblocks * per_block, dtype=np.uint8)
    padded[:count] = np.frombuffer(values, dtype=np.uint8)
    # Each value's bits, most significant first, then each block's fields padded to 512 bits.
    shifts = np.arange(bits - 1, -1, -1, dtype=np.uint8)
    fields = ((padded[:, None] >> shifts) & 1).astype(np.uint8).reshape(nblocks, per_block * bits)
    frame = np.zeros((nblocks, block_bits), dtype=np.uint8)
    frame[:, : per_block * bits] = fields
    packed = np.packbits(frame, axis=1)
    blocks = [row.tobytes() for row in packed]
    lengths = [per_block] * nblocks
    if nblocks:
        lengths[-1] = count - per_block * (nblocks - 1)
    span_log = 6
    span = 1 << span_log
    # Each span's middle value: its block and its place in the block (u32, u16, packed).
    middle = np.arange((count + span - 1) // span, dtype=np.int64) * span + span // 2
    block = np.minimum(middle // per_block, nblocks - 1)
    entries = np.zeros(len(middle), dtype=np.dtype([("block", "<u4"), ("offset", "<u2")]))
    entries["block"] = block
    entries["offset"] = middle - block * per_block
    sparse = entries.tobytes()
    head = bytearray([flags, block_log, span_log, 0])
    head += struct.pack("<I", len(blocks))
    head += bytes([bits, bits])  # longest and shortest code length
    head += struct.pack("<H", 0)  # the lowest symbol of the one length
    head += struct.pack("<H", symbols)
    for s in range(symbols):  # leaves: the value, then 0xfff
        head += bytes([s & 0xff, ((s >> 8) & 0x0f) | 0xf0, 0xff])
    if symbols & 1:
        head += b"\0"
    block_lengths = b"".join(struct.pack("<H", n - 1) for n in lengths)
    return bytes(head), bytes(sparse), block_lengths, blocks


def random_values(rng: random.Random, count: int, symbols: int) -> bytes:
    """`count` values below `symbols` from `rng`, one byte each (a random byte reduced modulo
    `symbols`: a slight bias, of no matter to a test of where values are found)."""
    return rng.randbytes(count).translate(bytes(i % symbols for i in range(256)))


def write_table(path: str, magic: bytes, material: str, kind: str, connected: bool,
                rng: random.Random, dtz_symbols: int = 24) -> None:
    """Writes `material`'s `kind` ("wdl" or "dtz") table to `path` with random values."""
    w, b = counts(material)
    pawns = w.get("P", 0) + b.get("P", 0) > 0
    symmetric = sorted(material.split("v")[0]) == sorted(material.split("v")[1])
    sides = 2 if kind == "wdl" and not symmetric else 1
    files = 4 if pawns else 1
    wp, bp = w.get("P", 0), b.get("P", 0)
    white_leads = bp == 0 or (wp > 0 and bp >= wp)
    lead_pawns, other_pawns = (wp, bp) if white_leads else (bp, wp)
    both = pawns and other_pawns > 0
    header = bytearray(magic)
    header.append((1 if sides == 2 else 0) | (2 if pawns else 0))
    parts: List[Part] = []
    for file in range(files):
        per_side = []
        for side in range(sides):
            order, lengths = arrange(material, connected, rng, (0 if white_leads else 1) if pawns else None)
            groups = len(lengths) - (1 if both else 0)
            first = rng.randrange(groups)
            second = 0x0f
            if both:
                second = rng.randrange(groups + 1)
                first = rng.choice([k for k in range(groups + 1) if k != second])
            lead_size = lead_pawn_size(lead_pawns, file) if pawns else lead_of(material, connected)[2]
            size = part_size(lengths, lead_size, [first, second], both)
            flags = 0
            if kind == "dtz":
                flags = rng.randrange(2) | (4 if rng.randrange(2) else 0) | (8 if rng.randrange(2) else 0)
            per_side.append(Part(order, lengths, [first, second], size, flags))
        orders = [p.group_order for p in per_side] + [per_side[0].group_order] * (2 - sides)
        header.append((orders[0][0] & 0x0f) | ((orders[1][0] & 0x0f) << 4))
        if both:
            header.append((orders[0][1] & 0x0f) | ((orders[1][1] & 0x0f) << 4))
        codes = [p.order for p in per_side] + [per_side[0].order] * (2 - sides)
        for a, c in zip(codes[0], codes[1]):
            header.append(a | (c << 4))
        parts += per_side
    if len(header) & 1:
        header.append(0)
    symbols = 5 if kind == "wdl" else dtz_symbols
    pieces = [coded(random_values(rng, p.size, symbols), symbols, p.flags) for p in parts]
    out = bytearray(header)
    for head, _, _, _ in pieces:
        out += head
    if len(out) & 1:
        out.append(0)
    for _, sparse, _, _ in pieces:
        out += sparse
    for _, _, lengths, _ in pieces:
        out += lengths
    for _, _, _, blocks in pieces:
        out += b"\0" * (-len(out) % 64)
        for block in blocks:
            out += block
    # Files end on a 64-byte boundary and a 16-byte checksum (not checked by the readers).
    out += b"\0" * (-len(out) % 64)
    out += bytes(rng.randrange(256) for _ in range(16))
    with open(path, "wb") as f:
        f.write(out)
