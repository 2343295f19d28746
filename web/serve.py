"""Serve build/web/ on localhost with the headers interactive play needs.

    python web/serve.py [--port 8000] [--dir build/web] [--bind 127.0.0.1]

A plain static file server (http.server) that adds
Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy:
require-corp, so the page is cross-origin isolated and may share memory with
its worker (SharedArrayBuffer + Atomics.wait: how the firmware's blocking loop
waits for buttons without freezing the page). --port 0 picks a free port.
"""
import argparse
import functools
import http.server
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".mjs": "text/javascript", ".js": "text/javascript",
                             ".wasm": "application/wasm", ".json": "application/json"})

    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, fmt, *args):
        if os.environ.get("PP_WEB_QUIET") != "1":
            super().log_message(fmt, *args)


def make_server(directory, bind="127.0.0.1", port=0):
    handler = functools.partial(Handler, directory=directory)
    return http.server.ThreadingHTTPServer((bind, port), handler)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--bind", default="127.0.0.1")
    p.add_argument("--dir", default=os.path.join(ROOT, "build", "web"))
    args = p.parse_args(argv)
    if not os.path.exists(os.path.join(args.dir, "index.html")):
        print("serve: %s has no index.html: run `make web` first" % args.dir, file=sys.stderr)
        return 2
    server = make_server(args.dir, args.bind, args.port)
    host, port = server.server_address[:2]
    print("pocket-party: open http://%s:%d/ in a browser (Ctrl+C stops)" % (host, port), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
