"""python-chess's ``chess.engine`` over lerf: talk to UCI and XBoard engines.

Everything python-chess 1.11 offers, under the same names and with the same behaviour:
the asyncio protocols (``popen_uci``, ``popen_xboard``, ``UciProtocol``,
``XBoardProtocol``), the blocking ``SimpleEngine``, analyses, limits, options, scores and
their win/draw/loss models, and ``MockTransport`` for tests. The transport stays asyncio,
as python-chess's is, so event loops, threads and process pools behave as users expect;
what the engine writes is read by lerf's Rust protocol crate (an ``info`` line with a long
pv is one call), and lerf sends the engine the same lines, in the same order, as
python-chess does for the same calls.

>>> import lerf as chess
>>> import lerf.engine
>>> chess.engine.Limit(depth=20)
Limit(depth=20)
>>> chess.engine.Cp(35).wdl(model="sf16", ply=40)
Wdl(wins=30, draws=969, losses=1)
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any, List, Tuple, Union

from .._scores import Cp, Mate, MateGiven, MateGivenType, PovScore, PovWdl, Score, Wdl, WdlModel
from ._analysis import AnalysisResult
from ._command import BaseCommand, CommandState
from ._mock import MockTransport
from ._protocol import Protocol
from ._simple import SimpleAnalysisResult, SimpleEngine, run_in_background
from ._uci import UciProtocol
from ._uci import _parse_uci_bestmove as _parse_uci_bestmove, _parse_uci_info as _parse_uci_info
from ._values import (INFO_ALL, INFO_BASIC, INFO_CURRLINE, INFO_NONE, INFO_PV, INFO_REFUTATION,
                      INFO_SCORE, MANAGED_OPTIONS, AnalysisComplete, BestMove, ConfigMapping,
                      ConfigValue, EngineError, EngineTerminatedError, Info, InfoDict, Limit,
                      Opponent, Option, PlayResult, UciOptionMap)
from ._xboard import XBoardProtocol
from ._xboard_text import XBOARD_ERROR_REGEX
from ._xboard_text import _parse_xboard_option as _parse_xboard_option, _parse_xboard_post as _parse_xboard_post

# python-chess's private readers, which scripts and its tests call: re-exported (imported
# "as" themselves above, as type checkers want it).
_READERS = (_parse_uci_bestmove, _parse_uci_info, _parse_xboard_option, _parse_xboard_post)

__all__ = [
    "Score", "Cp", "Mate", "MateGivenType", "MateGiven", "PovScore", "Wdl", "PovWdl", "WdlModel",
    "AnalysisResult", "BaseCommand", "CommandState", "MockTransport", "Protocol",
    "SimpleAnalysisResult", "SimpleEngine", "run_in_background", "UciProtocol", "XBoardProtocol",
    "INFO_ALL", "INFO_BASIC", "INFO_CURRLINE", "INFO_NONE", "INFO_PV", "INFO_REFUTATION",
    "INFO_SCORE", "MANAGED_OPTIONS", "AnalysisComplete", "BestMove", "ConfigMapping",
    "ConfigValue", "EngineError", "EngineTerminatedError", "Info", "InfoDict", "Limit",
    "Opponent", "Option", "PlayResult", "UciOptionMap", "XBOARD_ERROR_REGEX", "LOGGER",
    "popen_uci", "popen_xboard", "UCI_REGEX",
]

#: The logger both protocols write to (python-chess's name).
LOGGER = logging.getLogger("chess.engine")

#: A move in UCI notation (python-chess's pattern).
UCI_REGEX = re.compile(r"^[a-h][1-8][a-h][1-8][pnbrqk]?|[PNBRQK]@[a-h][1-8]|0000\Z")


async def popen_uci(command: Union[str, List[str]], *, setpgrp: bool = False,
                    **popen_args: Any) -> Tuple[asyncio.SubprocessTransport, UciProtocol]:
    """Starts a UCI engine and initializes it; the transport and the protocol."""
    return await UciProtocol.popen(command, setpgrp=setpgrp, **popen_args)


async def popen_xboard(command: Union[str, List[str]], *, setpgrp: bool = False,
                       **popen_args: Any) -> Tuple[asyncio.SubprocessTransport, XBoardProtocol]:
    """Starts an XBoard engine and initializes it; the transport and the protocol."""
    return await XBoardProtocol.popen(command, setpgrp=setpgrp, **popen_args)
