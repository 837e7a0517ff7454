#!/usr/bin/env python3
"""`ply lsp` on a 5,000-line rules file: how long each answer takes.

Run from the project root after `cargo build --release`:
    python3 benches/lsp.py [--ply target/release/ply] [--lines 5000] [--repeat 20]

It writes a valid rules file of LINES lines (sides, kinds, directions, lets and moves over
the whole file), starts `ply lsp`, opens the file, and times, REPEAT times each, the
requests an editor makes while one types: hover (a keyword, a name), definition,
references, completion (keywords at the end of the file, names in the middle), rename,
document symbols, and an edit that breaks the file and one that mends it (until their
diagnostics arrive). It prints the median and the slowest time of each, in milliseconds,
and exits 1 if a median is 100 ms or more (the target on a 2-core machine). Nothing is
asserted on times in `cargo test`: this is the check.
"""
import argparse, json, statistics, subprocess, sys, time

URI = "file:///bench/big.rules"


def rules_file(lines):
    head = [
        "board 8 x 8",
        'sides black forward up, white forward down',
        "kinds man, king",
        'pieces "x" black man, "X" black king, "o" white man, "O" white king',
        'empty "."',
        "direction knight = 2 1",
        "directions hops = knight, up, down",
    ]
    body = []
    i = 0
    while len(head) + len(body) < lines - 6:
        i += 1
        if i % 4 == 0:
            body += [f"move  # move {i}", "  man: step along forward, hops", "  onto empty"]
        else:
            body.append(f"let score{i} of s = count s man pieces * {i} - count enemy king pieces")
    tail = [
        "let lead = score1 of black - score1 of white",
        "input",
        "  repeat until end",
        "    grid",
        "    mover",
        'output "{lead}"',
    ]
    return "\n".join(head + body + tail) + "\n"


class Server:
    def __init__(self, ply):
        self.p = subprocess.Popen([ply, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.id = 0

    def send(self, msg):
        body = json.dumps(msg).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def receive(self):
        length = 0
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("ply lsp stopped")
            line = line.strip()
            if not line:
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.p.stdout.read(length))

    def request(self, method, params):
        self.id += 1
        self.send({"jsonrpc": "2.0", "id": self.id, "method": method, "params": params})
        while True:
            m = self.receive()
            if m.get("id") == self.id:
                if "error" in m:
                    sys.exit(f"{method}: {m['error']}")
                return m["result"]

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self):
        while True:
            m = self.receive()
            if m.get("method") == "textDocument/publishDiagnostics":
                return m["params"]["diagnostics"]


def position(text, word, nth=0, into=1):
    at = -1
    for _ in range(nth + 1):
        at = text.index(word, at + 1)
    line = text.count("\n", 0, at)
    return {"line": line, "character": at - (text.rfind("\n", 0, at) + 1) + into}


def check_answers(s, text, doc):
    """The answers timed are real ones, not empty."""
    at = lambda p: {"textDocument": doc, "position": p}
    if not s.request("textDocument/hover", at(position(text, "score", 100))):
        sys.exit("no hover on a name")
    if not s.request("textDocument/definition", at(position(text, "hops", 400))):
        sys.exit("no definition")
    names = [i["label"] for i in s.request("textDocument/completion",
                                           at(position(text, "count s", 600, 6)))]
    if "black" not in names or "own" not in names:
        sys.exit(f"completion in a let: {names[:20]}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ply", default="target/release/ply")
    ap.add_argument("--lines", type=int, default=5000)
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    text = rules_file(args.lines)
    s = Server(args.ply)
    s.request("initialize", {"capabilities": {}})
    s.notify("initialized", {})
    doc = {"uri": URI}
    times = {}

    def timed(name, f):
        for _ in range(args.repeat):
            start = time.perf_counter()
            f()
            times.setdefault(name, []).append((time.perf_counter() - start) * 1000)

    version = [1]

    def open_file():
        s.notify("textDocument/didOpen", {"textDocument": {
            "uri": URI, "languageId": "ply", "version": version[0], "text": text}})
        d = s.diagnostics()
        if d:
            sys.exit(f"the generated file has errors: {d[:3]}")

    timed("open (until diagnostics)", open_file)
    check_answers(s, text, doc)
    mid = text.count("\n") // 2
    mid_name = position(text, "score", 2 * (mid // 4))
    at = lambda p: {"textDocument": doc, "position": p}
    timed("hover on a keyword", lambda: s.request("textDocument/hover", at(position(text, "step", 300))))
    timed("hover on a name", lambda: s.request("textDocument/hover", at(mid_name)))
    timed("definition", lambda: s.request("textDocument/definition", at(position(text, "hops", 400))))
    timed("references (1,000+)", lambda: s.request("textDocument/references", {
        **at(position(text, "hops", 0)), "context": {"includeDeclaration": True}}))
    last = {"line": text.count("\n"), "character": 0}
    timed("completion at the end", lambda: s.request("textDocument/completion", at(last)))
    inside = position(text, "count s", 600, 6)
    timed("completion in a let", lambda: s.request("textDocument/completion", at(inside)))
    timed("rename", lambda: s.request("textDocument/rename", {
        **at(position(text, "man", 0)), "newName": "pawn"}))
    timed("document symbols", lambda: s.request("textDocument/documentSymbol", {"textDocument": doc}))
    line = mid + 1

    def edit(new, broken):
        version[0] += 1
        s.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": version[0]},
            "contentChanges": [{"range": {"start": {"line": line, "character": 0},
                                          "end": {"line": line, "character": 0}}, "text": new}]})
        d = s.diagnostics()
        if bool(d) != broken:
            sys.exit(f"unexpected diagnostics: {d[:3]}")

    def break_and_mend():
        edit("mvoe ", True)
        start = time.perf_counter()
        version[0] += 1
        s.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": version[0]},
            "contentChanges": [{"range": {"start": {"line": line, "character": 0},
                                          "end": {"line": line, "character": 5}}, "text": ""}]})
        if s.diagnostics():
            sys.exit("the mended file has errors")
        times.setdefault("edit that mends (until diagnostics)", []).append(
            (time.perf_counter() - start) * 1000)

    timed("edit that breaks + mends", break_and_mend)
    s.request("shutdown", None)
    s.notify("exit", None)
    s.p.wait()
    print(f"ply lsp on a {args.lines}-line file ({len(text)} bytes), {args.repeat} runs each:")
    print(f"{'request':40} {'median ms':>10} {'max ms':>8}")
    slow = False
    for name, ts in times.items():
        med = statistics.median(ts)
        slow |= med >= 100 and "breaks" not in name
        print(f"{name:40} {med:10.1f} {max(ts):8.1f}")
    sys.exit(1 if slow else 0)


if __name__ == "__main__":
    main()
