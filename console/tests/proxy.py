"""A TCP relay between the browser and the api that a test can cut: `drop()` closes every
relayed connection and refuses new ones until `restore()`, so the console sees a real dropped
connection (Chromium's offline emulation leaves an open stream untouched)."""

from __future__ import annotations

import contextlib
import socket
import threading


class DroppableProxy:
    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self._listener.getsockname()[1])
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._refusing = False
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            if self._refusing:
                client.close()
                continue
            upstream = socket.create_connection(("127.0.0.1", self.target_port))
            with self._lock:
                self._open |= {client, upstream}
            threading.Thread(target=self._pipe, args=(client, upstream), daemon=True).start()
            threading.Thread(target=self._pipe, args=(upstream, client), daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while chunk := source.recv(65536):
                sink.sendall(chunk)
        for sock in (source, sink):
            self._close(sock)

    def _close(self, sock: socket.socket) -> None:
        with self._lock:
            self._open.discard(sock)
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)
        sock.close()

    def drop(self) -> None:
        self._refusing = True
        with self._lock:
            victims = list(self._open)
        for sock in victims:
            self._close(sock)

    def restore(self) -> None:
        self._refusing = False

    def close(self) -> None:
        self._closed = True
        self.drop()
        self._listener.close()
