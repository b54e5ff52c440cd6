"""``ludoteca serve``: the web server (lobby, live tables, bots, replays)."""

from __future__ import annotations

import os
from pathlib import Path

import typer


def serve(host: str = "127.0.0.1", port: int = 8000, data_dir: Path | None = None,
          bot_delay: float | None = None, log_level: str = "info") -> None:
    import uvicorn

    from .app import create_app
    from .config import Settings

    if data_dir is not None:
        os.environ["LUDOTECA_DATA_DIR"] = str(data_dir)
    if bot_delay is not None:
        os.environ["LUDOTECA_BOT_DELAY"] = str(bot_delay)
    settings = Settings.from_env()
    app = create_app(settings)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    database = settings.database_url.split("@")[-1] if "@" in settings.database_url else settings.database_url
    print(f"Ludoteca is serving at http://{shown}:{port}  (database: {database}; "
          f"fan-out: {'Redis' if settings.redis_url else 'in-process'})", flush=True)
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=1024 * 1024,
                ws_ping_interval=20, ws_ping_timeout=20, ws_per_message_deflate=settings.ws_deflate)


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve_command(
        host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (0.0.0.0 for all)."),
        port: int = typer.Option(8000, "--port", help="TCP port."),
        data_dir: Path = typer.Option(None, "--data", help="Data folder (default ./data, or LUDOTECA_DATA_DIR)."),
        bot_delay: float = typer.Option(None, "--bot-delay",
                                        help="Seconds a bot waits before moving (default 0.5, or LUDOTECA_BOT_DELAY)."),
        log_level: str = typer.Option("info", "--log-level", help="uvicorn log level."),
    ) -> None:
        """Play in the browser: lobby, live tables, bots in seats, history and replays.

        The database is DATABASE_URL (default: a SQLite file in the data folder); set REDIS_URL
        to run several server processes on one PostgreSQL database."""
        serve(host, port, data_dir, bot_delay, log_level)
