"""A minimal SMTP server for tests (RFC 5321's plain commands, no TLS, no auth): it keeps every
message it is handed, so a test reads the mail the site really sent over a socket."""

from __future__ import annotations

import socketserver
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes, policy
from email.message import EmailMessage


class _Session(socketserver.StreamRequestHandler):
    server: _Server

    def reply(self, line: str) -> None:
        self.wfile.write(f"{line}\r\n".encode())

    def handle(self) -> None:
        self.reply("220 localhost test SMTP")
        sender = ""
        recipients: list[str] = []
        while line := self.rfile.readline():
            command = line.decode(errors="replace").strip()
            verb = command[:4].upper()
            if verb in ("EHLO", "HELO"):
                self.reply("250 localhost")
            elif verb == "MAIL":
                sender, recipients = command.partition(":")[2].strip(), []
                self.reply("250 OK")
            elif verb == "RCPT":
                recipients.append(command.partition(":")[2].strip())
                self.reply("250 OK")
            elif verb == "DATA":
                self.reply("354 End data with <CR><LF>.<CR><LF>")
                body = bytearray()
                while (chunk := self.rfile.readline()) not in (b".\r\n", b".\n", b""):
                    body += chunk[1:] if chunk.startswith(b"..") else chunk
                message = message_from_bytes(bytes(body), policy=policy.default)
                self.server.received.append((sender, recipients, message))
                self.reply("250 OK: queued")
            elif verb in ("RSET", "NOOP"):
                self.reply("250 OK")
            elif verb == "QUIT":
                self.reply("221 Bye")
                return
            else:
                self.reply("502 Command not implemented")


class _Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Session)
        self.received: list[tuple[str, list[str], EmailMessage]] = []


@contextmanager
def smtp_receiver() -> Iterator[_Server]:
    """A running receiver on a free port of 127.0.0.1 (`server.server_address[1]`)."""
    server = _Server()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
