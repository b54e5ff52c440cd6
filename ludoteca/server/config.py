"""Server settings, read once from the environment so every process of a deployment agrees."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from .origins import parse_allowed


@dataclass(frozen=True)
class Settings:
    data_dir: Path
    database_url: str
    redis_url: str | None
    secret: str
    bot_delay: float
    max_message_bytes: int = 16 * 1024
    rate_per_second: float = 20.0
    rate_burst: int = 40
    ws_deflate: bool = False
    # HTTP limits and identity (docs/server.md, "Limits and settings")
    max_body_bytes: int = 64 * 1024
    rest_rate_per_second: float = 30.0
    rest_rate_burst: int = 120
    tables_per_hour: int = 60
    tables_per_hour_per_ip: int = 240
    open_tables: int = 10
    open_tables_per_ip: int = 40
    guest_max_age: int = 90 * 24 * 3600
    guest_rotate_after: int = 24 * 3600
    secure_cookies: bool = False
    # WebSocket and connection limits (docs/server.md, "WebSocket limits")
    allowed_origins: tuple[str, ...] = ()
    ws_per_guest: int = 16
    ws_per_ip: int = 500
    guest_rate_per_second: float = 40.0
    guest_rate_burst: int = 80
    ip_rate_per_second: float = 200.0
    ip_rate_burst: int = 400
    ws_flood_close: int = 200
    ws_idle_seconds: float = 300.0
    ws_max_seats: int = 10
    header_timeout: float = 10.0
    keep_alive_seconds: float = 5.0
    max_header_bytes: int = 16 * 1024
    idle_connections_per_ip: int = 256
    idle_connections: int = 0
    # Storage and bots (docs/server.md, "Storage" and "Bots")
    db_timeout: float = 5.0
    bot_workers: int = 0
    bot_seconds: float = 5.0
    seat_timeout: float = 600.0
    # Accounts (docs/server.md, "Accounts")
    login_rate_per_minute: float = 6.0
    login_burst: int = 10
    login_name_rate_per_minute: float = 2.0
    login_name_burst: int = 10
    register_rate_per_minute: float = 2.0
    register_burst: int = 5
    hashes_at_once: int = 2
    # Clocks (docs/server.md, "Clocks")
    clock_min_seconds: float = 60.0
    # Chat (docs/server.md, "Chat")
    chat_max_chars: int = 500
    chat_rate_per_minute: float = 12.0
    chat_burst: int = 5

    @classmethod
    def from_env(cls) -> Settings:
        data_dir = Path(os.environ.get("LUDOTECA_DATA_DIR", "data")).resolve()
        database_url = os.environ.get("DATABASE_URL") or f"sqlite:///{data_dir / 'ludoteca.db'}"
        if database_url.startswith("sqlite") or not os.environ.get("LUDOTECA_SECRET"):
            data_dir.mkdir(parents=True, exist_ok=True)
        return cls(
            data_dir=data_dir,
            database_url=database_url,
            redis_url=os.environ.get("REDIS_URL") or None,
            secret=os.environ.get("LUDOTECA_SECRET") or _secret_file(data_dir),
            bot_delay=_float_env("LUDOTECA_BOT_DELAY", 0.5),
            max_message_bytes=int(_float_env("LUDOTECA_MAX_MESSAGE_BYTES", 16 * 1024)),
            rate_per_second=_float_env("LUDOTECA_RATE_PER_SECOND", 20.0),
            rate_burst=int(_float_env("LUDOTECA_RATE_BURST", 40)),
            ws_deflate=os.environ.get("LUDOTECA_WS_DEFLATE", "0") not in ("0", "false", "no", ""),
            max_body_bytes=int(_float_env("LUDOTECA_MAX_BODY_BYTES", 64 * 1024)),
            rest_rate_per_second=_float_env("LUDOTECA_REST_RATE_PER_SECOND", 30.0),
            rest_rate_burst=int(_float_env("LUDOTECA_REST_RATE_BURST", 120)),
            tables_per_hour=int(_float_env("LUDOTECA_TABLES_PER_HOUR", 60)),
            tables_per_hour_per_ip=int(_float_env("LUDOTECA_TABLES_PER_HOUR_PER_IP", 240)),
            open_tables=int(_float_env("LUDOTECA_OPEN_TABLES", 10)),
            open_tables_per_ip=int(_float_env("LUDOTECA_OPEN_TABLES_PER_IP", 40)),
            guest_max_age=int(_float_env("LUDOTECA_GUEST_MAX_AGE", 90 * 24 * 3600)),
            guest_rotate_after=int(_float_env("LUDOTECA_GUEST_ROTATE_AFTER", 24 * 3600)),
            secure_cookies=os.environ.get("LUDOTECA_SECURE_COOKIES", "0") not in ("0", "false", "no", ""),
            **_socket_env(),
            db_timeout=_float_env("LUDOTECA_DB_TIMEOUT", 5.0),
            bot_workers=int(_float_env("LUDOTECA_BOT_WORKERS", 0)),
            bot_seconds=_float_env("LUDOTECA_BOT_SECONDS", 5.0),
            seat_timeout=_float_env("LUDOTECA_SEAT_TIMEOUT", 600.0),
            login_rate_per_minute=_float_env("LUDOTECA_LOGIN_RATE_PER_MINUTE", 6.0),
            login_burst=int(_float_env("LUDOTECA_LOGIN_BURST", 10)),
            login_name_rate_per_minute=_float_env("LUDOTECA_LOGIN_NAME_RATE_PER_MINUTE", 2.0),
            login_name_burst=int(_float_env("LUDOTECA_LOGIN_NAME_BURST", 10)),
            register_rate_per_minute=_float_env("LUDOTECA_REGISTER_RATE_PER_MINUTE", 2.0),
            register_burst=int(_float_env("LUDOTECA_REGISTER_BURST", 5)),
            hashes_at_once=max(1, int(_float_env("LUDOTECA_HASHES_AT_ONCE", 2))),
            clock_min_seconds=max(0.5, _float_env("LUDOTECA_CLOCK_MIN_SECONDS", 60.0)),
            chat_max_chars=max(1, int(_float_env("LUDOTECA_CHAT_MAX_CHARS", 500))),
            chat_rate_per_minute=_float_env("LUDOTECA_CHAT_RATE_PER_MINUTE", 12.0),
            chat_burst=max(1, int(_float_env("LUDOTECA_CHAT_BURST", 5))),
        )


def _socket_env() -> dict[str, object]:
    """The WebSocket and connection limits.  The per-guest and per-IP message rates default to
    2x and 10x the per-connection rate, so raising that one (as scripted clients do) raises all."""
    rate = _float_env("LUDOTECA_RATE_PER_SECOND", 20.0)
    burst = _float_env("LUDOTECA_RATE_BURST", 40)
    return {
        "allowed_origins": parse_allowed(os.environ.get("LUDOTECA_ALLOWED_ORIGINS")),
        "ws_per_guest": int(_float_env("LUDOTECA_WS_PER_GUEST", 16)),
        "ws_per_ip": int(_float_env("LUDOTECA_WS_PER_IP", 500)),
        "guest_rate_per_second": _float_env("LUDOTECA_GUEST_RATE_PER_SECOND", 2 * rate),
        "guest_rate_burst": int(_float_env("LUDOTECA_GUEST_RATE_BURST", 2 * burst)),
        "ip_rate_per_second": _float_env("LUDOTECA_IP_RATE_PER_SECOND", 10 * rate),
        "ip_rate_burst": int(_float_env("LUDOTECA_IP_RATE_BURST", 10 * burst)),
        "ws_flood_close": int(_float_env("LUDOTECA_WS_FLOOD_CLOSE", 200)),
        "ws_idle_seconds": _float_env("LUDOTECA_WS_IDLE_SECONDS", 300.0),
        "ws_max_seats": int(_float_env("LUDOTECA_WS_MAX_SEATS", 10)),
        "header_timeout": _float_env("LUDOTECA_HEADER_TIMEOUT", 10.0),
        "keep_alive_seconds": _float_env("LUDOTECA_KEEP_ALIVE_SECONDS", 5.0),
        "max_header_bytes": int(_float_env("LUDOTECA_MAX_HEADER_BYTES", 16 * 1024)),
        "idle_connections_per_ip": int(_float_env("LUDOTECA_IDLE_CONNECTIONS_PER_IP", 256)),
        "idle_connections": int(_float_env("LUDOTECA_IDLE_CONNECTIONS", 0)),
    }


def _float_env(name: str, default: float) -> float:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        raise SystemExit(f"{name} must be a number; got {raw!r}") from None
    if value < 0:
        raise SystemExit(f"{name} must not be negative; got {raw!r}")
    return value


def _secret_file(data_dir: Path) -> str:
    """A cookie-signing secret generated once per data folder, so guests survive restarts."""
    path = data_dir / "secret.key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(32))
        path.chmod(0o600)
    return path.read_text().strip()
