"""lerf.syzygy's variant tables against python-chess's reader (the reference, from PyPI).

No atomic, suicide or giveaway table can be downloaded here (python-chess's sdist names
them in SOURCE files; the host is out of reach), so the tests write table files of each
family with random values (``syzygy_writer``) and compare ``probe_wdl_table`` and
``probe_dtz_table`` of lerf and python-chess on random placements of every table's
material: the same value, or the same exception. The magic numbers and suffixes come from
python-chess's variant classes. Standard tables written the same way check the writer
against the reader both libraries already agree on over real files.

Every way the format indexes a pawnless table's leading pieces is covered: two kings apart
(standard), three unique pieces, two unique pieces that may touch (atomic and losing chess),
two, three and four like pieces (losing chess), and pawns, with one or both colours' pawns
leading."""

from __future__ import annotations

import os
import random

import chess
import chess.syzygy
import chess.variant
import pytest

import lerf
import lerf.syzygy
import lerf.variant

from budget import count
from placements import placement
from syzygy_writer import counts, lead_of, write_table

POSITIONS = count("LERF_SYZYGY_POSITIONS", quick=150, long=1500)
# Each material gets at least this many positions.
PER_MATERIAL = count("LERF_SYZYGY_PER_MATERIAL", quick=15, long=50)
# Another seed writes other tables and draws other positions (the default is fixed).
SEED = os.environ.get("LERF_SYZYGY_SEED", "")

# (python-chess class name, materials): each material's WDL and DTZ tables are written.
FAMILIES = [
    ("Board", ["KQvK", "KRRvK", "KPvKP", "KNPvK"]),
    ("AtomicBoard", ["KQvK", "KQQvK", "KRvKN", "KPvK", "KPvKP", "KBvKN"]),
    ("SuicideBoard", ["NvN", "KQvR", "NNvB", "BBvNN", "RRvKQ", "NNNvB", "PvP", "PPvN", "KvPP"]),
    ("GiveawayBoard", ["BvN", "QvK", "RRvK", "KKvNN", "KKKvQ", "RRRRvN", "PvK", "KPvP", "NvNP"]),
    ("AntichessBoard", ["KvK", "QQvR", "PvN"]),
]


def table_name(material: str) -> str:
    return chess.syzygy.normalize_tablename(material)


def files_of(cls, material: str, rng: random.Random):
    """(wdl suffix, wdl magic, dtz suffix, dtz magic) for `material`'s tables in `cls`'s
    family, from python-chess's class attributes, chosen at random among those python-chess
    reads: a losing-chess family reads the other's suffix for pawnless material, and for
    material with pawns accepts the other's magic number."""
    w, b = counts(material)
    pawns = w.get("P", 0) + b.get("P", 0) > 0
    out = []
    for kind in ("tbw", "tbz"):
        suffixes = [getattr(cls, f"{kind}_suffix")]
        magics = [getattr(cls, f"{kind}_magic")]
        other_suffix = getattr(cls, f"pawnless_{kind}_suffix", None)
        if other_suffix and not pawns:
            suffixes.append(other_suffix)
        if other_suffix and pawns:
            magics.append(getattr(cls, f"pawnless_{kind}_magic"))
        out += [rng.choice(suffixes), rng.choice(magics)]
    return tuple(out)


def kings_lead(family: str, material: str) -> bool:
    """Whether the two kings lead `material`'s standard table (no pawns, no third unique
    piece)."""
    return family == "Board" and "P" not in material and lead_of(material, False)[0] == "kings"


def random_fen(rng: random.Random, material: str) -> str:
    placed = placement(rng, *material.split("v"))
    board = [placed.piece_at(sq) and placed.piece_at(sq).symbol() for sq in range(64)]
    turn = "w" if rng.random() < 0.5 else "b"
    # Now and then the last move a double pawn push: an en passant square to resolve.
    ep = "-"
    pushed = [sq for sq in range(64)
              if (turn == "w" and board[sq] == "p" and sq // 8 == 4 and board[sq + 8] is None and board[sq + 16] is None)
              or (turn == "b" and board[sq] == "P" and sq // 8 == 3 and board[sq - 8] is None and board[sq - 16] is None)]
    if pushed and rng.random() < 0.5:
        sq = rng.choice(pushed)
        ep = chess.square_name(sq + 8 if turn == "w" else sq - 8)
    return f"{placed.board_fen()} {turn} - {ep} 0 1"


def outcome(probe, *args):
    try:
        return probe(*args)
    except KeyError as e:
        return ("KeyError",)
    except Exception as e:  # the same kind of failure must happen to both
        return (type(e).__name__,)


@pytest.mark.parametrize("family,materials", FAMILIES, ids=[f for f, _ in FAMILIES])
def test_variant_tables_read_as_python_chess_reads_them(tmp_path, family, materials):
    theirs_cls = getattr(chess.variant, family, None) or getattr(chess, family)
    ours_cls = getattr(lerf.variant, family, None) or getattr(lerf, family)
    rng = random.Random(f"syzygy variants {family} {SEED}")
    connected = bool(getattr(theirs_cls, "connected_kings", False))
    one_king = bool(getattr(theirs_cls, "one_king", True))
    # Every smaller table too, for the searches' captures to descend into.
    smaller = list(chess.syzygy.tablenames(one_king=one_king, piece_count=3))
    for material in dict.fromkeys([table_name(m) for m in materials] + smaller):
        name = table_name(material)
        wdl_suffix, wdl_magic, dtz_suffix, dtz_magic = files_of(theirs_cls, name, rng)
        write_table(str(tmp_path / (name + wdl_suffix)), wdl_magic, name, "wdl", connected, rng)
        write_table(str(tmp_path / (name + dtz_suffix)), dtz_magic, name, "dtz", connected, rng)

    theirs = chess.syzygy.open_tablebase(str(tmp_path), VariantBoard=theirs_cls)
    ours = lerf.syzygy.open_tablebase(str(tmp_path), VariantBoard=ours_cls)
    differences = []
    values = []  # lerf's probe_wdl_table answers
    searched = []  # lerf's probe_dtz answers (variant families)
    probes = 0
    for material in materials:
        for _ in range(max(POSITIONS // len(materials), PER_MATERIAL)):
            fen = random_fen(rng, material if rng.random() < 0.5 else "v".join(reversed(material.split("v"))))
            a, b = theirs_cls(fen), ours_cls(fen)
            if kings_lead(family, material) and a.kings & chess.BB_KING_ATTACKS[a.king(chess.WHITE)]:
                # Kings side by side have no place in the standard index of two leading
                # kings: python-chess fails or reads an unrelated position's value; lerf
                # finds no table.
                with pytest.raises(lerf.syzygy.MissingTableError):
                    ours.probe_wdl_table(b)
                continue
            got = [outcome(ours.probe_wdl_table, b)] + [outcome(ours.probe_dtz_table, b, w) for w in range(-2, 3)]
            values.append(got[0])
            want = [outcome(theirs.probe_wdl_table, a)] + [outcome(theirs.probe_dtz_table, a, w) for w in range(-2, 3)]
            if family != "Board":
                # A fresh board for each: a search that fails deep inside (random tables can
                # send the one-ply DTZ searches round in circles, to a RecursionError in both
                # libraries) leaves its board mid-search.
                for probe, args in (("probe_wdl", ()), ("probe_dtz", ()), ("probe_dtz_no_ep", ()),
                                    ("probe_ab", (-2, 2))):
                    got.append(outcome(getattr(ours, probe), ours_cls(fen), *args))
                    want.append(outcome(getattr(theirs, probe), theirs_cls(fen), *args))
                searched.append(got[7])
            probes += 1
            if got != want:
                differences.append((fen, want, got))
    theirs.close()
    ours.close()
    # One table file opened alone, as python-chess's tests open them.
    for material in materials[:2]:
        name = table_name(material)
        wdl_path = next(str(p) for p in tmp_path.iterdir() if p.stem == name and str(p).endswith("w"))
        dtz_path = next(str(p) for p in tmp_path.iterdir() if p.stem == name and str(p).endswith("z"))
        with chess.syzygy.WdlTable(wdl_path, variant=theirs_cls) as tw, \
                lerf.syzygy.WdlTable(wdl_path, variant=ours_cls) as ow, \
                chess.syzygy.DtzTable(dtz_path, variant=theirs_cls) as tz, \
                lerf.syzygy.DtzTable(dtz_path, variant=ours_cls) as oz:
            for _ in range(100):
                fen = random_fen(rng, name)
                a, b = theirs_cls(fen), ours_cls(fen)
                if kings_lead(family, material) and a.kings & chess.BB_KING_ATTACKS[a.king(chess.WHITE)]:
                    continue
                want = [outcome(tw.probe_wdl_table, a), outcome(tz.probe_dtz_table, a, 2)]
                got = [outcome(ow.probe_wdl_table, b), outcome(oz.probe_dtz_table, b, 2)]
                probes += 1
                if got != want:
                    differences.append((fen, want, got))
    assert not differences, f"{len(differences)} of {probes}: {differences[:5]}"
    # The comparison is of answers, not of failures: most lookups found their table and
    # read values of every WDL class, and most searches ended in a DTZ.
    found = [v for v in values if isinstance(v, int)]
    assert len(found) > len(values) * 3 // 4, f"{len(found)} of {len(values)} lookups gave a value"
    assert set(found) == {-2, -1, 0, 1, 2}
    if searched:
        dtz = [v for v in searched if isinstance(v, int)]
        assert len(dtz) > len(searched) // 2, f"{len(dtz)} of {len(searched)} searches gave a DTZ"


def test_variant_files_are_found_by_their_family(tmp_path):
    rng = random.Random(7)
    suicide, giveaway = chess.variant.SuicideBoard, chess.variant.GiveawayBoard
    write_table(str(tmp_path / "NvN.gtbw"), suicide.tbw_magic, "NvN", "wdl", True, rng)
    write_table(str(tmp_path / "PvP.gtbw"), giveaway.tbw_magic, "PvP", "wdl", True, rng)
    write_table(str(tmp_path / "KvK.stbw"), suicide.tbw_magic, "KvK", "wdl", True, rng)
    # Suicide reads its own files and the pawnless ones of giveaway; giveaway all three.
    for variant, added in (("SuicideBoard", 2), ("GiveawayBoard", 3), ("AntichessBoard", 3),
                           ("AtomicBoard", 0)):
        for lib in (chess, lerf):
            tables = lib.syzygy.Tablebase(VariantBoard=getattr(lib.variant, variant))
            assert tables.add_directory(str(tmp_path)) == added, (lib.__name__, variant)
    assert lerf.syzygy.Tablebase().add_directory(str(tmp_path)) == 0
    # A pawnless file must carry the reading family's magic number: NvN.gtbw was written
    # with suicide's, which giveaway refuses, naming the file, as python-chess does.
    board = "8/8/8/8/8/8/8/n6N w - - 0 1"
    for lib in (chess, lerf):
        tables = lib.syzygy.open_tablebase(str(tmp_path), VariantBoard=lib.variant.GiveawayBoard)
        with pytest.raises(OSError, match="NvN.gtbw"):
            tables.probe_wdl_table(lib.variant.GiveawayBoard(board))
        tables = lib.syzygy.open_tablebase(str(tmp_path), VariantBoard=lib.variant.SuicideBoard)
        assert tables.probe_wdl_table(lib.variant.SuicideBoard(board)) in range(-2, 3)
