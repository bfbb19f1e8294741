"""What the server sends one WebSocket: a bounded queue written by a task of the connection's own.

A game hands its update to every connection's outbox and goes on at once: no game waits for a
client. A client that does not read (its socket's buffers full, then its outbox) is dropped, and
only it: its connection is aborted, the game and the other connections go on.
"""
from __future__ import annotations

import asyncio
import json
import logging
import socket
from typing import Any, Optional, Tuple, Union

from aiohttp import web

__all__ = ["Outbox", "OUTBOX_LIMIT", "SEND_BUFFER_BYTES"]

log = logging.getLogger("ludus.server")

#: the messages waiting for one connection, at most (an update is 1-2 KB; a client that reads
#: has none waiting but in a burst)
OUTBOX_LIMIT = 64
#: the kernel's send buffer of a WebSocket (its automatic growth goes to 4 MiB a connection, which
#: a client that does not read would fill before its outbox, and thousands of them would hold)
SEND_BUFFER_BYTES = 65536

_Close = Tuple[int, bytes]


class Outbox:
    """The messages for one WebSocket, sent in order by their own task."""

    def __init__(
        self, ws: web.WebSocketResponse, transport: Optional[asyncio.BaseTransport], limit: int = OUTBOX_LIMIT
    ) -> None:
        self.ws, self.transport = ws, transport
        self.dropped = False
        self._queue: "asyncio.Queue[Union[str, _Close, None]]" = asyncio.Queue(limit)
        self._writer = asyncio.get_running_loop().create_task(self._write())
        sock = transport.get_extra_info("socket") if transport is not None else None
        if sock is not None:
            try:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER_BYTES)
            except OSError:
                pass

    def send(self, text: str) -> None:
        """Queue ``text``; a full queue drops the connection (its client does not read)."""
        if self.dropped:
            return
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            log.warning("dropped a connection that does not read (%d messages waiting)", self._queue.qsize())
            self.drop()

    def send_json(self, message: Any) -> None:
        self.send(json.dumps(message))

    def drop(self) -> None:
        """Abort the connection: nothing more is sent, and its reader ends."""
        self.dropped = True
        self._writer.cancel()
        if self.transport is not None:
            self.transport.abort()

    async def close(self, code: int, message: bytes, timeout: float = 5.0) -> None:
        """Close the connection once what is queued is sent (dropped if that takes ``timeout``)."""
        if self.dropped:
            return
        try:
            self._queue.put_nowait((code, message))
            await asyncio.wait_for(asyncio.shield(self._writer), timeout)
        except (asyncio.QueueFull, asyncio.TimeoutError):
            self.drop()
        except asyncio.CancelledError:
            if not self._writer.cancelled():
                raise

    def stop(self) -> None:
        """The connection has ended: the writer stops. Told by the queue where it can be, so that
        it returns: a cancelled writer keeps its CancelledError, whose traceback holds the
        writer's frame and so this outbox, its WebSocket and its request, a cycle that only the
        garbage collector's rare passes over a busy server would free."""
        try:
            self._queue.put_nowait(None)
        except asyncio.QueueFull:
            self._writer.cancel()

    async def _write(self) -> None:
        while True:
            item = await self._queue.get()
            if item is None:
                return
            try:
                if isinstance(item, str):
                    await self.ws.send_str(item)
                else:
                    await self.ws.close(code=item[0], message=item[1])
                    return
            except (ConnectionError, RuntimeError):
                self.drop()  # the connection is gone; its reader sees it too
                return
