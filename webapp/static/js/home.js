// The home page: settings for a new match, and the saved matches to resume or review.
import { deleteJSON, getJSON, postJSON } from "./api.js";
import { teamColour, title } from "./colours.js";

const $ = (sel) => document.querySelector(sel);
const form = $("#new-match");
let options = null;

const SEATING = {
  computer: { mode: "singles", humans: 1 },
  two: { mode: "singles", humans: 2 },
  doubles: { mode: "doubles", humans: 2 },
  "2v1": { mode: "2v1", humans: 2 },
  three: { mode: "three", humans: 3 },
};

function presetDefaults() {
  const rules = options.rules[$("#rules").value];
  $("#discs").value = rules.discs_per_player;
  $("#format").value = rules.match_format === "rounds" ? `rounds:${rules.target}` : `points:${rules.target}`;
  if (!$("#format").value) $("#format").value = "points:100";
  syncForm();
}

function syncForm() {
  const who = form.elements.who.value;
  form.querySelector(".level").hidden = who !== "computer";
  $(".custom-target").hidden = $("#format").value !== "points:custom";
  const singles = SEATING[who].mode === "singles";
  $("#discs").disabled = !singles;
  $("#discs-note").hidden = singles;
}

function knobs() {
  const preset = options.rules[$("#rules").value];
  const [fmt, amount] = $("#format").value.split(":");
  const wanted = {
    match_format: fmt,
    target: amount === "custom" ? Number($("#target").value) : Number(amount),
    foul_removal: $("#foul_removal").value || preset.foul_removal,
    no_hiding: $("#no_hiding").value || preset.no_hiding,
  };
  if (!$("#discs").disabled) wanted.discs_per_player = Number($("#discs").value);
  // Only what differs from the preset, so a plain preset keeps its plain name.
  return Object.fromEntries(Object.entries(wanted).filter(([k, v]) => preset[k] !== v));
}

function showError(message) {
  $("#form-error").textContent = message;
  $("#form-error").hidden = false;
}

async function submit(event) {
  event.preventDefault();
  const who = form.elements.who.value;
  const seating = SEATING[who];
  const teams = options.modes[seating.mode].teams;
  const controllers = Array.from({ length: teams }, (_, t) => (t < seating.humans ? "human" : $("#level").value));
  const body = { board: $("#board-choice").value, rules: $("#rules").value, mode: seating.mode, knobs: knobs(), controllers };
  $("#start").disabled = true;
  try {
    const match = await postJSON("/api/matches", body);
    window.location.href = `/play/${match.id}`;
  } catch (err) {
    showError(err.message);
    $("#start").disabled = false;
  }
}

function describePlayers(m) {
  return m.teams
    .map((team, t) => {
      const c = m.controllers[t];
      if (c === "board") return `${title(team)} (real board)`;
      return `${title(team)}${c === "human" ? "" : ` (computer ${c.replace(/^ai:/, "")})`}`;
    })
    .join(" v ");
}

function cell(text, cls) {
  const td = document.createElement("td");
  if (cls) td.className = cls;
  td.append(text);
  return td;
}

async function loadMatches() {
  const body = $("#match-list");
  let data;
  try {
    data = await getJSON("/api/matches?limit=50");
  } catch (err) {
    body.replaceChildren();
    body.insertAdjacentHTML("beforeend", '<tr><td colspan="6" class="error"></td></tr>');
    body.querySelector("td").textContent = err.message;
    return;
  }
  body.replaceChildren();
  if (data.matches.length === 0) {
    body.insertAdjacentHTML("beforeend", '<tr><td colspan="6">No matches yet.</td></tr>');
    return;
  }
  for (const m of data.matches) {
    const tr = document.createElement("tr");
    const score = document.createElement("span");
    m.teams.forEach((team, t) => {
      const s = document.createElement("b");
      s.style.color = teamColour(team).text;
      s.textContent = String(m.match_scores[t]);
      if (t) score.append(" - ");
      score.append(s);
    });
    const status = m.over ? (m.winner === null ? "draw" : `${title(m.teams[m.winner])} won`) : `round ${m.round_no + 1}`;
    const link = document.createElement("a");
    link.href = m.controllers[0] === "board" ? `/companion/${m.id}` : `/play/${m.id}`;
    link.className = "button";
    link.textContent = m.over ? "Review" : "Resume";
    const del = document.createElement("button");
    del.type = "button";
    del.className = "link";
    del.textContent = "Delete";
    del.addEventListener("click", async () => {
      if (!window.confirm(`Delete match ${m.id}?`)) return;
      await deleteJSON(`/api/matches/${m.id}`);
      loadMatches();
    });
    const actions = document.createElement("td");
    actions.className = "actions";
    actions.append(link, " ", del);
    tr.append(
      cell(String(m.id)),
      cell(describePlayers(m)),
      cell(score),
      cell(status),
      cell(new Date(m.updated).toLocaleString()),
      actions,
    );
    body.append(tr);
  }
}

async function start() {
  options = await getJSON("/api/options");
  const level = $("#level");
  for (const c of options.controllers.filter((c) => c.spec !== "human")) {
    const opt = document.createElement("option");
    opt.value = c.spec;
    opt.textContent = c.label;
    level.append(opt);
  }
  const medium = options.controllers.find((c) => c.spec === "ai:medium");
  if (medium) level.value = medium.spec;
  form.addEventListener("change", (e) => (e.target.id === "rules" ? presetDefaults() : syncForm()));
  form.addEventListener("submit", submit);
  presetDefaults();
  // Shipped disabled: a choice made before this point would be reset above, and a click would send a plain GET.
  for (const el of form.querySelectorAll("fieldset, #start")) el.disabled = false;
  loadMatches();
}

start().catch((err) => showError(`Cannot load the game options: ${err.message}`));
