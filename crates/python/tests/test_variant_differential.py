"""lerf.variant against python-chess's chess.variant (the reference, from PyPI): random games
of every variant, Chess960 starts where the variant has them, moves taken back on the way;
after every move each board's FEN, EPD, legal and pseudo-legal moves in order, the SAN of
every legal move, check, status, the variant's end and result, insufficient material, the
outcome, the legal captures, en passant and castling moves, the checkers and whether a
move goes (or went) into check must agree."""

from __future__ import annotations

import os
import random

import chess
import chess.variant
import pytest

import lerf
import lerf.variant

from budget import count
from placements import placement

# Random games a variant, played move by move against python-chess.
GAMES = count("LERF_VARIANT_GAMES", quick=15, long=40)
NAMES = ["SuicideBoard", "GiveawayBoard", "AntichessBoard", "AtomicBoard", "KingOfTheHillBoard",
         "RacingKingsBoard", "HordeBoard", "ThreeCheckBoard", "CrazyhouseBoard"]
CHESS960 = {"AtomicBoard", "KingOfTheHillBoard", "ThreeCheckBoard", "CrazyhouseBoard", "SuicideBoard", "GiveawayBoard"}


def snapshot(board, with_san):
    legal = list(board.legal_moves)
    state = {
        "fen": board.fen(),
        "epd": board.epd(),
        "legal": [m.uci() for m in legal],
        "pseudo": [m.uci() for m in board.pseudo_legal_moves],
        "check": board.is_check(),
        "checkmate": board.is_checkmate(),
        "stalemate": board.is_stalemate(),
        "status": int(board.status()),
        "end": (board.is_variant_end(), board.is_variant_win(), board.is_variant_loss(), board.is_variant_draw()),
        "insufficient": (board.has_insufficient_material(True), board.has_insufficient_material(False)),
        "outcome": None if board.outcome() is None else (board.outcome().termination.name, board.outcome().winner),
    }
    # The narrower generators and the check queries, which variants answer their own way
    # (no check in the suicide family, kings side by side in atomic, no castling once a
    # game is over).
    state["captures"] = [m.uci() for m in board.generate_legal_captures()]
    state["ep"] = [m.uci() for m in board.generate_legal_ep()]
    state["castling"] = [m.uci() for m in board.generate_castling_moves()]
    state["checkers"] = (int(board.checkers_mask()), sorted(board.checkers()))
    state["was_into_check"] = board.was_into_check()
    if isinstance(board, (chess.variant.CrazyhouseBoard, lerf.variant.CrazyhouseBoard)):
        state["drops"] = [m.uci() for m in board.generate_legal_drops()]
        state["pseudo_drops"] = [m.uci() for m in board.generate_pseudo_legal_drops()]
        state["drop_squares"] = board.legal_drop_squares_mask()
    if with_san:
        state["san"] = [board.san(m) for m in legal]
        state["into_check"] = [board.is_into_check(m) for m in legal]
    return state


@pytest.mark.parametrize("name", NAMES)
def test_random_games_agree_with_python_chess(name):
    rng = random.Random(name)
    ours_class, theirs_class = getattr(lerf.variant, name), getattr(chess.variant, name)
    checked = 0
    for game in range(GAMES):
        if name in CHESS960 and game % 3 == 2:
            index = rng.randrange(960)
            theirs = theirs_class(chess960=True)
            theirs.set_chess960_pos(index)
            if name == "ThreeCheckBoard":
                theirs.remaining_checks = [3, 3]
            ours = ours_class(theirs.fen(), chess960=True)
        else:
            theirs, ours = theirs_class(), ours_class()
        for ply in range(rng.randrange(20, 90)):
            with_san = ply % 4 == 0
            assert snapshot(ours, with_san) == snapshot(theirs, with_san), (name, theirs.fen(), [m.uci() for m in theirs.move_stack])
            checked += 1
            moves = sorted(theirs.legal_moves, key=lambda m: m.uci())
            if not moves:
                break
            if theirs.move_stack and rng.random() < 0.1:
                assert ours.pop().uci() == theirs.pop().uci()
                continue
            move = rng.choice(moves)
            theirs.push(move)
            ours.push(lerf.Move.from_uci(move.uci()))
    assert checked > GAMES * 10


def perft(board, depth):
    """Leaves `depth` plies deep, walked by push and pop, the last ply counted (both
    libraries' generators have count())."""
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in list(board.legal_moves):
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


@pytest.mark.parametrize("name", NAMES)
def test_perft_through_python_matches(name):
    # A few plies of perft through the Python boards, both libraries alike.
    ours, theirs = getattr(lerf.variant, name)(), getattr(chess.variant, name)()
    assert perft(ours, 3) == perft(theirs, 3)


SUITES = {"3check.perft": "ThreeCheckBoard", "atomic.perft": "AtomicBoard", "crazyhouse.perft": "CrazyhouseBoard",
          "giveaway.perft": "AntichessBoard", "horde.perft": "HordeBoard", "racingkings.perft": "RacingKingsBoard"}


def _suite_dir():
    sdist = os.environ.get("LERF_PYTHON_CHESS_SDIST") or os.path.join(
        os.path.dirname(__file__), "..", "..", "..", "target", "python-chess", "chess-1.11.2")
    path = os.path.join(sdist, "examples", "perft")
    return path if os.path.isdir(path) else None


@pytest.mark.parametrize("suite", sorted(SUITES))
def test_python_chess_perft_suites_through_python(suite):
    # python-chess's own variant perft suites (GPL data from its sdist, which cargo xtask
    # test downloads into target/), every count up to 20,000 nodes, through lerf.variant's
    # boards as a Python script walks them (the Rust test takes the larger counts).
    folder = _suite_dir()
    if folder is None:
        pytest.skip("python-chess's sdist is not in target/ (cargo xtask test downloads it)")

    board = getattr(lerf.variant, SUITES[suite])(chess960=True)
    checked = 0
    with open(os.path.join(folder, suite), encoding="utf-8") as handle:
        for line in handle:
            words = line.split(None, 1)
            if len(words) < 2:
                continue
            if words[0] == "epd":
                board.set_epd(words[1].strip())
            elif words[0] == "perft":
                depth, nodes = map(int, words[1].split())
                if nodes <= 20_000:
                    assert perft(board, depth) == nodes, (suite, board.epd(), depth)
                    checked += 1
    assert checked > 0


@pytest.mark.parametrize("name", NAMES)
def test_pickle_and_copies_keep_the_variant_state(name):
    import copy
    import pickle

    rng = random.Random("pickle" + name)
    board = getattr(lerf.variant, name)()
    for _ in range(30):
        moves = sorted(board.legal_moves, key=lambda m: m.uci())
        if not moves:
            break
        board.push(rng.choice(moves))
    for other in (pickle.loads(pickle.dumps(board)), copy.deepcopy(board), board.copy()):
        assert type(other) is type(board)
        assert other.fen() == board.fen() and other.move_stack == board.move_stack
        assert other.root().fen() == board.root().fen()
        while other.move_stack:
            other.pop()
        assert other.fen() == board.root().fen()


@pytest.mark.parametrize("name", NAMES)
def test_copies_and_pickles_play_by_the_variant(name):
    # Boards made by copy, pickle and root play by the variant's rules as the original does
    # (the Rust board keeps the variant for the ones without state beside the board).
    import copy
    import pickle

    rng = random.Random(name + "copies")
    theirs, ours = getattr(chess.variant, name)(), getattr(lerf.variant, name)()
    for _ in range(30):
        moves = sorted(theirs.legal_moves, key=lambda m: m.uci())
        if not moves:
            break
        move = rng.choice(moves)
        theirs.push(move)
        ours.push(lerf.Move.from_uci(move.uci()))
    made = [ours.copy(), copy.deepcopy(ours), pickle.loads(pickle.dumps(ours)), ours.copy(stack=False)]
    for board in made:
        for move in sorted(theirs.legal_moves, key=lambda m: m.uci()):
            theirs.push(move)
            board.push(lerf.Move.from_uci(move.uci()))
            assert board.fen() == theirs.fen(), (name, move.uci())
            assert [m.uci() for m in board.legal_moves] == [m.uci() for m in theirs.legal_moves]
            theirs.pop()
            board.pop()
    root_theirs, root_ours = theirs.root(), ours.root()
    for move in list(theirs.move_stack)[:10]:
        root_theirs.push(move)
        root_ours.push(lerf.Move.from_uci(move.uci()))
        assert root_ours.fen() == root_theirs.fen()


SAN_TEXTS = ["O-O", "O-O-O", "0-0", "--", "Z0", "@@@@", "e4", "exd5", "Nf3", "Ke2", "P@e6", "@e6", "Q@d4",
             "N@a1", "K@e4", "a8=K", "a8=Q", "a8", "e2e4", "xyz", "e9", "Qh5+", "Rxa7#", "e4,e5"]


@pytest.mark.parametrize("name", NAMES)
def test_parse_san_agrees_with_python_chess(name):
    # The SAN of legal moves and texts that are illegal, ambiguous or no SAN at all: the same
    # move, or the same exception with the same message (python-chess's castling is found
    # among the castling moves even where a capture is compulsory).
    rng = random.Random(name + "parse")
    compared = 0
    for _ in range(max(GAMES // 8, 3)):
        theirs, ours = getattr(chess.variant, name)(), getattr(lerf.variant, name)()
        for _ in range(60):
            legal = sorted(theirs.legal_moves, key=lambda m: m.uci())
            for san in [theirs.san(m) for m in legal[:8]] + SAN_TEXTS:
                results = []
                for board in (theirs, ours):
                    try:
                        results.append(("ok", board.parse_san(san).uci()))
                    except ValueError as error:
                        results.append((type(error).__name__, str(error)))
                assert results[0] == results[1], (name, theirs.fen(), san)
                compared += 1
            if not legal:
                break
            move = rng.choice(legal)
            theirs.push(move)
            ours.push(lerf.Move.from_uci(move.uci()))
    assert compared > 1000


def placement_fen(rng: random.Random, white: str, black: str) -> str:
    """A FEN of `white`'s and `black`'s pieces on random squares, either side to move."""
    return f"{placement(rng, white, black).board_fen()} {rng.choice('wb')} - - 0 1"


@pytest.mark.parametrize("name", ["SuicideBoard", "GiveawayBoard", "AntichessBoard", "AtomicBoard"])
def test_placements_no_game_reaches_end_as_in_python_chess(name):
    """Boards set up by FEN, one side without pieces (or the board empty) included: the
    variant's end, win, loss, draw and outcome are python-chess's. A side without pieces
    that is not to move is no loss in python-chess's losing chess (the board is a
    stalemate), which lerf once counted as one."""
    rng = random.Random(f"placements {name}")
    sides = ["", "N", "K", "P", "KQ", "PP", "BN"]
    for _ in range(600):
        white, black = rng.choice(sides), rng.choice(sides)
        if name == "AtomicBoard":
            white, black = "K" + white.replace("K", ""), "K" + black.replace("K", "") if rng.random() < 0.9 else ""
        fen = placement_fen(rng, white, black)
        theirs, ours = getattr(chess.variant, name)(fen), getattr(lerf.variant, name)(fen)
        assert snapshot(ours, False) == snapshot(theirs, False), fen


@pytest.mark.parametrize("name", ["SuicideBoard", "GiveawayBoard", "AntichessBoard"])
def test_promoted_pieces_are_marked_where_castling_is_chess960s(name):
    """The suicide family marks promoted pieces (`~`) unless asked otherwise where a
    castling right is Chess960's, as python-chess does (a long differential run found a
    giveaway game from a Chess960 start whose FEN lerf wrote without the mark)."""
    starts = ["bnrnkqrb/pPpppppp/8/8/8/8/P1PPPPPP/BNRNKQRB w KQkq - 0 1",
              "rnbqkbnr/pPpppppp/8/8/8/8/P1PPPPPP/RNBQKBNR w KQkq - 0 1"]
    compared = 0
    for fen in starts:
        for chess960 in (False, True):
            theirs = getattr(chess.variant, name)(fen, chess960=chess960)
            ours = getattr(lerf.variant, name)(fen, chess960=chess960)
            for move in sorted(theirs.legal_moves, key=lambda m: m.uci()):
                if not move.promotion:
                    continue
                theirs.push(move)
                ours.push(lerf.Move.from_uci(move.uci()))
                where = (name, fen, chess960, move.uci())
                for written in (lambda b: b.fen(), lambda b: b.epd(), lambda b: b.board_fen(),
                                lambda b: b.fen(promoted=False), lambda b: b.board_fen(promoted=True)):
                    assert written(ours) == written(theirs), where
                compared += 1
                theirs.pop()
                ours.pop()
    assert compared >= 8


@pytest.mark.parametrize("name", NAMES)
def test_repr_and_str_are_python_chess_s(name):
    """`repr` names the class, the FEN and, for a Chess960 board, `chess960=True`, as
    python-chess writes it (lerf's variant boards left the flag out)."""
    for chess960 in (False, True):
        theirs = getattr(chess.variant, name)(chess960=chess960)
        ours = getattr(lerf.variant, name)(chess960=chess960)
        for _ in range(2):
            assert (repr(ours), str(ours)) == (repr(theirs), str(theirs)), (name, chess960)
            move = sorted(theirs.legal_moves, key=lambda m: m.uci())[0]
            theirs.push(move)
            ours.push(lerf.Move.from_uci(move.uci()))


@pytest.mark.parametrize("name", NAMES)
def test_other_queries_agree_with_python_chess(name):
    """What a sweep of the variant boards' other methods found answered by chess's rules:
    transform keeping the variant's state (checks, pockets), find_move and the XBoard
    moves by the variant's legality, the suicide family's pins (none), crazyhouse's EPD
    (python-chess leaves its operations out) and the en passant square a FEN keeps once a
    piece is taken off (by the variant's legal captures)."""
    rng = random.Random(f"other {name}")
    for game in range(6):
        chess960 = name in CHESS960 and game % 2 == 1
        theirs = getattr(chess.variant, name)(chess960=chess960)
        if chess960:
            theirs.set_chess960_pos(rng.randrange(960))
            if name == "ThreeCheckBoard":
                theirs.remaining_checks = [3, 3]
        ours = getattr(lerf.variant, name)(theirs.fen(), chess960=chess960)
        for _ in range(rng.randrange(10, 70)):
            where = (name, theirs.fen())
            assert ours.transform(chess.flip_vertical).fen() == theirs.transform(chess.flip_vertical).fen(), where
            assert ours.epd(hmvc=3, id="x") == theirs.epd(hmvc=3, id="x"), where
            for sq in rng.sample(chess.SQUARES, 4):
                for color in chess.COLORS:
                    assert int(ours.pin(color, sq)) == int(theirs.pin(color, sq)), where
                    assert ours.is_pinned(color, sq) == theirs.is_pinned(color, sq), where
                edited_ours, edited_theirs = ours.copy(), theirs.copy()
                edited_ours.remove_piece_at(sq)
                edited_theirs.remove_piece_at(sq)
                assert edited_ours.fen() == edited_theirs.fen(), (where, sq)
            legal = sorted(theirs.legal_moves, key=lambda m: m.uci())
            for move in rng.sample(legal, min(3, len(legal))):
                if not move.drop:
                    assert ours.find_move(move.from_square, move.to_square, move.promotion).uci() == move.uci(), where
                text = theirs.xboard(move)
                assert ours.parse_xboard(text).uci() == theirs.parse_xboard(text).uci(), (where, text)
            if not legal:
                break
            move = rng.choice(legal)
            theirs.push(move)
            ours.push(lerf.Move.from_uci(move.uci()))


def test_horde_material_is_judged_as_python_chess_judges_it():
    """Horde's insufficient material over random armies: White up to four pieces of any
    kind (bishops of either colour, pawns off the back ranks), Black its king and up to
    seven; lerf once answered by a rule of its own (any rook or pawn mates, two knights
    never do), where python-chess weighs what Black has to box its own king in."""
    rng = random.Random("horde material")
    kinds = "PNBRQ"
    seen = set()
    for _ in range(4000):
        white = "".join(rng.choice(kinds) for _ in range(rng.choice([0, 1, 1, 2, 2, 3, 4])))
        black = "K" + "".join(rng.choice(kinds) for _ in range(rng.randrange(8)))
        fen = f"{placement(rng, white, black).board_fen()} {rng.choice('wb')} - - 0 1"
        theirs, ours = chess.variant.HordeBoard(fen), lerf.variant.HordeBoard(fen)
        for color in chess.COLORS:
            answer = theirs.has_insufficient_material(color)
            assert ours.has_insufficient_material(color) == answer, (fen, color)
            seen.add((color, answer))
        assert ours.status() == theirs.status(), fen
        assert ours.is_insufficient_material() == theirs.is_insufficient_material(), fen
    assert seen == {(True, True), (True, False), (False, False)}


def test_suicide_san_names_the_origin_as_python_chess_does():
    """Three rooks (and three kings, which the suicide family allows) reach one square: the
    origin's rank alone where another shares its file, whatever the third; lerf wrote file
    and rank."""
    fen = "3p1Q2/RQkQ1Nn1/1KK2n2/Qq3bN1/Q1K2R2/1p2Q1P1/1Nn1rnR1/1bk2R2 w - - 0 30"
    for name in ["SuicideBoard", "GiveawayBoard", "AntichessBoard"]:
        theirs, ours = getattr(chess.variant, name)(fen), getattr(lerf.variant, name)(fen)
        sans = [theirs.san(m) for m in theirs.legal_moves]
        assert "R4xf2" in sans and "K4xb5" in sans
        assert [ours.san(lerf.Move.from_uci(m.uci())) for m in theirs.legal_moves] == sans, name


def test_a_king_in_a_crazyhouse_pocket_as_python_chess_has_it():
    """A king taken in a set-up no game reaches goes to the pocket: written first, and its
    drops listed among the moves (python-chess's is_pseudo_legal still refuses them)."""
    fen = "7k/8/8/8/8/8/8/K5Kq[n] b - - 0 1"
    theirs, ours = chess.variant.CrazyhouseBoard(fen), lerf.variant.CrazyhouseBoard(fen)
    theirs.push_uci("h1g1")
    ours.push_uci("h1g1")
    assert ours.fen() == theirs.fen() == "7k/8/8/8/8/8/8/K5q1[kn] w - - 0 2"
    theirs.push_uci("a1a2")
    ours.push_uci("a1a2")
    assert [m.uci() for m in ours.legal_moves] == [m.uci() for m in theirs.legal_moves]
    assert any(m.drop == chess.KING for m in theirs.legal_moves)
    assert [m.uci() for m in ours.generate_pseudo_legal_drops()] == [m.uci() for m in theirs.generate_pseudo_legal_drops()]
    king_drop = chess.Move.from_uci("K@e4")
    assert ours.is_pseudo_legal(lerf.Move.from_uci("K@e4")) == theirs.is_pseudo_legal(king_drop) is False
    assert str(lerf.variant.CrazyhousePocket("pnbrqk")) == str(chess.variant.CrazyhousePocket("pnbrqk")) == "kqrbnp"


#: Set-ups no game reaches, where python-chess's variant rules still give answers: several
#: kings of a side in atomic (its king is the highest unpromoted one; kings touch when any two
#: of opposite colours do; a king may capture when another is left), a king en prise in
#: racing kings (taking it gives no check), both sides through their checks in three-check
#: (a draw), crowded crazyhouse boards (each count clears its own flags) and a king in hand.
ODD_SET_UPS = [
    ("AtomicBoard", "8/6K1/8/8/8/8/8/1k2K2B b - a6 8 21", ["b1c1", "g7f6", "c1d2"]),
    ("AtomicBoard", "k7/3K4/3Q1B1B/1nb5/5K1Q/8/Q1q5/1N1p4 w KQkq e3 40 25", ["h4h5"]),
    ("AtomicBoard", "2k3b1/1KNq4/6P1/N4QKq/5K2/8/1q2B3/8 w Kk h3 59 40", []),
    ("AtomicBoard", "q1QqP1r1/1bNk1KRp/kBkn4/1rr2KR1/3N3B/1Q1Rb1bB/5b1R/n2k4 w - d6 52 52", []),
    ("AtomicBoard", "QB6/1k6/pKP1q1BQ/RNqp3k/Pq2B2p/1q1Kk1nk/Q3b2b/1Nq2n1N w K d6 4 29", []),
    ("RacingKingsBoard", "8/6q1/8/8/8/8/3r2K1/3k4 b - - 0 1", []),
    ("RacingKingsBoard", "Q1k5/4R3/r6b/5K2/8/3k4/1q6/N3Br1B w - - 8 49", []),
    ("ThreeCheckBoard", "6Pn/4rK1p/pq6/1N2k3/5q2/r2p1R2/8/8 b - - 0+0 53 67", []),
    ("CrazyhouseBoard", "1P1nnN1N/Q1n3RP/3n~1P2/2Pn~N1kB/PQ~nP1r2/8/2Kb1BrP/nQ2P1P1[NNQp] w - - 25 13", []),
    ("CrazyhouseBoard", "2N2r~1n/1k1kp3/1K2k3/1K4BK/N5R1/3B4/Q2R1KN1/2Pq4[r] w - - 34 13", ["b6b7", "R@h4", "b7a6", "d1f3", "K@a5"]),
    # En passant squares with no pawn to take: nothing explodes, nothing goes to a pocket.
    ("AtomicBoard", "1r6/4q3/1NK4R/4P1N1/5N2/krnN3B/8/8 w - d6 21 21", ["e5d6"]),
    ("RacingKingsBoard", "3b1Prr/2P5/6n1/2P3QR/2kN2P1/2p1Kn2/b2P3B/2P2B2 w - d6 55 52", []),
    ("CrazyhouseBoard", "k7/8/8/4P3/8/8/8/K7[] w - d6 0 1", ["e5d6"]),
    # A game's position: the en passant capture would blow up White's own king, and still
    # python-chess lists it as a legal en passant capture and keeps d6 in the FEN.
    ("AtomicBoard", "4k3/3p4/4K3/4P3/8/8/8/8 b - - 0 1", ["d7d5"]),
    # A goal square seen through the black king is free, by python-chess's reckoning.
    ("RacingKingsBoard", "4rK2/4k3/3B4/6Q1/8/b7/8/8 b - - 0 1", []),
]


@pytest.mark.parametrize("name,fen,moves", ODD_SET_UPS)
def test_odd_set_ups_answer_as_python_chess(name, fen, moves):
    theirs, ours = getattr(chess.variant, name)(fen), getattr(lerf.variant, name)(fen)
    for uci in moves + [None]:
        assert snapshot(ours, True) == snapshot(theirs, True), (fen, uci)
        assert ours.status() == theirs.status(), (fen, uci)
        assert (ours.is_variant_win(), ours.is_variant_loss(), ours.is_variant_draw()) == (
            theirs.is_variant_win(), theirs.is_variant_loss(), theirs.is_variant_draw()), (fen, uci)
        if uci is not None:
            theirs.push(chess.Move.from_uci(uci))
            ours.push(lerf.Move.from_uci(uci))
    while theirs.move_stack:
        assert ours.pop().uci() == theirs.pop().uci()
    assert ours.fen() == theirs.fen()


@pytest.mark.parametrize("name", NAMES)
def test_san_of_moves_that_are_not_pseudo_legal_as_python_chess(name):
    # A move from an empty square: python-chess's AssertionError and words. A move with a
    # piece that cannot make it: SAN all the same (suicide's written in Python, its suffix
    # from the position python-chess's push would make).
    def outcome(call):
        try:
            return call()
        except Exception as e:  # noqa: BLE001 - the exception is compared
            return type(e).__name__, str(e)

    for squares in [(47, 11, 5), (22, 23, None), (48, 54, 6), (57, 20, 5), (8, 60, None), (13, 58, 4)]:
        ours, theirs = getattr(lerf.variant, name)(), getattr(chess.variant, name)()
        for method in ("san", "lan"):
            mine = outcome(lambda: getattr(ours, method)(lerf.Move(*squares)))
            assert mine == outcome(lambda: getattr(theirs, method)(chess.Move(*squares))), (name, squares)


def test_a_pocket_keeps_python_chess_s_slot_for_no_piece_type():
    # python-chess's pocket lists -1 at index 0 (no piece type): count(0) reads it, len()
    # and str() leave it out, add(0) changes only it.
    for lib in (chess.variant, lerf.variant):
        pocket = lib.CrazyhousePocket("pn")
        before = [pocket.count(0), len(pocket), str(pocket)]
        pocket.add(0)
        after = [pocket.count(0), len(pocket), str(pocket)]
        pocket.reset()
        board = lib.CrazyhouseBoard()
        answers = before + after + [pocket.count(0), len(pocket), board.pockets[True].count(0)]
        if lib is chess.variant:
            expected = answers
    assert answers == expected
