"""A body sent in chunks, against gunicorn as deployed: refused with 411 and its code, where it
was read as empty before (a 400 "plays: This field is required").

gunicorn decodes the chunks, but Django reads a body by Content-Length alone; raw socket
requests, since an HTTP library would add the Content-Length itself."""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import time
from collections.abc import Iterator

import pytest

from tests.multiprocess.test_two_servers import GUNICORN, REPO, free_port

START_TIMEOUT = 20
BODY = b'{"plays": ["2C"], "first_leader": 0}'


def send(port: int, head: str, body: bytes) -> tuple[int, bytes]:
    """One request written as is; the status and body of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(head.replace("\n", "\r\n").encode() + body)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head_part, _, content = answer.partition(b"\r\n\r\n")
    if b"transfer-encoding: chunked" in head_part.lower():
        content = unchunked(content)
    return int(head_part.split()[1]), content


def unchunked(content: bytes) -> bytes:
    body = b""
    while True:
        size, _, rest = content.partition(b"\r\n")
        if int(size, 16) == 0:
            return body
        body += rest[: int(size, 16)]
        content = rest[int(size, 16) + 2 :]


def post(port: int, headers: str, body: bytes) -> tuple[int, bytes]:
    return send(
        port,
        "POST /api/v1/adjudications/ HTTP/1.1\nHost: 127.0.0.1\nConnection: close\n"
        f"Content-Type: application/json\n{headers}\n",
        body,
    )


@pytest.fixture
def gunicorn(tmp_path) -> Iterator[int]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "CACHE_URL"))}
    env.update(
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        DJANGO_SECRET_KEY="chunked-" + secrets.token_hex(24),
    )
    log = open(tmp_path / "gunicorn.log", "wb")  # noqa: SIM115 - the server writes it
    process = subprocess.Popen(
        [str(GUNICORN), "hearts_site.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "1"],
        cwd=REPO,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    log.close()
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline and process.poll() is None:
            try:
                if post(port, f"Content-Length: {len(BODY)}\n", BODY)[0] == 200:
                    break
            except OSError:
                time.sleep(0.2)
        else:
            pytest.fail((tmp_path / "gunicorn.log").read_text(errors="replace")[-3000:])
        yield port
    finally:
        process.terminate()
        try:
            process.wait(timeout=6)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)


def test_a_chunked_body_is_refused_with_411_length_required_and_a_sized_one_is_read(gunicorn):
    chunked = f"{len(BODY):x}\r\n".encode() + BODY + b"\r\n0\r\n\r\n"
    status, content = post(gunicorn, "Transfer-Encoding: chunked\n", chunked)
    assert status == 411, content
    error = json.loads(content)["errors"][0]
    assert (error["code"], error["attr"]) == ("length_required", None)
    status, content = post(gunicorn, f"Content-Length: {len(BODY)}\n", BODY)
    assert status == 200, content
    assert json.loads(content)["tricks"][0]["leader"] == 0  # the body was read
