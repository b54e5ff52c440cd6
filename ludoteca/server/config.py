"""Server settings, read once from the environment so every process of a deployment agrees."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path


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
        )


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
