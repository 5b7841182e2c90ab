"""lerf.svg against python-chess's chess.svg: the same drawing element by element (random
boards and arguments), the same picture in a real browser, well-formed XML, and the
notebook hooks."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import tempfile
import xml.etree.ElementTree as ET

import chess
import chess.svg
import pytest

import lerf
import lerf.svg

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}"
FEN = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
COLORS = ["green", "red", "yellow", "blue", "#0000cccc", "purple"]


def random_arguments(rng: random.Random, lib) -> dict:
    """One call's arguments for either library (same values, each library's types)."""
    board = lib.Board(None) if rng.random() < 0.1 else lib.Board(FEN if rng.random() < 0.3 else None)
    if board.piece_map() and rng.random() < 0.7:
        for _ in range(rng.randrange(30)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
    args = {"board": board if rng.random() < 0.9 else None}
    if rng.random() < 0.5:
        args["orientation"] = rng.random() < 0.5
    if rng.random() < 0.2:
        args["flipped"] = True
    if rng.random() < 0.5:
        args["lastmove"] = lib.Move(rng.randrange(64), rng.randrange(64))
    if rng.random() < 0.4:
        args["check"] = rng.randrange(64)
    if rng.random() < 0.6:
        args["arrows"] = [
            lib.svg.Arrow(rng.randrange(64), rng.randrange(64), color=rng.choice(COLORS))
            if rng.random() < 0.6
            else (rng.randrange(64), rng.randrange(64))
            for _ in range(rng.randrange(4))
        ]
    if rng.random() < 0.4:
        args["fill"] = {
            rng.randrange(64): rng.choice(["#ff000080", "#f008", "#00ff00", "red", "rgba(0,0,255,0.3)"])
            for _ in range(rng.randrange(5))
        }
    if rng.random() < 0.4:
        squares = [rng.randrange(64) for _ in range(rng.randrange(6))]
        args["squares"] = lib.SquareSet(squares) if rng.random() < 0.5 else squares
    if rng.random() < 0.5:
        args["size"] = rng.choice([100, 390, 400])
    args["coordinates"] = rng.random() < 0.7
    args["borders"] = rng.random() < 0.4
    if rng.random() < 0.3:
        args["colors"] = {
            rng.choice(list(lib.svg.DEFAULT_COLORS)): rng.choice(["#123456", "#abcdef80", "#fff8"])
            for _ in range(3)
        }
    if rng.random() < 0.2:
        args["style"] = ".square.light { fill: #eee; }"
    return args


def drawing(svg: str) -> list:
    """What an SVG draws, as comparable rows: every element outside the definitions, the
    description and the coordinates' glyphs (which each library writes its own way), with
    numbers rounded."""

    root = ET.fromstring(svg)
    rows = [("svg", root.get("viewBox"), root.get("width"), root.get("height"))]
    for element in root:
        tag = element.tag.replace(SVG, "")
        if tag in ("defs", "desc", "style", "text") or (tag == "g" and "scale" in element.get("transform", "")):
            continue
        attrs = {}
        for key, value in element.attrib.items():
            key = key.replace(XLINK, "xlink:")
            if key == "href":
                continue  # SVG 2's name for xlink:href, which python-chess writes beside it
            try:
                value = round(float(value), 6)
            except ValueError:
                if key == "points":
                    value = sorted(tuple(round(float(n), 6) for n in p.split(",")) for p in value.split())
            attrs[key] = value
        rows.append((tag, sorted(attrs.items(), key=str)))
    return rows


def test_python_chess_svg_tests():
    svg = lerf.BaseBoard("4k3/8/8/8/8/8/8/4KB2")._repr_svg_()
    assert "white bishop" in svg and "black queen" not in svg
    svg = lerf.svg.board(arrows=[(lerf.A1, lerf.A1)])
    assert "<circle" in svg and "<line" not in svg
    svg = lerf.svg.board(arrows=[lerf.svg.Arrow(lerf.A1, lerf.H8)])
    assert "<circle" not in svg and "<line" in svg
    assert 'id="white-king"' in lerf.svg.piece(lerf.Piece.from_symbol("K"))


def test_the_same_drawing_as_python_chess_for_random_boards_and_arguments():
    for seed in range(400):
        ours = random_arguments(random.Random(seed), lerf)
        theirs = random_arguments(random.Random(seed), chess)
        mine, expected = lerf.svg.board(**ours), chess.svg.board(**theirs)
        assert drawing(mine) == drawing(expected), (seed, ours)
        ET.fromstring(mine)  # well-formed


def test_what_the_caller_gives_is_escaped_as_python_chess_escapes_it():
    def args(lib):
        return dict(
            fill={0: 'a"b<c&', 1: "#ggg8", 2: "#zzzzzzzz"},
            style="a > b { fill: red } </style><x>",
            arrows=[lib.svg.Arrow(0, 9, color='r"ed&<')],
            colors={"square light": "#12345678", "margin": '<"&>'},
        )

    mine, theirs = lerf.svg.board(**args(lerf)), chess.svg.board(**args(chess))
    assert drawing(mine) == drawing(theirs)
    assert ET.fromstring(mine).find(SVG + "style").text == ET.fromstring(theirs).find(SVG + "style").text


def test_pieces_alone_are_python_chess_s():
    for symbol in "PNBRQKpnbrqk":
        for size in (None, 45, 100):
            mine = lerf.svg.piece(lerf.Piece.from_symbol(symbol), size=size)
            theirs = chess.svg.piece(chess.Piece.from_symbol(symbol), size=size)
            assert ET.tostring(ET.fromstring(mine)) == ET.tostring(ET.fromstring(theirs))


def test_notebook_hooks_draw_what_python_chess_draws():
    board, reference = lerf.Board(), chess.Board()
    for san in ["e4", "f5", "Qh5"]:
        board.push_san(san)
        reference.push_san(san)
    cases = [
        (board, reference),
        (lerf.BaseBoard("4k3/8/8/8/8/8/8/4KB2"), chess.BaseBoard("4k3/8/8/8/8/8/8/4KB2")),
        (lerf.SquareSet([1, 2, 63]), chess.SquareSet([1, 2, 63])),
    ]
    for mine, theirs in cases:
        assert drawing(mine._repr_svg_()) == drawing(theirs._repr_svg_())
        assert isinstance(mine._repr_svg_(), lerf.svg.SvgWrapper)
    assert "check_gradient" in board._repr_svg_()
    piece = lerf.Piece.from_symbol("q")._repr_svg_()
    assert piece == lerf.svg.piece(lerf.Piece.from_symbol("q"), size=45)
    wrapper = lerf.svg.board()
    assert wrapper._repr_svg_() is wrapper and wrapper._repr_html_() is wrapper


def test_notebooks_show_pictures_through_ipython_s_display():
    formatter = pytest.importorskip("IPython.core.formatters", reason="IPython is not installed").DisplayFormatter()
    board = lerf.Board()
    board.push_san("e4")
    for value in [board, lerf.BaseBoard(), lerf.Piece.from_symbol("N"), lerf.SquareSet([0, 63]), lerf.svg.board()]:
        data, _ = formatter.format(value)
        assert data["image/svg+xml"].startswith("<svg"), type(value)
        ET.fromstring(data["image/svg+xml"])
    data, _ = formatter.format(lerf.svg.board())
    assert data["text/html"].startswith("<svg")


def test_every_python_chess_default_color_and_name():
    assert lerf.svg.DEFAULT_COLORS == chess.svg.DEFAULT_COLORS
    assert lerf.svg.PIECES == chess.svg.PIECES
    assert lerf.svg.SQUARE_SIZE == chess.svg.SQUARE_SIZE
    for name in ["board", "piece", "Arrow", "SvgWrapper", "DEFAULT_COLORS", "PIECES", "SQUARE_SIZE"]:
        assert hasattr(lerf.svg, name)


SVG11_DTD = "/usr/share/xml/w3c-sgml-lib/schema/dtd/REC-SVG11-20110816/svg11.dtd"


@pytest.mark.skipif(
    shutil.which("xmllint") is None or not os.path.exists(SVG11_DTD),
    reason="no xmllint or SVG 1.1 DTD (.ci/run installs Debian's libxml2-utils and w3c-sgml-lib)",
)
def test_a_validating_parser_accepts_every_drawing(tmp_path):
    svgs = [lerf.svg.board(**case) for case in picture_cases(lerf)]
    svgs += [lerf.svg.board(**random_arguments(random.Random(seed), lerf)) for seed in range(40)]
    svgs += [lerf.svg.piece(lerf.Piece.from_symbol(s), size=45) for s in "PNBRQKpnbrqk"]
    svgs += [lerf.Board()._repr_svg_(), lerf.SquareSet([1, 2])._repr_svg_(), lerf.BaseBoard()._repr_svg_()]
    paths = []
    for i, svg in enumerate(svgs):
        path = tmp_path / f"{i}.svg"
        path.write_text(svg, encoding="utf-8")
        paths.append(str(path))
    done = subprocess.run(["xmllint", "--noout", "--dtdvalid", SVG11_DTD, *paths], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[:2000]
    # And the check can fail: python-chess's markup is not valid SVG 1.1 (SVG 2's href, <pre>).
    path = tmp_path / "python-chess.svg"
    path.write_text(chess.svg.board(chess.Board()), encoding="utf-8")
    assert subprocess.run(["xmllint", "--noout", "--dtdvalid", SVG11_DTD, str(path)], capture_output=True).returncode != 0


def browser() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def screenshot(svgs: list, cell: int, columns: int, path: str, work: str) -> None:
    """One headless-browser screenshot of the SVGs laid out in a grid of cells."""
    rows = (len(svgs) + columns - 1) // columns
    html = ['<html><body style="margin:0;background:#fff">']
    for i, svg in enumerate(svgs):
        x, y = (i % columns) * cell, (i // columns) * cell
        html.append(f'<div style="position:absolute;left:{x}px;top:{y}px;width:{cell}px;height:{cell}px">{svg}</div>')
    html.append("</body></html>")
    page = os.path.join(work, os.path.basename(path) + ".html")
    with open(page, "w", encoding="utf-8") as f:
        f.write("".join(html))
    subprocess.run(
        [
            browser(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            f"--user-data-dir={work}/profile", "--hide-scrollbars", "--force-device-scale-factor=1",
            f"--window-size={columns * cell},{rows * cell}", f"--screenshot={path}", "file://" + page,
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )


def picture_cases(lib) -> list:
    """Every combination of the layout arguments, each with every kind of mark on it, and
    the color and fill variants."""
    cases = []
    for coordinates in (True, False):
        for borders in (False, True):
            for orientation in (True, False):
                for flipped in (False, True):
                    board = lib.Board(FEN)
                    cases.append(dict(
                        board=board, coordinates=coordinates, borders=borders, orientation=orientation,
                        flipped=flipped, lastmove=lib.Move.from_uci("h5f7"), check=lib.E8,
                        arrows=[lib.svg.Arrow(lib.E2, lib.E4), (lib.A1, lib.A1),
                                lib.svg.Arrow(lib.G1, lib.F3, color="red"), lib.svg.Arrow(lib.B1, lib.C3, color="yellow"),
                                lib.svg.Arrow(lib.H2, lib.H2, color="blue"), lib.svg.Arrow(lib.A7, lib.H1, color="#0000cccc")],
                        fill={lib.D4: "#ff000080", lib.D5: "#0f08", lib.C6: "blue"},
                        squares=lib.SquareSet([lib.A3, lib.B4, lib.E1]),
                    ))
    cases.append(dict(board=None))
    cases.append(dict(board=lib.Board(), colors={"square light": "#ffffff", "square dark": "#8877aa80", "margin": "#003300", "coord": "#ff0"}))
    cases.append(dict(board=lib.BaseBoard("8/8/8/8/4N3/8/8/8"), fill=dict.fromkeys(lib.BaseBoard("8/8/8/8/4N3/8/8/8").attacks(lib.E4), "#cc0000cc")))
    cases.append(dict(squares=lib.SquareSet(lib.BB_DARK_SQUARES & lib.BB_FILE_B), borders=True, style=".square.dark { fill: #555; }"))
    for case in cases:
        case["size"] = 390
    return cases


@pytest.mark.skipif(browser() is None, reason="no Chromium installed (.ci/run installs Debian's chromium)")
def test_the_same_picture_as_python_chess_in_a_browser(tmp_path):
    from PIL import Image, ImageChops

    mine = [lerf.svg.board(**case) for case in picture_cases(lerf)]
    theirs = [chess.svg.board(**case) for case in picture_cases(chess)]
    cell, columns = 390, 6
    screenshot(mine, cell, columns, str(tmp_path / "lerf.png"), str(tmp_path))
    screenshot(theirs, cell, columns, str(tmp_path / "python-chess.png"), str(tmp_path))
    ours = Image.open(tmp_path / "lerf.png").convert("RGB")
    reference = Image.open(tmp_path / "python-chess.png").convert("RGB")
    assert ours.size == reference.size
    shares = []
    for i in range(len(mine)):
        x, y = (i % columns) * cell, (i // columns) * cell
        box = (x, y, x + cell, y + cell)
        diff = ImageChops.difference(ours.crop(box), reference.crop(box)).convert("L")
        differing = sum(diff.point(lambda v: 1 if v > 32 else 0).histogram()[1:])
        # The picture is not blank: the boards differ from each other.
        assert ours.crop(box).getextrema() != ((255, 255), (255, 255), (255, 255))
        shares.append(differing / (cell * cell))
    assert max(shares) < 0.01, [f"{s:.2%}" for s in shares]


def test_numbers_off_the_board_are_drawn_where_python_chess_draws_them():
    # python-chess places a check or an arrow by the number's file and rank, so 64 is off
    # the board (lerf looked it up in its 64 corners: IndexError, and -1 drew on h8).
    import re

    import chess
    import chess.svg

    import lerf
    import lerf.svg

    numbers = r'(?:x|y|cx|cy|x1|y1|x2|y2|points)="([^"]+)"'

    def places(svg):
        # A triangle's corners in any order are the same triangle.
        return [" ".join(sorted(v.split())) for v in re.findall(numbers, svg)][-12:]

    for kwargs in [dict(check=64), dict(check=-1), dict(check=-9, orientation=False), dict(arrows=[(0, 64)]),
                   dict(arrows=[(-1, 70)], orientation=False), dict(arrows=[(65, 65)])]:
        theirs = chess.svg.board(chess.Board(), **kwargs).split("</defs>")[-1]
        ours = lerf.svg.board(lerf.Board(), **kwargs).split("</defs>")[-1]
        assert places(ours) == places(theirs), kwargs
