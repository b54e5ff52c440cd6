"""Fuzz the web server at a larger size than ``make test`` does (tests/server/test_server_fuzz.py).

One server process on a temporary SQLite file; tables with known records are set up, then
seeded random mutations of valid WebSocket messages and HTTP requests are sent (both at once),
and the run reports HTTP statuses, WebSocket replies, tracebacks in the server's log and
whether any known table's stored record changed.  It exits non-zero if any HTTP status was 5xx,
the log holds a traceback, a table changed or the server stopped answering.

    .venv/bin/python benchmarks/fuzz_server.py --messages 100000 --requests 100000 --seed 1
    .venv/bin/python benchmarks/fuzz_server.py --throttled   # with the production rate limits
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))

from server_harness import UNTHROTTLED, Server  # noqa: E402
from test_server_fuzz import run, summary  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=50_000, help="WebSocket messages (default 50,000)")
    parser.add_argument("--requests", type=int, default=50_000, help="HTTP requests (default 50,000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--throttled", action="store_true",
                        help="keep the production rate limits (most of the fuzz is then dropped or refused)")
    parser.add_argument("--json", type=Path, help="also append the figures as a JSON line here")
    args = parser.parse_args()
    if not 1 <= args.messages <= 10_000_000 or not 1 <= args.requests <= 10_000_000:
        parser.error("--messages and --requests must be 1 to 10,000,000")

    with tempfile.TemporaryDirectory(prefix="ludoteca-fuzz-") as data:
        server = Server(Path(data), env=None if args.throttled else UNTHROTTLED).start()
        try:
            result = run(server, args.messages, args.requests, args.seed)
        finally:
            server.stop()
    ws, http = result["ws"], result["http"]
    print(summary(result))
    print(f"rates: {ws.sent / result['seconds']:.0f} messages/s and {http.sent / result['seconds']:.0f} requests/s "
          f"(sent together)")
    for failure in http.failures:
        print("5xx:", failure)
    failed = (any(status >= 500 for status in http.statuses) or result["tracebacks"] or result["changed"]
              or not result["alive"] or result["health"] != 200 or ws.replies.get("error:internal", 0))
    if args.json:
        with args.json.open("a") as out:
            out.write(json.dumps({
                "seed": args.seed, "throttled": args.throttled, "messages": ws.sent, "requests": http.sent,
                "seconds": round(result["seconds"], 1), "http_statuses": dict(http.statuses),
                "ws_replies": dict(ws.replies), "ws_closes": {str(k): v for k, v in ws.closes.items()},
                "changed_tables": result["changed"], "tracebacks": result["tracebacks"], "ok": not failed}) + "\n")
    print("FAILED" if failed else "OK: no 5xx, no traceback, no changed table")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
