"""``ludoteca serve``: the web server (lobby, live tables, bots, replays)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import typer


def uvicorn_options(settings: Any, soft_fd_limit: int) -> dict[str, Any]:
    """uvicorn's limits, from the settings: header and keep-alive timeouts, header size, idle
    caps, WebSocket frame size and pings (docs/server.md, "WebSocket limits")."""
    from .http_guard import IdleGuard, guarded_protocol

    # Leave half the descriptors to requests, WebSockets and the database, whatever idles.
    total_idle = settings.idle_connections or max(64, soft_fd_limit // 2)
    guard = IdleGuard(settings.header_timeout, settings.idle_connections_per_ip, total_idle)
    return {
        "http": guarded_protocol(guard, settings.max_header_bytes),  # httptools, with the idle guard
        "timeout_keep_alive": settings.keep_alive_seconds,
        "backlog": 4096,
        # Frames up to this size are read and refused politely (``too_large``); beyond it uvicorn
        # closes the socket (1009) without reading the rest.
        "ws_max_size": max(64 * 1024, 16 * settings.max_message_bytes),
        "ws_ping_interval": 20.0,
        "ws_ping_timeout": 20.0,
        "ws_per_message_deflate": settings.ws_deflate,
    }


def serve(host: str = "127.0.0.1", port: int = 8000, data_dir: Path | None = None,
          bot_delay: float | None = None, log_level: str = "info",
          allowed_origins: list[str] | None = None, lab: Path | None = None, lab_key: str | None = None,
          lab_max_games: int | None = None, lab_jobs: int | None = None) -> None:
    import uvicorn

    from . import lab_page
    from .app import create_app
    from .config import Settings
    from .http_guard import raise_fd_limit

    for name, value in (("LUDOTECA_LAB_DIR", lab), ("LUDOTECA_LAB_KEY", lab_key),
                        ("LUDOTECA_LAB_MAX_GAMES", lab_max_games), ("LUDOTECA_LAB_JOBS", lab_jobs)):
        if value is not None:
            os.environ[name] = str(value)
    if data_dir is not None:
        os.environ["LUDOTECA_DATA_DIR"] = str(data_dir)
    if bot_delay is not None:
        os.environ["LUDOTECA_BOT_DELAY"] = str(bot_delay)
    if allowed_origins:
        os.environ["LUDOTECA_ALLOWED_ORIGINS"] = ",".join(allowed_origins)
    soft, _hard = raise_fd_limit()  # thousands of idle sockets must not starve a request
    settings = Settings.from_env()
    app = create_app(settings)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    database = settings.database_url.split("@")[-1] if "@" in settings.database_url else settings.database_url
    print(f"Ludoteca is serving at http://{shown}:{port}  (database: {database}; "
          f"fan-out: {'Redis' if settings.redis_url else 'in-process'}; open-file limit {soft})", flush=True)
    if (line := lab_page.announce(app, shown, port)) is not None:
        print(line, flush=True)
    uvicorn.run(app, host=host, port=port, log_level=log_level, **uvicorn_options(settings, soft))


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve_command(
        host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (0.0.0.0 for all)."),
        port: int = typer.Option(8000, "--port", help="TCP port."),
        data_dir: Path = typer.Option(None, "--data", help="Data folder (default ./data, or LUDOTECA_DATA_DIR)."),
        bot_delay: float = typer.Option(None, "--bot-delay",
                                        help="Seconds a bot waits before moving (default 0.5, or LUDOTECA_BOT_DELAY)."),
        log_level: str = typer.Option("info", "--log-level", help="uvicorn log level."),
        allowed_origins: list[str] = typer.Option(
            None, "--allow-origin",
            help="Another origin whose pages may open the WebSocket (repeatable, e.g. https://games.example; "
                 "default: only the origin the server is reached at, or LUDOTECA_ALLOWED_ORIGINS)."),
        lab: Path = typer.Option(None, "--lab", metavar="RUNS_FOLDER",
                                 help="Turn on the /lab page (for you only) on this folder of lab runs "
                                      "(or LUDOTECA_LAB_DIR); a link with the owner key is printed at start."),
        lab_key: str = typer.Option(None, "--lab-key",
                                    help="The /lab owner key, 16 characters or more (default: made at start; "
                                         "prefer LUDOTECA_LAB_KEY, which other users cannot read from the "
                                         "process list)."),
        lab_max_games: int = typer.Option(None, "--lab-max-games", min=1,
                                          help="Most games one run from /lab may play (default 2000, or "
                                               "LUDOTECA_LAB_MAX_GAMES)."),
        lab_jobs: int = typer.Option(None, "--lab-jobs", min=1,
                                     help="Worker processes of a run from /lab (default one fewer than the "
                                          "CPUs, or LUDOTECA_LAB_JOBS)."),
    ) -> None:
        """Play in the browser: lobby, live tables, bots in seats, history and replays.

        The database is DATABASE_URL (default: a SQLite file in the data folder); set REDIS_URL
        to run several server processes on one PostgreSQL database.  Every limit is a
        LUDOTECA_* setting (docs/server.md, "Limits and settings")."""
        serve(host, port, data_dir, bot_delay, log_level, allowed_origins, lab, lab_key, lab_max_games, lab_jobs)
