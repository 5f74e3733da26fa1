"""A janus profile in a real browser: trains the demo with JANUS_TRACE=<dir>/, starts
TensorBoard (with the profile plugin) on it, loads its trace viewer in headless
Chromium (Debian's package, tools/install-chromium.sh) and saves a screenshot.

    make trace-screenshot   # → docs/trace-tensorboard.png (one graph call, zoomed in)
                            #   docs/trace-tensorboard-run.png (the whole run)

Runs under the prefix's python with JANUS_MODE=off (TensorBoard is not janus's to
convert); the demo itself runs under bin/janus-python.
"""

import argparse
import asyncio
import base64
import gzip
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get_json(url):
    with urllib.request.urlopen(url, timeout=60) as response:
        body = response.read()
        if response.headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
    return json.loads(body)


def record_profile(logdir, steps):
    shutil.rmtree(logdir, ignore_errors=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("JANUS_")}
    env.update(JANUS_MODE="on", JANUS_TRACE=f"{logdir}/")
    subprocess.run([str(REPO / "bin" / "janus-python"), str(REPO / "bench" / "models" /
                    "lenet.py"), "--steps", str(steps)], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def start_tensorboard(logdir, port):
    server = subprocess.Popen(
        [sys.executable, "-m", "tensorboard.main", "--logdir", str(logdir), "--port",
         str(port), "--host", "127.0.0.1"], env=dict(os.environ, JANUS_MODE="off"),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/data/plugin/profile"
    deadline = time.monotonic() + 120
    while True:
        try:
            return server, base, get_json(f"{base}/runs")
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                raise SystemExit("TensorBoard did not start") from None
            time.sleep(0.5)


def view_of(trace, number):
    """The viewport (ms, as the viewer counts) around the `number`th janus call that ran
    a graph, so that its guard check, graph and TF ops fill the picture."""
    events = trace["traceEvents"]
    graphs = [e for e in events if e.get("name", "").startswith("janus graph ")]
    graph = graphs[min(number, len(graphs) - 1)]
    call = next(e for e in events if e.get("name", "").startswith("janus call ")
                and e["ts"] <= graph["ts"] and graph["ts"] + graph["dur"] <= e["ts"] + e["dur"])
    margin = call["dur"] * 0.15
    return (call["ts"] - margin) / 1000, (call["ts"] + call["dur"] + margin) / 1000


# True while the viewer still shows its "Importing..." dialog or has no TF thread track:
# the dialog and tracks live in nested shadow roots, so the search walks them.
STILL_LOADING = """
(() => {
  const seen = [];
  const walk = (root) => {
    let found = [];
    try { found = Array.from(root.querySelectorAll('*')); } catch (e) { return; }
    for (const el of found) {
      seen.push(el);
      if (el.shadowRoot && el.shadowRoot !== root) walk(el.shadowRoot);
    }
  };
  walk(document);
  const busy = seen.some(el => el.offsetParent !== null && el.children.length === 0 &&
                                /Importing|Creating importers/.test(el.textContent));
  const drawn = seen.some(el => el.children.length === 0 &&
                               /^\\s*tf_Compute/.test(el.textContent));
  return busy || !drawn;
})()
"""


async def screenshot(chromium, url, timeout=240):
    """Load `url` in headless Chromium, wait until the trace is drawn, return a PNG."""
    import aiohttp  # the profile plugin's dependency; speaks the DevTools protocol
    port = free_port()
    with tempfile.TemporaryDirectory() as profile:
        browser = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--window-size=1600,1000", f"--remote-debugging-port={port}",
             f"--user-data-dir={profile}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            async with aiohttp.ClientSession() as http:
                deadline = time.monotonic() + 60
                while True:
                    try:
                        async with http.get(f"http://127.0.0.1:{port}/json/list") as r:
                            pages = [t for t in await r.json() if t["type"] == "page"]
                        break
                    except aiohttp.ClientError:
                        if time.monotonic() > deadline:
                            raise SystemExit("Chromium did not start") from None
                        await asyncio.sleep(0.5)
                async with http.ws_connect(pages[0]["webSocketDebuggerUrl"],
                                           max_msg_size=0) as ws:
                    calls = iter(range(1, 1 << 30))

                    async def call(method, **params):
                        number = next(calls)
                        await ws.send_json({"id": number, "method": method,
                                            "params": params})
                        async for message in ws:
                            reply = message.json()
                            if reply.get("id") == number:
                                if "error" in reply:
                                    raise RuntimeError(f"{method}: {reply['error']}")
                                return reply["result"]
                    await call("Page.enable")
                    await call("Page.navigate", url=url)
                    deadline = time.monotonic() + timeout
                    while True:
                        await asyncio.sleep(2)
                        state = await call("Runtime.evaluate", expression=STILL_LOADING,
                                           returnByValue=True)
                        if state["result"].get("value") is False:
                            break
                        if time.monotonic() > deadline:
                            raise SystemExit("the trace viewer did not finish loading")
                    await asyncio.sleep(2)     # the last draw after the import
                    shot = await call("Page.captureScreenshot", format="png")
                    return base64.b64decode(shot["data"])
        finally:
            browser.terminate()
            browser.wait(timeout=30)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(REPO / "docs" / "trace-tensorboard.png"))
    parser.add_argument("--logdir", default=str(REPO / "build" / "trace-demo"))
    parser.add_argument("--steps", type=int, default=12)
    parser.add_argument("--call", type=int, default=4,
                        help="which graph call to zoom onto (0 is the first)")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    args = parser.parse_args()
    record_profile(args.logdir, args.steps)
    server, base, runs = start_tensorboard(args.logdir, free_port())
    try:
        run = runs[0]
        host = get_json(f"{base}/hosts?run={urllib.parse.quote(run)}"
                        "&tag=trace_viewer@")[0]["hostname"]
        data = "/data/plugin/profile/data?" + urllib.parse.urlencode(
            {"run": run, "tag": "trace_viewer", "host": host})
        start, end = view_of(get_json(base.split("/data/")[0] + data), args.call)
        query = {"is_streaming": "false", "is_oss": "true", "trace_data_url": data,
                 "source_code_service": "false"}
        zoomed = dict(query, view_start=start, view_end=end)
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        for path, params in ((out, zoomed),
                             (out.with_name(out.stem + "-run" + out.suffix), query)):
            viewer = f"{base}/trace_viewer_index.html?" + urllib.parse.urlencode(params)
            path.write_bytes(asyncio.run(screenshot(args.chromium, viewer)))
            print(f"[janus] screenshot of the trace viewer saved to {path}")
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
