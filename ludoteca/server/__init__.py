"""The web server: lobby, live tables over WebSocket, bots in seats, persistence, replays.

A table is event-sourced: its seed, options and ordered actions in the database are the truth;
live states are a cache rebuilt by replay.  ``ludoteca.server.app.create_app()`` builds the
ASGI app; ``ludoteca serve`` runs it.  See docs/server.md.
"""
