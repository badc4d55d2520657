"""The parts of a two-server night that bench/night_faults.py starts, kills and restarts: a
PostgreSQL cluster and a Redis of the run's own (restarting the machine's would cut off
everything else using them), two gunicorn servers and the task workers, each worker kept
alive by bin/respawn as `make run` and systemd keep theirs, and the sweep.

Each part is a real process on loopback; nothing is mocked. Not a benchmark itself.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / ".venv" / "bin"
PYTHON = str(BIN / "python") if (BIN / "python").exists() else sys.executable


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(what: str, ready, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError):
            if ready():
                return
        time.sleep(0.2)
    raise RuntimeError(f"{what} was not ready within {timeout:.0f} s")


def accepts(port: int) -> bool:
    with socket.create_connection(("127.0.0.1", port), timeout=1):
        return True


def stop_group(process: subprocess.Popen, sig: int = signal.SIGTERM, wait: float = 10) -> None:
    """Signal a process's whole group (it was started in a session of its own), then KILL it if
    it outlives ``wait``."""
    if process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, sig)
    try:
        process.wait(timeout=wait)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=5)


# --- PostgreSQL ---------------------------------------------------------------------------------


def postgres_bin() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: p.parts[-3])
    if not found:
        raise RuntimeError("no PostgreSQL server binaries under /usr/lib/postgresql")
    return found[-1].parent


@dataclass
class Postgres:
    """A cluster in a directory of its own, on its own port: ``restart`` is a real one (a fast
    shutdown: every connection cut, then a start)."""

    home: Path
    port: int = field(default_factory=free_port)

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/hearts"

    def _run(self, *args: str, timeout: float = 60) -> None:
        command = [str(postgres_bin() / args[0]), *args[1:]]
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        if done.returncode:
            raise RuntimeError(f"{args[0]} failed: {done.stdout}\n{done.stderr}")

    def create(self) -> None:
        self.home.mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            for path in (self.home,):
                os.chown(path, user.pw_uid, user.pw_gid)
        self._run(
            "initdb",
            "-D",
            str(self.home / "data"),
            "-A",
            "trust",
            "-U",
            "postgres",
            "-E",
            "UTF8",
            "--no-sync",
        )
        self.start()
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "hearts")

    def start(self) -> None:
        options = f"-p {self.port} -k {self.home} -c listen_addresses=127.0.0.1"
        self._run(
            "pg_ctl",
            "-D",
            str(self.home / "data"),
            "-l",
            str(self.home / "server.log"),
            "-o",
            options,
            "-w",
            "-t",
            "30",
            "start",
        )

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.home / "data"), "-m", mode, "-w", "-t", "30", "stop")

    def restart(self, down: float) -> None:
        self.stop()
        time.sleep(down)
        self.start()

    def remove(self) -> None:
        with contextlib.suppress(RuntimeError):
            self.stop("immediate")
        shutil.rmtree(self.home, ignore_errors=True)


# --- Redis --------------------------------------------------------------------------------------


@dataclass
class Redis:
    """A redis-server of the run's own, keeping nothing on disk: a restart loses every key, as
    the machine's own Redis would."""

    log: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen | None = None

    def url(self, db: int) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self) -> None:
        redis = shutil.which("redis-server") or "/usr/bin/redis-server"
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [
                    redis,
                    "--port",
                    str(self.port),
                    "--bind",
                    "127.0.0.1",
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        wait_for("redis-server", lambda: accepts(self.port), 15)

    def stop(self) -> None:
        if self.process is not None:
            stop_group(self.process)

    def restart(self, down: float) -> None:
        self.stop()
        time.sleep(down)
        self.start()


# --- The app servers, the workers and the sweep -------------------------------------------------


def environment(database_url: str, redis: Redis, extra: dict[str, str]) -> dict[str, str]:
    """What every server and worker of the run is started with (docs/deploy.md's variables)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "HEARTS_"))}
    for name in ("CACHE_URL", "TASKS_URL", "DATABASE_POOL_MAX_SIZE"):
        env.pop(name, None)
    env.update(
        DATABASE_URL=database_url,
        CACHE_URL=redis.url(0),
        TASKS_URL=redis.url(1),
        DJANGO_SETTINGS_MODULE="hearts_site.settings",
        DJANGO_SECRET_KEY="night-faults-" + secrets.token_hex(24),
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        HEARTS_WEBHOOKS_ALLOW_PRIVATE="1",
        PYTHONUNBUFFERED="1",
        **extra,
    )
    return env


@dataclass
class Managed:
    """A process started in a session of its own, with its log; ``kill`` is SIGKILL to the
    whole group (a machine losing the process), ``start`` starts it again."""

    name: str
    command: list[str]
    env: dict[str, str]
    logs: Path
    ready_port: int | None = None
    process: subprocess.Popen | None = None

    def start(self, timeout: float = 30) -> None:
        with open(self.logs / f"{self.name}.log", "ab") as log:
            self.process = subprocess.Popen(
                self.command,
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        if self.ready_port is not None:
            wait_for(self.name, lambda: self._answers(), timeout)

    def _answers(self) -> bool:
        if self.process is not None and self.process.poll() is not None:
            raise RuntimeError(f"{self.name} exited:\n{self.output()}")
        url = f"http://127.0.0.1:{self.ready_port}/ping"
        with urllib.request.urlopen(url, timeout=2) as answer:
            return answer.status == 200

    def kill(self) -> None:
        if self.process is not None:
            stop_group(self.process, signal.SIGKILL)

    def stop(self) -> None:
        if self.process is not None:
            stop_group(self.process)

    def output(self) -> str:
        with contextlib.suppress(OSError):
            return (self.logs / f"{self.name}.log").read_text(errors="replace")[-3000:]
        return ""


def server(name: str, env: dict[str, str], logs: Path) -> Managed:
    """gunicorn as docs/deploy.md runs it on a 2-core machine: gthread, 2 workers x 4 threads,
    a pool of 4 connections a worker."""
    port = free_port()
    command = [
        str(BIN / "gunicorn"),
        "hearts_site.wsgi",
        "--bind",
        f"127.0.0.1:{port}",
        "--worker-class",
        "gthread",
        "--workers",
        "2",
        "--threads",
        "4",
        "--timeout",
        "30",
        "--graceful-timeout",
        "5",
        "--access-logfile",
        "-",
        "--access-logformat",
        "%(t)s %(r)s %(s)s %(L)s",  # the seconds each request took, for a slow one's cause
    ]
    return Managed(name, command, {**env, "DATABASE_POOL_MAX_SIZE": "4"}, logs, port)


def respawned_worker(name: str, env: dict[str, str], logs: Path, *args: str) -> Managed:
    """``manage.py tasks_worker`` under bin/respawn, as `make run` keeps it: killing the worker
    (``kill_child``) is followed by a new one 1 s later."""
    command = [str(ROOT / "bin" / "respawn"), PYTHON, "manage.py", "tasks_worker", *args]
    return Managed(name, command, {**env, "RESPAWN_DELAY": "1"}, logs)


def kill_child(managed: Managed) -> bool:
    """SIGKILL the worker under a respawn (its child), not the respawn: a worker lost."""
    assert managed.process is not None
    children = Path(f"/proc/{managed.process.pid}/task/{managed.process.pid}/children")
    pids = [int(p) for p in children.read_text().split()] if children.exists() else []
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    return bool(pids)


def manage(env: dict[str, str], *args: str, timeout: float = 600) -> str:
    done = subprocess.run(
        [PYTHON, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    if done.returncode:
        raise RuntimeError(f"manage.py {args[0]} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def scratch_dir(prefix: str) -> Path:
    """A directory PostgreSQL's own user can use (pytest's are private to root)."""
    path = Path(tempfile.mkdtemp(prefix=prefix))
    path.chmod(0o755)
    return path
