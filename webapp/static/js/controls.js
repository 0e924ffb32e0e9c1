// Input only: pointer and keyboard events become intentions (slide the disc, aim, flick, cancel).
// The page owns the state; this module reads the shooter's seat and spot through callbacks.
import { angleOf, cancelPull, fullPull, nearestSpot, spotPosition } from "./geometry.js";

const DECIDE_PX = 6; // movement before a press on the disc counts as a slide or a pull
const KEY_STEPS = { spot: [0.04, 0.01], angle: [1, 0.2], power: [0.02, 0.005] };

export class Controls {
  /**
   * host: {view, board, seat(), spot(), setSpot(s), aim(), setAim({angle, power}), flick(), cancel(), active()}
   */
  constructor(canvas, host) {
    this.canvas = canvas;
    this.host = host;
    this.drag = null;
    canvas.addEventListener("pointerdown", (e) => this.down(e));
    canvas.addEventListener("pointermove", (e) => this.move(e));
    canvas.addEventListener("pointerup", (e) => this.up(e));
    canvas.addEventListener("pointercancel", () => this.abort());
    window.addEventListener("keydown", (e) => this.key(e));
  }

  down(e) {
    if (!this.host.active() || this.drag) return;
    const h = this.host;
    const p = h.view.toBoard(e.clientX, e.clientY);
    const d = spotPosition(h.board, h.seat(), h.spot());
    const grab = Math.max(h.board.disc_r * 1.5, h.view.px(24));
    const onDisc = Math.hypot(p.x - d.x, p.y - d.y) <= grab;
    this.drag = { id: e.pointerId, start: p, startPx: { x: e.clientX, y: e.clientY }, mode: onDisc ? "undecided" : "aim" };
    this.canvas.setPointerCapture(e.pointerId);
    e.preventDefault();
  }

  move(e) {
    const drag = this.drag;
    if (!drag || e.pointerId !== drag.id) return;
    const h = this.host;
    const p = h.view.toBoard(e.clientX, e.clientY);
    if (drag.mode === "undecided") {
      if (Math.hypot(e.clientX - drag.startPx.x, e.clientY - drag.startPx.y) < DECIDE_PX) return;
      // Along the line slides; away from it pulls back to aim.
      const a = Math.atan2(drag.start.y, drag.start.x);
      const mx = p.x - drag.start.x;
      const my = p.y - drag.start.y;
      const along = Math.abs(-Math.sin(a) * mx + Math.cos(a) * my);
      const across = Math.abs(Math.cos(a) * mx + Math.sin(a) * my);
      drag.mode = along > 1.5 * across ? "slide" : "aim";
    }
    if (drag.mode === "slide") {
      h.setSpot(nearestSpot(h.board, h.seat(), p.x, p.y));
    } else if (drag.mode === "aim") {
      h.setAim(this.pullToAim(drag.start, p));
    }
  }

  pullToAim(from, to) {
    const h = this.host;
    const px = to.x - from.x;
    const py = to.y - from.y;
    const pull = Math.hypot(px, py);
    if (pull < cancelPull(h.board)) return { angle: h.aim().angle, power: 0 };
    const max = h.board.max_angle_deg;
    const angle = Math.max(-max, Math.min(max, angleOf(h.board, h.seat(), Math.atan2(-py, -px))));
    return { angle, power: Math.min(1, pull / fullPull(h.board)) };
  }

  up(e) {
    const drag = this.drag;
    if (!drag || e.pointerId !== drag.id) return;
    this.drag = null;
    if (drag.mode === "aim") {
      if (this.host.aim().power > 0) this.host.flick();
      else this.host.cancel();
    }
  }

  abort() {
    if (this.drag && this.drag.mode === "aim") this.host.cancel();
    this.drag = null;
  }

  key(e) {
    if (!this.host.active() || this.drag) return;
    if (e.target instanceof HTMLElement && e.target.closest("input, select, textarea, button, dialog")) return;
    const h = this.host;
    const fine = e.shiftKey ? 1 : 0;
    // Screen sense for the bottom and top seats (A moves the disc left on the screen); the shooter's own sense
    // for the side seats.
    const seatAngle = h.board.seats[h.seat()].angle;
    const sense = Math.abs(Math.sin(seatAngle)) > 0.5 ? -Math.sign(Math.sin(seatAngle)) : 1;
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const aim = h.aim();
    const max = h.board.max_angle_deg;
    switch (k) {
      case "a":
      case "q":
        h.setSpot(Math.max(-1, Math.min(1, h.spot() - sense * KEY_STEPS.spot[fine])));
        break;
      case "d":
      case "e":
        h.setSpot(Math.max(-1, Math.min(1, h.spot() + sense * KEY_STEPS.spot[fine])));
        break;
      case "ArrowLeft":
      case "ArrowRight": {
        const dir = k === "ArrowRight" ? 1 : -1;
        const angle = Math.max(-max, Math.min(max, aim.angle + dir * sense * KEY_STEPS.angle[fine]));
        h.setAim({ angle, power: aim.power || h.defaultPower() });
        break;
      }
      case "ArrowUp":
      case "ArrowDown": {
        const dir = k === "ArrowUp" ? 1 : -1;
        const base = aim.power || h.defaultPower();
        h.setAim({ angle: aim.angle, power: Math.max(0, Math.min(1, base + dir * KEY_STEPS.power[fine])) });
        break;
      }
      case " ":
      case "Enter":
        if (aim.power > 0) h.flick();
        else h.setAim({ angle: aim.angle, power: h.defaultPower() });
        break;
      default:
        return;
    }
    e.preventDefault();
  }
}
