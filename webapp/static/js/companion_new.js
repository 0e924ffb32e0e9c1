// New companion match: board, rules and seating, then on to the set-up page.
import { postJSON } from "./api.js";

const $ = (sel) => document.querySelector(sel);

$("#new-companion").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("#start").disabled = true;
  try {
    const m = await postJSON("/api/companion", { board: $("#board-choice").value, rules: $("#rules").value, mode: $("#mode").value });
    window.location.href = `/companion/${m.id}`;
  } catch (err) {
    $("#form-error").textContent = err.message;
    $("#form-error").hidden = false;
    $("#start").disabled = false;
  }
});
$("#start").disabled = false; // shipped disabled: a click before the handler exists would send a plain GET
