"""``spellforge serve``: run the web app with uvicorn and print where to open it."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import sys

import uvicorn

from .app import create_app

GC_THRESHOLD = 50_000  # allocations between collections of the youngest generation (Python's default: 700)


def serve(host: str, port: int, db: str, bot_workers: int) -> int:
    app = create_app(db, bot_workers=bot_workers)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=1 << 20,
        # Views are sent to many seats many times a second: compressing each costs more CPU than the
        # loopback or LAN bandwidth it saves
        ws_per_message_deflate=False,
    )
    server = uvicorn.Server(config)
    # A server keeps hundreds of live games in memory; the collector's passes over them, not the actions,
    # made the long tail of the action latency. What start-up made is frozen out of collection, and the
    # youngest generation is collected less often (game objects are freed by reference counting anyway).
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_THRESHOLD, 20, 20)

    async def run() -> None:
        task = asyncio.create_task(server.serve())
        while not server.started:
            if task.done():
                break
            await asyncio.sleep(0.05)
        if server.started:
            bound = port
            for s in server.servers:
                for sock in s.sockets:
                    bound = sock.getsockname()[1]
            shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
            print(
                f"Spellforge is serving at http://{shown}:{bound}/  (store: {db}; Ctrl-C stops)", flush=True
            )
        await task

    with contextlib.suppress(KeyboardInterrupt, SystemExit):  # uvicorn exits when it cannot bind
        try:  # uvloop (the [web] extra installs it) spends a fraction of asyncio's CPU on each message
            import uvloop

            uvloop.run(run())
        except ImportError:  # pragma: no cover
            asyncio.run(run())
    if not server.started:
        print(f"spellforge: error: could not serve on {host}:{port}", file=sys.stderr)
        return 2
    return 0
