"""Logging channels by concern, switched on with PARITY_LOGS=graph,guards,recompiles,...

Each channel is a standard `logging` logger named `parity.<channel>`, off unless named.
"""

from __future__ import annotations

import logging
import os
import sys

CHANNELS = ("bytecode", "graph", "guards", "recompiles", "graph_breaks")


def _configure() -> dict[str, logging.Logger]:
    wanted = {c.strip() for c in os.environ.get("PARITY_LOGS", "").split(",") if c.strip()}
    if "all" in wanted:
        wanted = set(CHANNELS)
    loggers = {}
    for channel in CHANNELS:
        logger = logging.getLogger(f"parity.{channel}")
        if channel in wanted and not logger.handlers:
            handler = logging.StreamHandler(sys.stderr)
            handler.setFormatter(logging.Formatter(f"[parity:{channel}] %(message)s"))
            logger.addHandler(handler)
            logger.setLevel(logging.DEBUG)
            logger.propagate = False
        loggers[channel] = logger
    return loggers


LOGGERS = _configure()


def log(channel: str, message: str, *args) -> None:
    logger = LOGGERS[channel]
    if logger.isEnabledFor(logging.DEBUG):
        logger.debug(message, *args)
