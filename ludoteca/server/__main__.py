"""``python -m ludoteca.server [--host H] [--port P]``: the same server as ``ludoteca serve``."""

import typer

from .cli import register

app = typer.Typer(add_completion=False)
register(app)

if __name__ == "__main__":
    app()
