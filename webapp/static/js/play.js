// The board page: one place for the match state; input, rendering and replay are separate modules.
import { getJSON, postJSON } from "./api.js";
import { teamColour, title } from "./colours.js";
import { Controls } from "./controls.js";
import { blockedBy, spotPosition, speedOf } from "./geometry.js";
import { render } from "./render.js";
import { animate, decodeFrames, replayLength, snapshot } from "./replay.js";
import { View } from "./view.js";

const DEFAULT_POWER = 0.36; // about an open 20 from the middle of the line
const SETTLE_S = 0.6;
const FOUL_SETTLE_S = 1.4;

const $ = (sel) => document.querySelector(sel);
const canvas = $("#board");
const ctx = canvas.getContext("2d");

const page = {
  id: Number(document.body.dataset.matchId),
  match: null,
  board: null,
  view: null,
  phase: "loading", // loading | aim | sending | replay | thinking | summary | over | error
  spot: {}, // player index -> last spot used
  aim: { angle: 0, power: 0 },
  overlay: null, // discs drawn instead of the state's while a shot replays or settles
  framesDrawn: 0,
};

// -- reading the match ---------------------------------------------------------------------------------------
const shooter = () => (page.match && page.match.to_shoot !== null ? page.match.game.players[page.match.to_shoot] : null);
const humanToShoot = () => shooter() && shooter().controller === "human";
const colourOfTeam = (t) => page.match.game.teams[t];

function pendingDisc() {
  const p = shooter();
  if (!p || page.phase !== "aim" && page.phase !== "sending") return null;
  const spot = page.spot[p.index] ?? 0;
  const pos = spotPosition(page.board, p.seat, spot);
  const first = page.match.round_no === 0 && page.match.discs_left[p.index] === p.discs;
  return {
    ...pos,
    colour: p.colour,
    seat: p.seat,
    arrows: first && page.aim.power === 0,
    blocked: !!blockedBy(page.board, pos.x, pos.y, page.match.state.discs),
    aim: page.aim,
  };
}

function scene() {
  const m = page.match;
  const glowing = page.phase === "aim" || page.phase === "thinking" || page.phase === "sending";
  const mustHit = new Set(glowing ? m.must_hit : []);
  const discs = page.overlay
    ? page.overlay.map((d) => ({ ...d, colour: colourOfTeam(d.team) }))
    : m.state.discs.map((d) => ({ ...d, colour: colourOfTeam(d.team), glow: mustHit.has(d.id) }));
  const active = page.phase === "aim" ? m.to_shoot : -1;
  return {
    seats: m.game.players.map((p) => ({ seat: p.seat, colour: p.colour, active: p.index === active })),
    fifteenGlow: glowing && m.no_hiding,
    discs,
    pending: pendingDisc(),
  };
}

function draw() {
  if (!page.view) return;
  page.view.resize();
  render(ctx, page.view, scene());
  canvas.dataset.phase = page.phase;
}

// -- the side panel --------------------------------------------------------------------------------------------
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

function renderScoreboard() {
  const m = page.match;
  const board = $("#scoreboard");
  board.replaceChildren();
  m.game.teams.forEach((team, t) => {
    const players = m.game.players.filter((p) => p.team === t);
    const isTurn = shooter() && shooter().team === t;
    const hasHammer = players.some((p) => p.index === m.hammer);
    const who = m.game.players.find((p) => p.team === t).controller;
    const left = players.reduce((sum, p) => sum + m.discs_left[p.index], 0);
    const row = el(
      "div",
      { class: `team${isTurn ? " turn" : ""}`, style: `--team:${teamColour(team).fill}`, "data-team": team },
      el("span", { class: "swatch" }),
      el("span", { class: "name" }, title(team), who === "human" ? "" : el("small", {}, levelName(who))),
      el("span", { class: "score", title: "match score" }, String(m.match_scores[t])),
      el(
        "span",
        { class: "info" },
        el("span", { class: "onboard", title: "points on the board this round" }, `${m.round_points[t]} on board`),
        el("span", { class: "left", title: "discs still to shoot this round" }, `${left} to shoot`),
        hasHammer ? el("span", { class: "hammer", title: "shoots last this round" }, "hammer") : "",
      ),
    );
    board.append(row);
  });
  const hammer = m.game.players[m.hammer];
  $("#match-info").textContent =
    `Round ${m.round_no + 1} · ${m.game.target_text} · ${title(m.game.board)} board · ${rulesLabel(m.game)}` +
    (m.over ? "" : ` · hammer: ${hammer.name}`);
}

function rulesLabel(game) {
  const discs = new Set(game.players.map((p) => p.discs));
  const each = discs.size === 1 ? `, ${[...discs][0]} discs each` : "";
  return `${game.rules.name.replace(/\+$/, "")} rules${each}`;
}

function levelName(spec) {
  return `computer, ${spec.startsWith("ai:") ? title(spec.slice(3)) : spec}`;
}

function renderRounds() {
  const list = $("#rounds");
  list.replaceChildren(...page.match.rounds.map((r, k) => el("li", {}, el("b", {}, `Round ${k + 1}. `), r.summary)));
  $("#rounds-box").hidden = page.match.rounds.length === 0;
}

function hintFor() {
  const p = shooter();
  const m = page.match;
  if (m.over) return "";
  if (page.phase === "thinking") return `${p.name} (the computer) is choosing a shot...`;
  if (page.phase !== "aim") return "";
  if (page.aim.power > 0) {
    const side = Math.abs(page.aim.angle) < 0.05 ? "straight in" : `${Math.abs(page.aim.angle).toFixed(1)}° ${page.aim.angle > 0 ? "right" : "left"}`;
    return `${p.name}: power ${Math.round(page.aim.power * 100)}%, ${side}. Let go (or Space) to flick; pull back in to cancel.`;
  }
  const rule = m.must_hit.length
    ? "You must hit a glowing disc."
    : m.no_hiding
      ? "Open board: end touching or inside the glowing 15 line."
      : "Open board.";
  return `${p.name}: slide your disc along the line, pull back to aim, let go to flick. ${rule}`;
}

/** The hint sits by the shooter: the top player's slot is turned to face them across the board. */
function renderHint() {
  const p = shooter();
  const top = p && p.seat === "top";
  $("#hint-top").textContent = top ? hintFor() : "";
  $("#hint-bottom").textContent = top ? "" : hintFor();
}

function renderStatus() {
  const m = page.match;
  const status = $("#status");
  if (m.over) {
    const w = m.winner;
    status.textContent =
      w === null ? `Match over: a draw, ${m.match_scores.join(" - ")}.` : `Match over: ${title(m.game.teams[w])} wins, ${m.match_scores.join(" - ")}.`;
    status.className = "status over";
  } else {
    const p = shooter();
    status.textContent = `${p.name} to shoot${p.controller === "human" ? "" : " (computer)"} · shot ${m.shot_no + 1} of the round`;
    status.className = "status";
    status.style.setProperty("--team", teamColour(p.colour).fill);
  }
}

function showOutcome(outcome) {
  const box = $("#message");
  if (!outcome) {
    box.hidden = true;
    return;
  }
  const who = page.match.game.players[outcome.player].name;
  box.hidden = false;
  box.className = `message${outcome.foul ? " foul" : ""}`;
  box.textContent = `${who}: ${outcome.explanation}`;
}

function showError(text) {
  const box = $("#error");
  box.textContent = text || "";
  box.hidden = !text;
}

function refresh() {
  renderScoreboard();
  renderRounds();
  renderStatus();
  renderHint();
  draw();
}

// -- turns -----------------------------------------------------------------------------------------------------
function setPhase(phase) {
  page.phase = phase;
  window.crokinole.phase = phase;
  refresh();
}

async function playShow(res) {
  const frames = decodeFrames(res.frames);
  setPhase("replay");
  page.framesDrawn = 0;
  let last = [];
  await animate(replayLength(frames), (t) => {
    last = snapshot(frames, t);
    page.overlay = last;
    page.framesDrawn += 1;
    window.crokinole.framesDrawn = page.framesDrawn;
    draw();
  });
  await settle(last.filter((d) => (d.alpha ?? 1) === 1), res);
}

/** After the motion: penalised and out-of-play discs leave; discs a shot-only foul puts back slide home. */
async function settle(endDiscs, res) {
  const outcome = res.outcome;
  const gone = new Set([...outcome.removed, ...outcome.out, ...outcome.dropped]);
  const foul = new Set(outcome.removed);
  const target = outcome.round_over ? endDiscs.filter((d) => !gone.has(d.id)) : res.match.state.discs;
  const from = new Map(endDiscs.map((d) => [d.id, d]));
  const to = new Map(target.map((d) => [d.id, d]));
  page.match = { ...res.match, state: { ...res.match.state, discs: target } };
  showOutcome(outcome);
  refresh();
  // A foul's penalised discs stay marked in red for a moment before they leave, so the penalty can be seen.
  const seconds = foul.size ? FOUL_SETTLE_S : SETTLE_S;
  await animate(seconds, (t) => {
    const u = t / seconds;
    const discs = [];
    for (const d of endDiscs) {
      const end = to.get(d.id);
      if (end) discs.push({ ...d, x: d.x + (end.x - d.x) * u, y: d.y + (end.y - d.y) * u });
      else if (foul.has(d.id)) discs.push({ ...d, alpha: Math.min(1, 2.5 * (1 - u)), foul: true });
      else discs.push({ ...d, alpha: 1 - u, scale: 1 + 0.3 * u });
    }
    for (const d of target) if (!from.has(d.id)) discs.push({ ...d, alpha: u });
    page.overlay = discs;
    draw();
  });
  page.overlay = null;
  page.match = res.match;
  if (outcome.round_over) await roundSummary(outcome.round, target);
}

function roundSummary(round, endDiscs) {
  // While the summary shows, the board and the scoreboard show the round as it ended.
  page.match = { ...page.match, round_points: round.points, state: { ...page.match.state, discs: endDiscs } };
  setPhase("summary");
  const dialog = $("#round-dialog");
  $("#round-title").textContent = `Round ${page.match.rounds.length} is over`;
  $("#round-summary").textContent = round.summary;
  $("#round-next").textContent = page.match.over ? "See the result" : "Next round";
  return new Promise((resolve) => {
    dialog.addEventListener(
      "close",
      () => {
        resolve();
      },
      { once: true },
    );
    dialog.showModal();
  });
}

async function next() {
  const m = await reload();
  showError("");
  if (m.over) {
    setPhase("over");
    return;
  }
  if (humanToShoot()) {
    page.aim = { angle: 0, power: 0 };
    setPhase("aim");
    return;
  }
  setPhase("thinking");
  try {
    const res = await postJSON(`/api/matches/${page.id}/computer`, { expect_shots: m.shots });
    await playShow(res);
  } catch (err) {
    showError(`The computer could not play: ${err.message}`);
    setPhase("error");
    return;
  }
  next();
}

async function reload() {
  page.match = await getJSON(`/api/matches/${page.id}`);
  window.crokinole.match = page.match;
  return page.match;
}

async function flick() {
  if (page.phase !== "aim") return;
  const p = shooter();
  const shot = {
    spot: page.spot[p.index] ?? 0,
    angle: page.aim.angle,
    speed: speedOf(page.board, page.aim.power),
    expect_shots: page.match.shots,
  };
  setPhase("sending");
  let res;
  try {
    res = await postJSON(`/api/matches/${page.id}/shots`, shot);
  } catch (err) {
    showError(err.message);
    page.aim = { angle: page.aim.angle, power: 0 };
    setPhase("aim");
    return;
  }
  showError("");
  await playShow(res);
  next();
}

// -- start -----------------------------------------------------------------------------------------------------
window.crokinole = {
  phase: "loading",
  framesDrawn: 0,
  match: null,
  /** Client pixel position of a board point (for tests and accessibility tools). */
  toClient: (x, y) => page.view.toClient(x, y),
  /** Where the disc to shoot sits now, in client pixels. */
  pendingClient: () => {
    const d = pendingDisc();
    return d ? page.view.toClient(d.x, d.y) : null;
  },
  aim: () => ({ ...page.aim, spot: shooter() ? page.spot[shooter().index] ?? 0 : null }),
  /** The discs as drawn now (board mm): during a replay these are the replayed positions. */
  discs: () => (page.overlay || page.match.state.discs).map((d) => ({ id: d.id, x: d.x, y: d.y })),
  /** CSS pixels per board mm. */
  scale: () => page.view.scale,
};

async function start() {
  try {
    await reload();
    page.board = await getJSON(`/api/boards/${page.match.game.board}`);
  } catch (err) {
    showError(`Could not load the match: ${err.message}`);
    return;
  }
  page.view = new View(canvas, page.board);
  new ResizeObserver(() => draw()).observe(canvas);
  new Controls(canvas, {
    get view() {
      return page.view;
    },
    board: page.board,
    active: () => page.phase === "aim",
    seat: () => shooter().seat,
    spot: () => page.spot[shooter().index] ?? 0,
    setSpot: (s) => {
      page.spot[shooter().index] = s;
      renderHint();
      draw();
    },
    aim: () => page.aim,
    setAim: (a) => {
      page.aim = a;
      renderHint();
      draw();
    },
    defaultPower: () => DEFAULT_POWER,
    flick,
    cancel: () => {
      page.aim = { angle: page.aim.angle, power: 0 };
      renderHint();
      draw();
    },
  });
  $("#round-next").addEventListener("click", () => $("#round-dialog").close());
  showOutcome(page.match.last_shot);
  next();
}

start();
