// The ply playground page. It keeps the game as the list of moves played and asks the
// server for everything else (docs/serve.md): the board, the legal moves, the agent's
// replies, and perft and playout counts.
"use strict";

const $ = (id) => document.getElementById(id);

const game = {
  file: null,      // the rules file open
  version: null,   // its version, to see edits on disk
  moves: [],       // the moves played, as the game writes them
  view: null,      // the server's state of the game
  selected: null,  // the square clicked first
  seed: 1,         // the agent's seed for this game
  turn: 0,         // bumped whenever the game changes, so stale answers are dropped
  job: null,       // the id of the job watched
};

async function api(method, path, body) {
  // The server refuses a request that changes something without this header, which a page
  // of another site cannot send.
  const options = { method, headers: { "X-Ply-Request": "1" } };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) {
    const error = new Error(data.error || response.statusText);
    error.status = response.status;
    error.data = data;
    throw error;
  }
  return data;
}

function notice(text, isError) {
  const n = $("notice");
  n.textContent = text || "";
  n.classList.toggle("error", !!isError);
}

function el(tag, props, ...children) {
  const e = document.createElement(tag);
  Object.assign(e, props || {});
  for (const c of children) e.append(c);
  return e;
}

// The list of rules files, then the one the address names (or the only one).
async function loadFiles() {
  const data = await listFiles();
  if (!data) return;
  const wanted = decodeURIComponent(location.hash.slice(1));
  if (wanted && data.files.some((f) => f.name === wanted)) openFile(wanted);
  else if (data.files.length === 1) openFile(data.files[0].name);
}

// Lists the rules files, each marked when it has errors or no game.
async function listFiles() {
  try {
    const data = await api("GET", "/api/files");
    $("folder").textContent = data.folder;
    const list = $("files");
    list.replaceChildren();
    for (const f of data.files) {
      const button = el("button", { type: "button", textContent: f.name });
      button.dataset.file = f.name;
      if (!f.ok) button.append(el("span", { className: "tag bad", textContent: "errors" }));
      else if (!f.game) button.append(el("span", { className: "tag", textContent: "no game" }));
      button.classList.toggle("current", f.name === game.file);
      button.addEventListener("click", () => openFile(f.name));
      list.append(el("li", {}, button));
    }
    return data;
  } catch (e) {
    notice(e.message, true);
    return null;
  }
}

// One rules file: its text, its errors, and its game from the start.
async function openFile(name, reloaded) {
  game.turn++;
  let data;
  try {
    data = await api("GET", "/api/rules/" + encodeURIComponent(name));
  } catch (e) {
    notice(e.message, true);
    return;
  }
  game.file = name;
  game.version = data.version;
  history.replaceState(null, "", "#" + encodeURIComponent(name));
  for (const b of document.querySelectorAll("#files button")) {
    b.classList.toggle("current", b.dataset.file === name);
  }
  $("title").textContent = name;
  notice(reloaded ? name + " changed on disk: the game starts again" : "");
  showSource(data.text, data.diagnostics);
  const rows = $("diagnostic-rows");
  rows.replaceChildren();
  for (const d of data.diagnostics) {
    const row = el("tr", {},
      el("td", { textContent: d.line ?? "" }),
      el("td", { textContent: d.column ?? "" }),
      el("td", { textContent: d.message + (d.help ? " (" + d.help + ")" : "") }));
    row.addEventListener("click", () => {
      const line = document.querySelector(`#source .line[data-line="${d.line}"]`);
      if (line) line.scrollIntoView({ block: "center" });
    });
    rows.append(row);
  }
  $("diagnostics").hidden = data.diagnostics.length === 0;
  $("source-panel").open = !data.game;
  for (const id of ["play", "moves-panel", "played-panel", "stats-panel"]) $(id).hidden = !data.game;
  if (!data.game) {
    if (data.diagnostics.length === 0) notice(data.note || "");
    return;
  }
  newGame();
}

function showSource(text, diagnostics) {
  const bad = new Set(diagnostics.map((d) => d.line));
  const pre = $("source");
  pre.replaceChildren();
  const lines = text.split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  lines.forEach((line, i) => {
    const span = el("span", { className: "line" + (bad.has(i + 1) ? " bad" : "") },
      el("span", { className: "no", textContent: String(i + 1) }), line);
    span.dataset.line = String(i + 1);
    pre.append(span);
  });
}

function newGame() {
  game.moves = [];
  game.selected = null;
  game.seed = Math.floor(Math.random() * 1e9);
  $("job-result").textContent = "";
  refresh();
}

// Which sides the agent plays, from the "You play" choice.
function agentPlays(side) {
  const human = $("human").value;
  return human !== "both" && human !== side;
}

function sideChoices(sides) {
  const select = $("human");
  const keep = select.value;
  const wanted = sides.concat(["both"]);
  if ([...select.options].map((o) => o.value).join() === wanted.join()) return;
  select.replaceChildren();
  for (const s of sides) select.append(el("option", { value: s, textContent: s }));
  select.append(el("option", { value: "both", textContent: "both sides" }));
  select.value = wanted.includes(keep) ? keep : sides[0];
}

// Asks the server for the game after the moves played, draws it, and lets the agent move.
async function refresh() {
  const turn = ++game.turn;
  let view;
  // The board is drawn with the person's side at the bottom, once the game's sides are known.
  const known = game.view && game.view.rules === game.file ? game.view.sides : [];
  const bottom = known.includes($("human").value) ? $("human").value : undefined;
  try {
    view = await api("POST", "/api/state", { rules: game.file, moves: game.moves, bottom });
  } catch (e) {
    if (turn === game.turn) notice(e.message, true);
    return;
  }
  if (turn !== game.turn) return;
  game.view = view;
  sideChoices(view.sides);
  // A new game's first picture was drawn before its sides were known: draw it again.
  if (bottom === undefined && view.sides.includes($("human").value)) return refresh();
  draw();
  if (!view.over && agentPlays(view.to_move)) agentMove(turn);
}

async function agentMove(turn) {
  setStatus(game.view.to_move + " to move: the agent is thinking…");
  const think = Math.min(60, Math.max(0.05, Number($("think").value) || 0.5));
  try {
    const reply = await api("POST", "/api/agent", {
      rules: game.file, moves: game.moves, agent: $("agent").value, seed: game.seed, think,
    });
    if (turn !== game.turn) return;
    game.moves.push(reply.move);
    refresh();
  } catch (e) {
    if (turn === game.turn) notice(e.message, true);
  }
}

function play(move) {
  game.selected = null;
  $("choose").hidden = true;
  game.moves.push(move);
  notice("");
  refresh();
}

function humanToMove() {
  const v = game.view;
  return v && !v.over && !agentPlays(v.to_move);
}

function setStatus(text) {
  $("status").textContent = text;
}

function draw() {
  const v = game.view;
  $("board").innerHTML = v.svg;
  $("board").dataset.file = v.rules;
  if (v.over) setStatus("Game over: " + v.over.result);
  else if (humanToMove()) setStatus(v.to_move + " to move: your move");
  else setStatus(v.to_move + " to move");
  const list = $("moves");
  list.replaceChildren();
  $("move-count").textContent = v.over ? "" : "(" + v.moves.length + ")";
  for (const m of v.moves) {
    const b = el("button", { type: "button", textContent: m.move, disabled: !humanToMove() });
    b.dataset.move = m.move;
    b.addEventListener("mouseenter", () => {
      $("explain").textContent = m.explain || m.move;
      mark(m.squares, "hint");
    });
    b.addEventListener("mouseleave", () => mark([], "hint"));
    b.addEventListener("click", () => humanToMove() && play(m.move));
    list.append(b);
  }
  const played = $("played");
  played.replaceChildren();
  for (const p of v.played) played.append(el("li", { textContent: p.side + " " + p.move }));
  played.scrollTop = played.scrollHeight;
  highlight();
}

// Marks the squares `names` with `cls` (and no others).
function mark(names, cls) {
  for (const r of document.querySelectorAll("#board .square." + cls)) r.classList.remove(cls);
  for (const n of names) {
    const r = document.querySelector(`#board .square[data-square="${CSS.escape(n)}"]`);
    if (r) r.classList.add(cls);
  }
}

// A dot on each square `names` (where the chosen piece can go), over the pieces, the board
// still seen under it; a ring where a piece stands (a capture).
function dots(names) {
  for (const d of document.querySelectorAll("#board .target-dot")) d.remove();
  const svg = document.querySelector("#board svg");
  if (!svg) return;
  for (const n of names) {
    const q = CSS.escape(n);
    const cell = document.querySelector(`#board .square[data-square="${q}"]`);
    if (!cell) continue;
    const box = cell.getBBox();
    const taken = document.querySelector(`#board .piece[data-square="${q}"]`) !== null;
    const dot = document.createElementNS("http://www.w3.org/2000/svg", "circle");
    dot.setAttribute("class", taken ? "target-dot ring" : "target-dot");
    dot.setAttribute("cx", box.x + box.width / 2);
    dot.setAttribute("cy", box.y + box.height / 2);
    dot.setAttribute("r", taken ? Math.min(box.width, box.height) * 0.45 : Math.min(box.width, box.height) / 6);
    dot.dataset.square = n;
    svg.append(dot);
  }
}

// The squares a move can start from, and with a square selected, where it can go.
function highlight() {
  const moves = humanToMove() ? game.view.moves : [];
  const from = moves.filter((m) => m.squares.length > 0).map((m) => m.squares[0]);
  mark(game.selected ? [] : from, "from");
  mark(game.selected ? [game.selected] : [], "selected");
  const targets = moves
    .filter((m) => m.squares[0] === game.selected && m.squares.length > 1)
    .map((m) => m.squares[m.squares.length - 1]);
  mark(targets, "target");
  dots(targets);
}

function clickSquare(square) {
  if (!humanToMove()) return;
  const moves = game.view.moves;
  const lastOf = (m) => m.squares[m.squares.length - 1];
  if (game.selected) {
    const ends = moves.filter((m) => m.squares.length > 1 && m.squares[0] === game.selected && lastOf(m) === square);
    if (ends.length === 1) return play(ends[0].move);
    if (ends.length > 1) return choose(ends);
    if (square === game.selected) {
      const place = moves.filter((m) => m.squares.length === 1 && m.squares[0] === square);
      if (place.length === 1) return play(place[0].move);
      game.selected = null;
      return highlight();
    }
  }
  const from = moves.filter((m) => m.squares[0] === square);
  if (from.length === 1 && from[0].squares.length === 1) return play(from[0].move);
  if (from.length > 0) {
    game.selected = square;
    $("choose").hidden = true;
    notice("");
    return highlight();
  }
  game.selected = null;
  highlight();
  notice("no legal move from or onto " + square, true);
}

// Several moves with the same first and last squares (a promotion, two paths): ask which.
function choose(moves) {
  const box = $("choose");
  box.replaceChildren("Which move? ");
  for (const m of moves) {
    const b = el("button", { type: "button", textContent: m.move, title: m.explain });
    b.addEventListener("click", () => play(m.move));
    box.append(b);
  }
  box.hidden = false;
}

// Perft and playouts in the background, with their progress.
async function startJob(ask) {
  try {
    const job = await api("POST", "/api/jobs", Object.assign({ rules: game.file, moves: game.moves }, ask));
    game.job = job.id;
    $("job").hidden = false;
    $("job-result").textContent = "";
    watchJob(job.id);
  } catch (e) {
    notice(e.message, true);
  }
}

async function watchJob(id) {
  let job;
  try {
    job = await api("GET", "/api/jobs/" + id);
  } catch (e) {
    notice(e.message, true);
    return;
  }
  if (game.job !== id) return;
  const unit = job.kind === "perft" ? "first moves" : "games";
  const progress = $("progress");
  progress.max = Math.max(job.total, 1);
  progress.value = job.done;
  $("job-status").textContent = `${job.kind}: ${job.done} / ${job.total} ${unit}, ${job.seconds.toFixed(1)} s`;
  $("stop").hidden = job.state !== "running";
  if (job.state === "running") {
    setTimeout(() => watchJob(id), 300);
    return;
  }
  $("job-status").textContent += ", " + job.state;
  $("job-result").textContent = job.error || (job.result ? describe(job.kind, job.result) : "");
}

function describe(kind, r) {
  if (kind === "perft") {
    const lines = r.divide.map((d) => `${d.move}: ${d.count}`);
    return lines.concat([`perft(${r.depth}) = ${r.count}`]).join("\n");
  }
  const pct = (x) => `${(x * 100).toFixed(1)}%`;
  const s = r.stats;
  const lines = s.results.map(
    (t) => `${t.result}: ${t.games}  ${pct(t.share)} (95% confidence: ${pct(t.low)} to ${pct(t.high)})`
  );
  const f = s.first_side;
  lines.push(`the first side (${f.side}) wins ${pct(f.share)} (95% confidence: ${pct(f.low)} to ${pct(f.high)})`);
  lines.push(`${r.games} games, ${s.plies.average.toFixed(1)} plies a game, ${s.plies.longest} at most (seed ${r.seed})`);
  lines.push(`legal moves a position: ${s.branching.average.toFixed(2)} on average`);
  lines.push(`games the ply limit stopped: ${s.limited}`);
  return lines.join("\n");
}

// Edits on disk: the page polls the file's version and starts the game again when it changes.
async function watchFile() {
  if (game.file) {
    try {
      const v = await api("GET", "/api/version/" + encodeURIComponent(game.file));
      if (game.version && v.version !== game.version) {
        await openFile(game.file, true);
        await listFiles();
      }
    } catch (e) {
      notice(e.message, true);
    }
  }
  setTimeout(watchFile, 1000);
}

function start() {
  $("board").addEventListener("click", (e) => {
    const target = e.target.closest("[data-square]");
    if (target) clickSquare(target.dataset.square);
  });
  $("undo").addEventListener("click", () => {
    // Back to the last position where the person was to move.
    game.moves.pop();
    while (game.moves.length > 0 && game.view && game.view.played.length > 0) {
      const side = game.view.played[game.moves.length]?.side;
      if (side === undefined || !agentPlays(side)) break;
      game.moves.pop();
    }
    game.selected = null;
    refresh();
  });
  $("restart").addEventListener("click", newGame);
  $("human").addEventListener("change", refresh);
  $("perft").addEventListener("click", () => startJob({ kind: "perft", depth: Number($("depth").value) }));
  $("playout").addEventListener("click", () => startJob({
    kind: "playout", games: Number($("games").value), seed: Number($("seed").value),
  }));
  $("stop").addEventListener("click", () => game.job && api("DELETE", "/api/jobs/" + game.job).catch((e) => notice(e.message, true)));
  loadFiles();
  watchFile();
}

start();
