"""lerf.Board's methods given what python-chess's take besides the usual: colours and flags
by their truth, any integer for bits, squares and masks, odd texts, other libraries'
pieces, what is no move. The same answer, or the same exception with the same words."""

import chess
import pytest

import lerf


def test_colours_and_flags_are_read_by_their_truth_as_python_chess_reads_them():
    """python-chess takes any colour that indexes or tests as one (`1`, `0`, NumPy
    integers from a feature loop) and any truthy flag; lerf refused everything but bool."""
    import chess

    np = pytest.importorskip("numpy")
    fen = "r3k2r/8/8/8/3p4/8/4P3/R3K2R w KQkq - 0 1"
    for colour in (1, 0, np.int64(1), np.uint8(0)):
        answers = []
        for lib in (chess, lerf):
            board = lib.Board(fen)
            row = [int(board.pieces(lib.PAWN, colour)), board.king(colour), int(board.attackers(colour, lib.E4)),
                   board.is_attacked_by(colour, lib.D5), board.has_castling_rights(colour),
                   board.has_kingside_castling_rights(colour), board.has_queenside_castling_rights(colour),
                   board.has_insufficient_material(colour), int(board.pin(colour, lib.E2)), board.is_pinned(colour, lib.E2),
                   board.pieces_mask(lib.KNIGHT, colour), lib.Piece(lib.KING, colour).symbol(),
                   lib.Piece(lib.KING, colour) == lib.Piece(lib.KING, bool(colour)),
                   board.is_game_over(claim_draw=colour), board.fen(shredder=colour),
                   board.unicode(invert_color=colour, borders=colour), board.chess960_pos(ignore_turn=colour)]
            board.turn = colour
            row.append(board.fen())
            answers.append(row)
        assert answers[0] == answers[1], colour


def test_bit_flips_of_any_int_as_python_chess():
    """The flips are plain arithmetic in python-chess, so any int has an answer (a negative
    one looped for ever in lerf's flip_diagonal)."""
    import chess

    import numpy

    def outcome(call):
        try:
            return int(call())
        except Exception as e:  # noqa: BLE001 - the exception is compared
            return type(e).__name__, str(e)

    values = [0, 1, -1, -(1 << 63), (1 << 64) - 1, 1 << 64, 0x0123_4567_89AB_CDEF, -0x55AA, -(1 << 70),
              True, numpy.uint64(0x8100_0000_0000_0042), 3.0, "e4", None]
    for name in ["flip_vertical", "flip_horizontal", "flip_diagonal", "flip_anti_diagonal"]:
        for value in values:
            ours, theirs = getattr(lerf, name), getattr(chess, name)
            assert outcome(lambda: ours(value)) == outcome(lambda: theirs(value)), (name, value)
        # A square set is flipped into a new one, itself unchanged (in-place `^=` changed it).
        mine, given = getattr(lerf, name)(lerf.SquareSet(0x1E22_2212_0E0A_1222)), lerf.SquareSet(0x1E22_2212_0E0A_1222)
        getattr(lerf, name)(given)
        assert int(given) == 0x1E22_2212_0E0A_1222 and type(mine) is lerf.SquareSet
        assert int(mine) == int(getattr(chess, name)(chess.SquareSet(0x1E22_2212_0E0A_1222)))


@pytest.mark.parametrize(
    "text",
    ["e2e4", "e2e5", "e7e8q", "a1a1", "a1a1q", "h8h8k", "a1a1x", "z9z9", "A1A1", "xx", "", "exd5 n@f3",
     "n@f", "N@f3", "0000", "e2e4e", "a7a8Q", "\u00e9\u00e9\u00e9\u00e9", "e2e5'", "e1h1", "e1a1", "e2e4q"],
)
def test_uci_refused_in_python_chess_words(text):
    def outcome(call):
        try:
            return call().uci()
        except Exception as e:  # noqa: BLE001 - the exception is compared
            return type(e).__name__, str(e)

    assert outcome(lambda: lerf.Move.from_uci(text)) == outcome(lambda: chess.Move.from_uci(text))
    assert outcome(lambda: lerf.Board().parse_uci(text)) == outcome(lambda: chess.Board().parse_uci(text))
    # SAN written as squares names the move looked for and the squares as written.
    assert outcome(lambda: lerf.Board().parse_san(text)) == outcome(lambda: chess.Board().parse_san(text))


def test_distances_of_any_numbers_as_python_chess():
    """python-chess's distances are arithmetic on files and ranks, so numbers that are no
    squares have answers too (lerf's knight distance, a table, refused them)."""

    def outcome(call):
        try:
            return call()
        except Exception as e:  # noqa: BLE001 - the exception is compared
            return type(e).__name__, str(e)

    odd = [True, False, 1 << 64, -(1 << 64), 3.0, "e4", None]
    values = list(range(-70, 140, 3)) + odd
    for name in ["square_distance", "square_manhattan_distance", "square_knight_distance"]:
        ours, theirs = getattr(lerf, name), getattr(chess, name)
        for a in values:
            for b in values:
                assert outcome(lambda: ours(a, b)) == outcome(lambda: theirs(a, b)), (name, a, b)


def test_odd_squares_colours_and_piece_types_as_python_chess_indexes_them():
    """python-chess indexes its lists with squares and colours (so -1 is h8, and White as a
    list's last item) and compares piece types with its constants (True is a pawn, 2.0 a
    knight); what is out of range or of another type raises as the list does."""
    np = pytest.importorskip("numpy")

    def outcome(call):
        try:
            value = call()
        except Exception as e:  # noqa: BLE001 - the exception is compared
            return type(e).__name__, str(e)
        return int(value) if type(value).__name__ == "SquareSet" else str(value) if value is not None else None

    squares = [-1, -64, 64, -65, 63, 0, True, 3.0, None, "e4", np.int64(5), np.uint8(7), 1 << 64]
    # Not -2: python-chess takes it as Black where it indexes and as White where it tests
    # its truth (a pawn's direction), a mix lerf does not copy (its README).
    colours = [True, False, 0, 1, -1, 2, None, "w", np.bool_(True), np.int64(1)]
    fens = [chess.STARTING_FEN, "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1", "8/8/8/8/8/8/8/8 w - - 0 1"]
    for fen in fens:
        ours, theirs = lerf.Board(fen), chess.Board(fen)
        for square in squares:
            for name in ["piece_at", "piece_type_at", "color_at", "attacks", "attacks_mask"]:
                assert outcome(lambda: getattr(ours, name)(square)) == outcome(lambda: getattr(theirs, name)(square))
            for colour in colours:
                for name in ["attackers_mask", "is_attacked_by", "attackers", "pin_mask", "pin", "is_pinned"]:
                    mine = outcome(lambda: getattr(ours, name)(colour, square))
                    assert mine == outcome(lambda: getattr(theirs, name)(colour, square)), (name, colour, square, fen)
            edited = [lib.Board(fen) for lib in (lerf, chess)]
            results = [outcome(lambda: board.set_piece_at(square, board.piece_at(0))) for board in edited]
            assert results[0] == results[1] and edited[0].fen() == edited[1].fen(), (square, fen)
        for colour in colours:
            assert outcome(lambda: ours.king(colour)) == outcome(lambda: theirs.king(colour)), colour
            for piece_type in [1, 6, 0, 7, -1, None, True, 2.0, np.int64(3)]:
                for name in ["pieces", "pieces_mask"]:
                    mine = outcome(lambda: getattr(ours, name)(piece_type, colour))
                    assert mine == outcome(lambda: getattr(theirs, name)(piece_type, colour)), (name, piece_type, colour)
    # Not NumPy's integers: python-chess's between shifts its 64-bit mask by them, which
    # NumPy refuses (the mask does not fit its int64); lerf answers.
    plain = [square for square in squares if not isinstance(square, np.integer)]
    for a in plain:
        for b in plain:
            for name in ["ray", "between"]:
                mine = outcome(lambda: getattr(lerf.SquareSet, name)(a, b))
                assert mine == outcome(lambda: getattr(chess.SquareSet, name)(a, b)), (name, a, b)
        assert outcome(lambda: lerf.SquareSet.from_square(a)) == outcome(lambda: chess.SquareSet.from_square(a))


@pytest.mark.parametrize("board_class", ["Board", "variant.AtomicBoard"])
def test_what_is_no_move_as_python_chess_meets_it(board_class):
    """is_legal and is_pseudo_legal answer False for a false value (None too) and raise
    AttributeError for another object without a drop; the other methods raise
    AttributeError for an object that is no move (lerf raised TypeError)."""
    import chess.variant

    import lerf.variant

    def make(lib):
        module, _, name = board_class.rpartition(".")
        return getattr(getattr(lib, module) if module else lib, name)()

    for value in [None, 0, "", "e2e4", 3, (12, 28), True]:
        for name in ["is_legal", "is_pseudo_legal"]:
            ours, theirs = make(lerf), make(chess)
            try:
                expected = getattr(theirs, name)(value)
            except AttributeError:
                with pytest.raises(AttributeError, match="has no attribute 'drop'"):
                    getattr(ours, name)(value)
            else:
                assert getattr(ours, name)(value) == expected, (name, value)
    for value in [None, "e2e4", 3, (12, 28)]:
        for name in ["is_capture", "is_zeroing", "is_castling", "is_en_passant", "gives_check", "san", "uci"]:
            with pytest.raises(AttributeError):
                getattr(make(chess), name)(value)
            with pytest.raises(AttributeError):
                getattr(make(lerf), name)(value)


def test_copies_repetitions_and_chess960_numbers_of_any_argument_as_python_chess():
    """copy(stack=...) keeps what python-chess's slice move_stack[-stack:] keeps (None is no
    move, a negative number drops the first moves); is_repetition takes any real count;
    Chess960 numbers are compared, then indexed, as python-chess does."""
    np = pytest.importorskip("numpy")

    def outcome(call):
        try:
            return call()
        except Exception as e:  # noqa: BLE001 - the exception is compared
            return type(e).__name__, str(e)

    def played(lib):
        board = lib.Board()
        for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3"]:
            board.push_san(san)
        return board

    for stack in [True, False, None, 0, 1, 3, 9, -1, -4, -9, 1 << 70, 2.0, "1", np.int64(2)]:
        mine = outcome(lambda: [m.uci() for m in played(lerf).copy(stack=stack).move_stack])
        assert mine == outcome(lambda: [m.uci() for m in played(chess).copy(stack=stack).move_stack]), stack
    # CPython 3.13 ends a Python function's unknown-keyword error with ". Did you mean
    # 'stack'?"; the message PyO3 makes for lerf's method has no such suggestion.
    def unsuggested(result):
        kind, message = result
        return kind, message.split(". Did you mean")[0]

    ours = unsuggested(outcome(lambda: lerf.Board().copy(stacks=1)))
    assert ours == unsuggested(outcome(lambda: chess.Board().copy(stacks=1)))
    for count in [1, 0, -5, 2, 3, 1.5, 2.0, 2.5, 0.5, True, 1 << 70, np.int64(2)]:
        assert played(lerf).is_repetition(count) == played(chess).is_repetition(count), count
        assert lerf.Board().is_repetition(count) == chess.Board().is_repetition(count), count
    for number in [0, 518, 959, 960, -1, 1 << 64, 3.0, None, "5", np.int64(5)]:
        for call in [lambda lib: lib.Board.from_chess960_pos(number).fen(),
                     lambda lib: lib.BaseBoard.from_chess960_pos(number).board_fen()]:
            assert outcome(lambda: call(lerf)) == outcome(lambda: call(chess)), number


def test_pieces_of_another_library_or_none_as_python_chess_takes_them():
    """A piece is read by its piece_type and color (python-chess's Piece on a lerf board);
    what has no piece_type raises python-chess's AttributeError (lerf raised TypeError)."""
    board = lerf.Board(None)
    board.set_piece_map({0: chess.Piece(1, True), 60: chess.Piece(6, False)})
    board.set_piece_at(1, chess.Piece(2, True))
    assert board.board_fen() == "4k3/8/8/8/8/8/8/PN6"
    for value in [None, "P", 3]:
        errors = []
        for lib in (lerf, chess):
            with pytest.raises(AttributeError) as raised:
                lib.Board().set_piece_map({0: value})
            errors.append(str(raised.value))
        assert errors[0] == errors[1], value


@pytest.mark.parametrize("text", ["", " ", "\t", chess.STARTING_FEN + " ", "  " + chess.STARTING_FEN, " 8/8 ", "8/8/8/8/8/8/8/9"])
def test_blank_and_padded_fens_refused_in_python_chess_words(text):
    # python-chess says "empty fen" with nothing quoted, and quotes a board part without
    # the white space around it.
    def outcome(call):
        try:
            return call().board_fen()
        except ValueError as e:
            return str(e)

    for make in [lambda lib: lib.Board(text), lambda lib: lib.BaseBoard(text),
                 lambda lib: (lambda b: (b.set_board_fen(text), b)[1])(lib.Board())]:
        assert outcome(lambda: make(lerf)) == outcome(lambda: make(chess)), text


@pytest.mark.parametrize("field", ["", "-", "KQkq", "x", "KK", "AHah", " KQ", "Kk-", "--", "KQkqK"])
def test_castling_fields_set_as_python_chess_sets_them(field):
    def outcome(lib):
        board = lib.Board()
        try:
            board.set_castling_fen(field)
        except ValueError as e:
            return str(e)
        return board.fen(), board.castling_rights

    assert outcome(lerf) == outcome(chess)


def test_find_move_takes_its_arguments_as_python_chess():
    """Squares and promotions index python-chess's lists: a negative square names one from
    h8 down but never makes a legal move, promotion 0 is none but never legal, 7 raises."""
    import itertools

    def outcome(call):
        try:
            return call().uci()
        except Exception as e:  # noqa: BLE001 - the exception is compared
            return type(e).__name__, str(e)

    squares = [12, 52, 60, 64, -1, -52, 3.0, None, True]
    targets = [28, 36, 60, 63, -36, 64, 2.0]
    promotions = [None, 0, 2, 5, 7, -1, True, 2.0]
    for fen in [chess.STARTING_FEN, "8/4P3/8/8/8/8/8/k3K2R w K - 0 1"]:
        for a, b, p in itertools.product(squares, targets, promotions):
            mine = outcome(lambda: lerf.Board(fen).find_move(a, b, p))
            assert mine == outcome(lambda: chess.Board(fen).find_move(a, b, p)), (a, b, p, fen)


def test_masks_are_any_integer_as_python_chess_ands_them():
    """from_mask/to_mask and piece_map(mask=...) take any integer as python-chess's `&`
    does: -1 (~0) is every square, a negative one its two's complement, a wider one its low
    64 bits. lerf raised OverflowError for these."""
    masks = [0, -1, ~0, 1 << 64, (1 << 64) - 1, -2, 1 << 70, chess.BB_RANK_2, -chess.BB_RANK_2, ~chess.BB_RANK_2,
             True, 2**63, -(2**63), (1 << 70) | chess.BB_RANK_1]
    generators = ["generate_legal_moves", "generate_pseudo_legal_moves", "generate_legal_captures",
                  "generate_pseudo_legal_captures", "generate_legal_ep", "generate_pseudo_legal_ep",
                  "generate_castling_moves"]
    for fen in [chess.STARTING_FEN, "r3k2r/pppppppp/8/8/4Pp2/8/PPPP1PPP/R3K2R b KQkq e3 0 1"]:
        ours, theirs = lerf.Board(fen), chess.Board(fen)
        for name in generators:
            for from_mask in masks:
                for to_mask in masks:
                    assert [m.uci() for m in getattr(ours, name)(from_mask, to_mask)] == \
                        [m.uci() for m in getattr(theirs, name)(from_mask, to_mask)], (fen, name, from_mask, to_mask)
        for mask in masks:
            assert {sq: p.symbol() for sq, p in ours.piece_map(mask=mask).items()} == \
                {sq: p.symbol() for sq, p in theirs.piece_map(mask=mask).items()}, mask
    with pytest.raises(TypeError, match=r"unsupported operand type\(s\) for &: 'int' and 'float'"):
        list(lerf.Board().generate_legal_moves(3.0))
