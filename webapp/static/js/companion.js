// The companion page for a real board: photos in, the calls drawn on them, one-tap fixes, advice, rounds.
// State lives in one place (`page.data`, the server's JSON); every draw is a function of it.
import { deleteJSON, getJSON, postForm, postJSON } from "./api.js";
import { View } from "./view.js";
import { render } from "./render.js";

const $ = (sel) => document.querySelector(sel);
const matchId = Number(document.body.dataset.matchId);
const page = { data: null, mode: "points", advice: null, pick: 0, markers: null, drag: null, taps: [], images: new Map() };
window.companion = { phase: "loading", data: null, advice: null, busy: false };

const UNSURE = "#ffb000";
const TOOL_HELP = {
  points: "Tap a disc to cycle its points (0, 5, 10, 15, 20).",
  team: "Tap a disc to give it to the other team.",
  remove: "Tap a disc that is not really there to remove it.",
  add: "Tap the centre of a disc the camera missed; it joins the team about to shoot (tap it again in Change team to swap).",
  teams: "Tap one disc of the team sitting at the bottom of the photo, then one disc of the other team.",
  markers: "Drag the hole (yellow) and peg (red) markers onto the real ones, then press Calibrate.",
};

function setPhase(phase) {
  window.companion.phase = phase;
}

function showError(message) {
  $("#c-error").textContent = message || "";
  $("#c-error").hidden = !message;
}

function showMessage(message) {
  $("#c-message").textContent = message || "";
  $("#c-message").hidden = !message;
}

const expect = () => page.data.frames_saved;
const api = (path) => `/api/companion/${matchId}${path}`;

/** The photo the page shows: the round's last one, or the set-up photo before the first shot. */
function shown() {
  const d = page.data;
  if (d.frames.length) return d.frames[d.frames.length - 1];
  return d.rounds.length ? null : d.setup;
}

const setupPhase = () => page.data.frames.length === 0 && page.data.rounds.length === 0;

function teamHex(t) {
  const d = page.data;
  if (d.teams) return d.teams[t].hex;
  return ["#f08a24", "#8e4fc2"][t];
}

// -- the scoreboard --------------------------------------------------------------------------------------------

function scoreboard() {
  const d = page.data;
  const box = $("#c-scoreboard");
  box.replaceChildren();
  d.names.forEach((name, t) => {
    const card = document.createElement("div");
    card.className = `team${d.to_shoot_team === t ? " turn" : ""}`;
    card.dataset.team = String(t);
    card.style.setProperty("--team", teamHex(t));
    card.innerHTML = `<span class="swatch"></span><span class="name"></span><span class="score"></span>
      <span class="info"><span class="round-points"></span><span class="twenties">20s <button type="button" class="tw-minus" aria-label="one 20 fewer">-</button>
      <b class="tw-count"></b> <button type="button" class="tw-plus" aria-label="one 20 more">+</button></span></span>`;
    card.querySelector(".name").textContent = name;
    card.querySelector(".name").insertAdjacentHTML("beforeend", "<small>match score</small>");
    card.querySelector(".score").textContent = String(d.match_scores[t]);
    card.querySelector(".round-points").textContent = `${d.points[t]} this round`;
    card.querySelector(".tw-count").textContent = String(d.twenties[t]);
    card.querySelector(".tw-minus").addEventListener("click", () => act(api("/twenties"), { team: t, delta: -1, expect_frames: expect() }));
    card.querySelector(".tw-plus").addEventListener("click", () => act(api("/twenties"), { team: t, delta: 1, expect_frames: expect() }));
    box.append(card);
  });
  const status = $("#c-status");
  if (d.over) {
    status.textContent = d.winner === null ? "The match is over: a draw." : `The match is over: ${d.names[d.winner]} won.`;
  } else if (d.round_full) {
    status.textContent = `Round ${d.round_no + 1}: every disc is shot. End the round to score it.`;
  } else {
    const who = d.game.players[d.to_shoot];
    const team = d.names[d.to_shoot_team];
    const seat = d.game.players.length > 2 ? ` (${who.seat} seat)` : "";
    status.textContent = `Round ${d.round_no + 1}, shot ${d.shots + 1} of ${d.shots_per_round}: ${team}${seat} to shoot.`;
  }
  status.style.setProperty("--team", d.to_shoot_team === null ? "#b4540c" : teamHex(d.to_shoot_team));
}

// -- the photo and what is drawn on it --------------------------------------------------------------------------

function image(url) {
  if (!page.images.has(url)) {
    const img = new Image();
    img.decoding = "async";
    const ready = new Promise((resolve, reject) => {
      img.onload = () => resolve(img);
      img.onerror = () => reject(new Error("the photo could not be shown"));
    });
    img.src = url;
    page.images.set(url, ready);
  }
  return page.images.get(url);
}

function photoScale(frame) {
  const canvas = $("#photo");
  const [w, h] = frame.calibration.size;
  const cssW = canvas.parentElement.clientWidth;
  return { w, h, k: cssW / w, cssW, cssH: (cssW * h) / w };
}

function poly(ctx, pts, close) {
  ctx.beginPath();
  pts.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
  if (close) ctx.closePath();
}

async function drawPhoto() {
  const frame = shown();
  $("#photo-card").hidden = !frame;
  if (!frame) return;
  const img = await image(frame.photo);
  const canvas = $("#photo");
  const s = photoScale(frame);
  const dpr = window.devicePixelRatio || 1;
  canvas.style.height = `${s.cssH}px`;
  canvas.width = Math.round(s.cssW * dpr);
  canvas.height = Math.round(s.cssH * dpr);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(s.k * dpr, 0, 0, s.k * dpr, 0, 0);
  ctx.drawImage(img, 0, 0, s.w, s.h);
  const lw = 1 / s.k; // one CSS pixel in photo pixels
  const setup = setupPhase();
  if (setup || page.mode === "markers") {
    ctx.strokeStyle = "rgba(60, 230, 60, 0.9)";
    ctx.lineWidth = 2 * lw;
    for (const ring of Object.values(frame.calibration.rings)) {
      poly(ctx, ring, true);
      ctx.stroke();
    }
  }
  for (const patch of frame.look) { // a disc may be unseen there: glare, or an outline not counted
    poly(ctx, patch, true);
    ctx.setLineDash([10 * lw, 8 * lw]);
    ctx.lineWidth = 2.5 * lw;
    ctx.strokeStyle = UNSURE;
    ctx.stroke();
    ctx.setLineDash([]);
  }
  for (const d of frame.discs) drawDisc(ctx, d, lw);
  if (page.advice) drawAdviceOnPhoto(ctx, lw);
  if (page.mode === "markers" && page.markers) {
    page.markers.forEach(([x, y], i) => {
      ctx.beginPath();
      ctx.arc(x, y, 9 * lw, 0, 2 * Math.PI);
      ctx.fillStyle = i === 0 ? "rgba(255, 200, 0, 0.85)" : "rgba(230, 30, 30, 0.85)";
      ctx.fill();
      ctx.lineWidth = 2 * lw;
      ctx.strokeStyle = "#fff";
      ctx.stroke();
    });
  }
  page.taps.forEach(([x, y], t) => {
    ctx.beginPath();
    ctx.arc(x, y, 14 * lw, 0, 2 * Math.PI);
    ctx.lineWidth = 4 * lw;
    ctx.strokeStyle = t === 0 ? "#fff" : "#000";
    ctx.stroke();
  });
}

function drawDisc(ctx, d, lw) {
  const colour = teamHex(d.team);
  const [r8, g8, b8] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  const light = 0.299 * r8 + 0.587 * g8 + 0.114 * b8 > 150;
  poly(ctx, d.outline, true);
  ctx.lineWidth = 5 * lw;
  ctx.strokeStyle = light ? "rgba(0,0,0,0.85)" : "rgba(255,255,255,0.85)"; // a halo that shows on any team colour
  ctx.stroke();
  ctx.lineWidth = 3 * lw;
  ctx.strokeStyle = colour;
  ctx.stroke();
  const [cx, cy] = d.px;
  const r = Math.max(...d.outline.map(([x, y]) => Math.hypot(x - cx, y - cy)));
  if (d.uncertain) {
    ctx.beginPath();
    ctx.arc(cx, cy, r * 1.35, 0, 2 * Math.PI);
    ctx.setLineDash([6 * lw, 4 * lw]);
    ctx.lineWidth = 3 * lw;
    ctx.strokeStyle = UNSURE;
    ctx.stroke();
    ctx.setLineDash([]);
  }
  if (d.moved || d.shot) {
    ctx.beginPath();
    ctx.arc(cx, cy, r * 1.2, 0, 2 * Math.PI);
    ctx.lineWidth = (d.shot ? 4 : 2.5) * lw;
    ctx.strokeStyle = d.shot ? "#00e0ff" : "#ffffff";
    ctx.stroke();
  }
  if (d.remove) {
    const k = r * 0.8;
    ctx.beginPath();
    ctx.moveTo(cx - k, cy - k);
    ctx.lineTo(cx + k, cy + k);
    ctx.moveTo(cx - k, cy + k);
    ctx.lineTo(cx + k, cy - k);
    ctx.lineWidth = 5 * lw;
    ctx.strokeStyle = "#e01010";
    ctx.stroke();
  }
  const label = `${d.points}${d.uncertain ? "?" : ""}`;
  ctx.font = `700 ${15 * lw}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.lineWidth = 4 * lw;
  ctx.strokeStyle = "rgba(0,0,0,0.8)";
  ctx.strokeText(label, cx, cy);
  ctx.fillStyle = "#fff";
  ctx.fillText(label, cx, cy);
}

function arrow(ctx, pts, lw, colour) {
  if (pts.length < 2) return;
  poly(ctx, pts, false);
  ctx.lineWidth = 3 * lw;
  ctx.strokeStyle = colour;
  ctx.setLineDash([8 * lw, 5 * lw]);
  ctx.stroke();
  ctx.setLineDash([]);
  const [x1, y1] = pts[pts.length - 1];
  ctx.beginPath();
  ctx.arc(x1, y1, 6 * lw, 0, 2 * Math.PI);
  ctx.fillStyle = colour;
  ctx.fill();
}

function drawAdviceOnPhoto(ctx, lw) {
  const s = page.advice.suggestions[page.pick];
  if (!s || !s.path_px || page.advice.photo !== shown().seq) return;
  for (const p of Object.values(s.others_px || {})) arrow(ctx, p, lw, "rgba(255,255,255,0.9)");
  arrow(ctx, s.path_px, lw, "#00e0ff");
  const [x, y] = s.start_px;
  ctx.beginPath();
  ctx.arc(x, y, 10 * lw, 0, 2 * Math.PI);
  ctx.lineWidth = 4 * lw;
  ctx.strokeStyle = "#00e0ff";
  ctx.stroke();
}

// -- the clean top-down board -----------------------------------------------------------------------------------

function drawTopdown() {
  const d = page.data;
  const canvas = $("#topdown");
  const view = new View(canvas, d.board);
  const ctx = canvas.getContext("2d");
  const seats = d.game.players.map((p) => ({ seat: p.seat, colour: p.colour, active: p.index === d.to_shoot }));
  render(ctx, view, { seats, fifteenGlow: false, discs: [], pending: null });
  view.apply(ctx);
  const frame = d.frames.length ? d.frames[d.frames.length - 1] : null;
  for (const disc of frame ? frame.discs : []) {
    if (disc.points === 0 || disc.points === 20 || disc.remove) continue;
    ctx.beginPath();
    ctx.arc(disc.x_mm, disc.y_mm, d.board.disc_r, 0, 2 * Math.PI);
    ctx.fillStyle = teamHex(disc.team);
    ctx.fill();
    ctx.lineWidth = view.px(1.5);
    ctx.strokeStyle = "rgba(0,0,0,0.6)";
    ctx.stroke();
  }
  const s = page.advice && page.advice.suggestions[page.pick];
  if (!s) return;
  const line = (pts, colour) => {
    if (pts.length < 2) return;
    ctx.beginPath();
    pts.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.lineWidth = view.px(3);
    ctx.strokeStyle = colour;
    ctx.setLineDash([view.px(8), view.px(5)]);
    ctx.stroke();
    ctx.setLineDash([]);
  };
  for (const p of Object.values(s.others)) line(p, "rgba(255,255,255,0.95)");
  line(s.path, "#0090c0");
  const end = s.path[s.path.length - 1] || s.start;
  ctx.beginPath();
  ctx.arc(end[0], end[1], d.board.disc_r, 0, 2 * Math.PI);
  ctx.lineWidth = view.px(2.5);
  ctx.strokeStyle = "#0090c0";
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(s.start[0], s.start[1], d.board.disc_r, 0, 2 * Math.PI);
  ctx.fillStyle = "rgba(0, 144, 192, 0.45)";
  ctx.fill();
  ctx.stroke();
}

// -- advice -------------------------------------------------------------------------------------------------------

function adviceText() {
  const box = $("#advice-text");
  const tabs = $("#advice-tabs");
  const a = page.advice;
  box.hidden = tabs.hidden = !a;
  if (!a) return;
  tabs.replaceChildren();
  a.suggestions.forEach((s, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = `tab${i === page.pick ? " on" : ""}`;
    b.textContent = `${i + 1}`;
    b.setAttribute("aria-label", `suggestion ${i + 1}`);
    b.addEventListener("click", () => {
      page.pick = i;
      draw();
    });
    tabs.append(b);
  });
  const s = a.suggestions[page.pick];
  const side = s.spot < -0.15 ? "left of" : s.spot > 0.15 ? "right of" : "the middle of";
  const aim = Math.abs(s.angle) < 0.5 ? "straight in" : `${Math.abs(s.angle).toFixed(1)}° to your ${s.angle > 0 ? "right" : "left"}`;
  box.textContent = `${s.reason[0].toUpperCase()}${s.reason.slice(1)}. Place the disc at the ${side} your line ` +
    `(${(s.spot * 100).toFixed(0)}%), aim ${aim}, power ${(s.power * 100).toFixed(0)}% (${(s.speed / 1000).toFixed(2)} m/s). ` +
    `Works ${(s.chance * 100).toFixed(0)}% of the time; expected ${s.expected_points >= 0 ? "+" : ""}${s.expected_points.toFixed(1)} points.`;
}

async function advise() {
  $("#advise").disabled = true;
  showError("");
  try {
    page.advice = await postJSON(api("/advice"), {});
    page.pick = 0;
    window.companion.advice = page.advice;
  } catch (err) {
    showError(err.message);
  } finally {
    $("#advise").disabled = false;
  }
  draw();
}

// -- the last shot's check ------------------------------------------------------------------------------------------

function checkCard() {
  const d = page.data;
  const frame = d.frames.length ? d.frames[d.frames.length - 1] : null;
  const c = frame && frame.check;
  $("#check-card").hidden = !c;
  if (!c) return;
  const v = $("#verdict");
  v.textContent = `${c.verdict} by ${c.shooter_name}`;
  v.className = `verdict ${c.foul ? "foul" : "fair"}`;
  $("#verdict-why").textContent = `${c.explanation} ${c.note}`;
  const list = $("#verdict-list");
  list.replaceChildren();
  const items = [];
  if (c.moved.length) items.push(`${c.moved.length} disc${c.moved.length > 1 ? "s" : ""} moved (white rings).`);
  if (c.left.length) items.push(`${c.left.length} disc${c.left.length > 1 ? "s" : ""} left the board.`);
  for (const k of c.remove) {
    const disc = frame.discs[k];
    items.push(`Take off the ${d.names[disc.team]} disc marked with a red cross (${disc.points} points).`);
  }
  c.twenties.forEach((n, t) => n && items.push(`${n} twenty for ${d.names[t]}.`));
  for (const text of items) {
    const li = document.createElement("li");
    li.textContent = text;
    list.append(li);
  }
}

// -- rounds -----------------------------------------------------------------------------------------------------------

function rounds() {
  const d = page.data;
  const list = $("#c-rounds");
  list.replaceChildren();
  d.rounds.forEach((r, k) => {
    const li = document.createElement("li");
    li.textContent = `Round ${k + 1}. ${r.summary}`;
    list.append(li);
  });
  $("#end-round").hidden = d.over;
  $("#end-round").className = d.round_full ? "primary" : "secondary";
  $("#export").hidden = !d.over;
  $("#export").href = api("/export");
}

// -- capture ----------------------------------------------------------------------------------------------------------

function captureCard() {
  const d = page.data;
  const setup = setupPhase();
  $("#capture-title").textContent = setup && !d.setup ? "1. Photograph the board" : setup ? "2. Check the board, name the teams" : "After each shot, photograph the board";
  $("#capture-help").textContent = setup
    ? "Take the set-up photo from where you will take the others, with one disc of each team on the board if you can. " +
      "Then check the green rings, move the pegs if they are off, and tap a disc of each team. The first photo after a shot starts the round."
    : `Photo ${d.shots + 1} of the round: take it when the discs have stopped and hands are clear.`;
  $("#undo-photo").hidden = d.frames.length === 0;
  for (const b of document.querySelectorAll(".setup-only")) b.hidden = !setup || !d.setup;
  $("#setup-actions").hidden = !(setup && d.setup);
  $("#apply-markers").hidden = page.mode !== "markers";
  const frame = shown();
  const unsure = frame && frame.discs.filter((d) => d.uncertain).length;
  $("#photo-totals").textContent = frame
    ? `On this photo: ${d.names.map((n, t) => `${n} ${frame.totals[t]}`).join(", ")}` +
      (unsure ? ` (${unsure} call${unsure > 1 ? "s" : ""} to check: amber rings)` : "")
    : "";
  // What the photo as a whole could not tell (the 20 hole, a missed disc, glare): the players look there.
  $("#photo-notes").textContent = frame && frame.notes.length ? `Look at the board: ${frame.notes.join("; ")}.` : "";
  const cal = frame && frame.calibration;
  $("#calib-info").textContent = cal ? `Board found: fit within ${cal.residual_mm} mm${cal.manual ? " (from your markers)" : ""}.` : "";
}

async function upload(form) {
  form.append("expect_frames", String(expect()));
  form.append("kind", setupPhase() && !page.data.setup ? "setup" : "shot");
  $("#busy").hidden = false;
  window.companion.busy = true;
  showError("");
  try {
    page.data = await postForm(api("/photos"), form);
    page.advice = null;
    showMessage("");
  } catch (err) {
    showError(err.message);
  } finally {
    $("#busy").hidden = true;
    window.companion.busy = false;
    $("#photo-input").value = "";
  }
  draw();
}

function pickFile() {
  const file = $("#photo-input").files[0];
  if (!file) return;
  const form = new FormData();
  form.append("photo", file, file.name || "photo.jpg");
  upload(form);
}

async function liveOpen() {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment", width: { ideal: 1920 } } });
    const video = $("#live-video");
    video.srcObject = stream;
    await video.play();
    $("#live").hidden = false;
  } catch (err) {
    showError(`The camera could not be opened (${err.message}). Use "Take or choose a photo" instead.`);
  }
}

function liveClose() {
  const video = $("#live-video");
  if (video.srcObject) video.srcObject.getTracks().forEach((t) => t.stop());
  video.srcObject = null;
  $("#live").hidden = true;
}

function liveShoot() {
  const video = $("#live-video");
  const c = document.createElement("canvas");
  c.width = video.videoWidth;
  c.height = video.videoHeight;
  c.getContext("2d").drawImage(video, 0, 0);
  c.toBlob((blob) => {
    const form = new FormData();
    form.append("photo", blob, "live.jpg");
    upload(form);
  }, "image/jpeg", 0.92);
}

function boardCamera() {
  const form = new FormData();
  form.append("source", "camera");
  upload(form);
}

// -- taps on the photo ------------------------------------------------------------------------------------------------

function photoPoint(event) {
  const rect = $("#photo").getBoundingClientRect();
  const frame = shown();
  const k = frame.calibration.size[0] / rect.width;
  return [(event.clientX - rect.left) * k, (event.clientY - rect.top) * k];
}

function discAt(frame, [x, y]) {
  let best = null;
  for (const d of frame.discs) {
    const r = Math.max(...d.outline.map(([u, v]) => Math.hypot(u - d.px[0], v - d.px[1])));
    const dist = Math.hypot(x - d.px[0], y - d.px[1]);
    if (dist <= r * 1.1 && (!best || dist < best.dist)) best = { d, dist };
  }
  return best && best.d;
}

async function act(url, body) {
  showError("");
  try {
    const before = page.data;
    page.data = await postJSON(url, body);
    if (page.data.round_no !== before.round_no || page.data.frames_saved !== before.frames_saved) page.advice = null;
  } catch (err) {
    showError(err.message);
  }
  draw();
}

function onPhotoDown(event) {
  const frame = shown();
  if (!frame || window.companion.busy) return;
  const p = photoPoint(event);
  if (page.mode === "markers") {
    const k = frame.calibration.size[0] / $("#photo").getBoundingClientRect().width;
    let best = -1;
    page.markers.forEach(([x, y], i) => {
      if (Math.hypot(x - p[0], y - p[1]) < 24 * k && (best < 0 || Math.hypot(x - p[0], y - p[1]) < Math.hypot(page.markers[best][0] - p[0], page.markers[best][1] - p[1]))) best = i;
    });
    if (best >= 0) {
      page.drag = best;
      $("#photo").setPointerCapture(event.pointerId);
    }
    return;
  }
  const url = api(`/photos/${frame.seq}/corrections`);
  if (page.mode === "teams") {
    page.taps.push(p);
    if (page.taps.length === 2) {
      const taps = page.taps;
      page.taps = [];
      act(api("/teams"), { photo: frame.seq, taps, expect_frames: expect() });
    } else drawPhoto();
    return;
  }
  if (page.mode === "add") {
    const team = page.data.to_shoot_team ?? 0;
    act(url, { action: "add", px: p, team, expect_frames: expect() });
    return;
  }
  const d = discAt(frame, p);
  if (!d) {
    showMessage("No disc there: tap inside a disc's outline (or choose Add a missed disc).");
    return;
  }
  const action = { points: "cycle", team: "team", remove: "remove" }[page.mode];
  act(url, { action, disc: d.index, expect_frames: expect() });
}

function onPhotoMove(event) {
  if (page.drag === null) return;
  page.markers[page.drag] = photoPoint(event);
  drawPhoto();
}

function onPhotoUp() {
  page.drag = null;
}

function setMode(mode) {
  page.mode = mode;
  page.taps = [];
  const frame = shown();
  page.markers = mode === "markers" && frame ? [frame.calibration.hole, ...frame.calibration.pegs].map((p) => [...p]) : null;
  for (const b of document.querySelectorAll(".tool")) b.classList.toggle("on", b.dataset.mode === mode);
  $("#tool-help").textContent = TOOL_HELP[mode];
  draw();
}

// -- drawing everything ----------------------------------------------------------------------------------------------

function draw() {
  if (!page.data) return;
  window.companion.data = page.data;
  scoreboard();
  captureCard();
  checkCard();
  adviceText();
  rounds();
  drawPhoto().catch((err) => showError(err.message));
  drawTopdown();
  setPhase(setupPhase() ? "setup" : page.data.over ? "over" : "round");
}

async function pollCamera() {
  try {
    const cam = await getJSON("/api/camera");
    $("#board-camera").hidden = !cam.enabled;
    if (cam.enabled && cam.still !== null && cam.still !== page.cameraStill && page.cameraStill !== undefined && !setupPhase()) {
      page.cameraStill = cam.still;
      boardCamera();
    } else page.cameraStill = cam.still;
    if (cam.enabled) setTimeout(pollCamera, 1500);
  } catch {
    /* the camera is optional */
  }
}

async function start() {
  try {
    page.data = await getJSON(api(""));
  } catch (err) {
    showError(err.message);
    return;
  }
  $("#live-open").hidden = !(window.isSecureContext && navigator.mediaDevices && navigator.mediaDevices.getUserMedia);
  $("#photo-input").addEventListener("change", pickFile);
  $("#live-open").addEventListener("click", liveOpen);
  $("#live-close").addEventListener("click", liveClose);
  $("#live-shoot").addEventListener("click", liveShoot);
  $("#board-camera").addEventListener("click", boardCamera);
  $("#undo-photo").addEventListener("click", async () => {
    const last = page.data.frames[page.data.frames.length - 1];
    showError("");
    try {
      await deleteJSON(api(`/photos/${last.seq}`));
      page.data = await getJSON(api(""));
    } catch (err) {
      showError(err.message);
    }
    draw();
  });
  $("#advise").addEventListener("click", advise);
  $("#end-round").addEventListener("click", () => act(api("/end-round"), { expect_frames: expect() }));
  $("#apply-markers").addEventListener("click", async () => {
    await act(api(`/photos/${shown().seq}/calibration`), { points: page.markers, expect_frames: expect() });
    setMode("points");
  });
  for (const b of document.querySelectorAll(".tool")) b.addEventListener("click", () => setMode(b.dataset.mode));
  const canvas = $("#photo");
  canvas.addEventListener("pointerdown", onPhotoDown);
  canvas.addEventListener("pointermove", onPhotoMove);
  canvas.addEventListener("pointerup", onPhotoUp);
  window.addEventListener("resize", draw);
  setMode(setupPhase() && page.data.setup && !page.data.teams ? "teams" : "points");
  pollCamera();
}

start();
