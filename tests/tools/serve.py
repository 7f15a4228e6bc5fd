#!/usr/bin/env python3
"""Serve an exported Godot Web build with the headers a threaded build needs.

Usage: tests/tools/serve.py [DIRECTORY] [--port 8080] [--bind 127.0.0.1] [--no-isolation]

DIRECTORY defaults to target/web-export (the export path of the demo project's Web preset).
Every response carries

    Cross-Origin-Opener-Policy: same-origin
    Cross-Origin-Embedder-Policy: require-corp
    Cross-Origin-Resource-Policy: same-origin

which make the page cross-origin isolated, so that SharedArrayBuffer (and with it a Godot
export with thread support) is available. Builds without thread support run with or without
them. Browsers treat http://localhost as a secure context; serve other hosts over HTTPS.

--no-isolation leaves the two Cross-Origin headers out, as a server that was not set up for
threads would (the browser test checks what a threaded build says then). --port 0 picks a free
port; the first line printed names the one in use.
"""

import argparse
import functools
import http.server
import os
import sys

DEFAULT_DIR = os.path.join("target", "web-export")

HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "no-cache",
}


class IsolatedHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with cross-origin isolation headers and the Web export's MIME types."""

    headers_sent = HEADERS

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".pck": "application/octet-stream",
        ".html": "text/html",
    }

    def end_headers(self):
        for name, value in self.headers_sent.items():
            self.send_header(name, value)
        super().end_headers()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", nargs="?", default=DEFAULT_DIR,
                        help=f"exported Web build (default: {DEFAULT_DIR})")
    parser.add_argument("--port", type=int, default=8080, help="port (default: 8080)")
    parser.add_argument("--bind", default="127.0.0.1",
                        help="address to listen on (default: 127.0.0.1)")
    parser.add_argument("--no-isolation", action="store_true",
                        help="leave out the Cross-Origin-Opener-Policy and -Embedder-Policy headers")
    args = parser.parse_args()

    directory = os.path.abspath(args.directory)
    if not os.path.isfile(os.path.join(directory, "index.html")):
        sys.exit(
            f"serve: error: no index.html in {directory}\n"
            "Export the demo first: in the Godot editor, Project > Export > Web > Export Project "
            f"(the preset writes to {DEFAULT_DIR}/index.html), or headless:\n"
            f"  mkdir -p {DEFAULT_DIR} && make link web && \\\n"
            "  tests/tools/godot.sh --headless --path godot_project --export-release Web\n"
            "Both need Godot's official Web export templates installed (Editor > Manage Export "
            "Templates)."
        )

    handler_class = IsolatedHandler
    if args.no_isolation:
        handler_class = type("PlainHandler", (IsolatedHandler,), {
            "headers_sent": {k: v for k, v in HEADERS.items() if not k.startswith("Cross-Origin-")},
        })
    handler = functools.partial(handler_class, directory=directory)
    try:
        server = http.server.ThreadingHTTPServer((args.bind, args.port), handler)
    except OSError as err:
        sys.exit(f"serve: error: cannot listen on {args.bind}:{args.port}: {err}")
    host = "localhost" if args.bind in ("127.0.0.1", "::1", "0.0.0.0") else args.bind
    isolation = "no cross-origin isolation" if args.no_isolation else "COOP same-origin, COEP require-corp"
    print(f"serve: {directory} on http://{host}:{server.server_address[1]}/ ({isolation}); "
          "Ctrl+C stops", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
